import { describe, expect, it } from 'vitest';
import { localDateTimeSchema, rangeQuerySchema, timeZoneSchema } from './common.ts';
import { createEventSchema } from './events.ts';

describe('shared schemas', () => {
  it('accepts IANA zones and refuses others', () => {
    expect(timeZoneSchema.safeParse('Asia/Kolkata').success).toBe(true);
    expect(timeZoneSchema.safeParse('Europe/London').success).toBe(true);
    expect(timeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
    expect(timeZoneSchema.safeParse('IST').success).toBe(false);
  });

  it('takes local date-times that exist, in exactly the form YYYY-MM-DDTHH:mm', () => {
    for (const ok of ['2030-01-31T00:00', '2028-02-29T23:59']) {
      expect(localDateTimeSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      '2030-02-30T10:00',
      '2030-02-29T10:00',
      '2030-04-31T10:00',
      '2030-13-01T10:00',
      '2030-01-01T24:00',
      '2030-01-01T10:60',
      '2030-01-01T10:00Z',
      '2030-01-01T10:00:00',
      'soon',
    ]) {
      const result = localDateTimeSchema.safeParse(bad);
      expect(
        result.error?.issues.map((i) => i.message),
        bad,
      ).toEqual(['Must be a local date-time YYYY-MM-DDTHH:mm']);
    }
  });

  it('refuses inverted or over-long ranges', () => {
    expect(
      rangeQuerySchema.safeParse({ from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' })
        .success,
    ).toBe(false);
    expect(
      rangeQuerySchema.safeParse({ from: '2030-01-01T00:00:00Z', to: '2032-01-01T00:00:00Z' })
        .success,
    ).toBe(false);
    expect(
      rangeQuerySchema.safeParse({ from: '2030-01-01T00:00:00Z', to: '2030-02-01T00:00:00+05:30' })
        .success,
    ).toBe(true);
  });

  it('requires an event to end after it starts', () => {
    const base = { title: 'T', startLocal: '2030-01-01T10:00' };
    expect(createEventSchema.safeParse({ ...base, endLocal: '2030-01-01T09:00' }).success).toBe(
      false,
    );
    expect(createEventSchema.safeParse({ ...base, endLocal: '2030-01-01T11:00' }).data?.kind).toBe(
      'training',
    );
  });
});
