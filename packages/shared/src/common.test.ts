import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  idSchema,
  localDateTimeSchema,
  nameSchema,
  rangeQuerySchema,
  textSchema,
  timeZoneSchema,
} from './common.ts';
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

/** The messages of a failed parse, or [] when it succeeded. */
function messagesOf(
  schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  return schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
}

describe('textSchema', () => {
  const line = textSchema('Title');
  const lines = textSchema('Description', { multiline: true });
  const control = 'Title must not contain control characters such as NUL, tabs or line breaks';
  const broken = 'Title holds a broken character (a lone UTF-16 surrogate)';

  it('takes any well-formed text without control characters: accents, scripts, emoji, ZWJ sequences', () => {
    for (const ok of [
      'Ravi Kumar',
      'Zoë',
      'राहुल',
      '練習',
      '⚽ U12 🏆',
      '👩‍👧',
      'a\u00a0b',
      'x\u200by',
    ]) {
      expect(line.parse(ok)).toBe(ok);
      expect(lines.parse(ok)).toBe(ok);
    }
  });

  it('refuses NUL, other C0 controls, DEL and C1 controls, naming the field', () => {
    for (const bad of [
      'a\u0000b',
      '\u0000',
      'bell\u0007',
      'esc\u001b[0m',
      'us\u001f',
      'del\u007f',
      'nel\u0085',
      'csi\u009b',
    ]) {
      expect(messagesOf(line, bad), JSON.stringify(bad)).toEqual([control]);
      expect(messagesOf(lines, bad), JSON.stringify(bad)).toEqual([
        'Description must not contain control characters other than tabs and line breaks',
      ]);
    }
  });

  it('takes tabs and line breaks only in multi-line text', () => {
    for (const text of ['a\tb', 'one\ntwo', 'one\r\ntwo']) {
      expect(lines.parse(text)).toBe(text);
      expect(messagesOf(line, text)).toEqual([control]);
    }
  });

  it('refuses lone surrogates, high or low, anywhere, and keeps surrogate pairs', () => {
    for (const bad of ['\ud800', 'x\ud83d', '\ude00x', 'a\udfffb', '\ude00\ud83d']) {
      expect(messagesOf(line, bad), JSON.stringify(bad)).toEqual([broken]);
    }
    expect(line.parse('\ud83d\ude00')).toBe('😀');
  });

  it('says a missing field is required and another type is not text', () => {
    expect(messagesOf(line, undefined)).toEqual(['Title is required']);
    expect(messagesOf(line, 42)).toEqual(['Title must be text']);
    expect(messagesOf(line, ['a'])).toEqual(['Title must be text']);
  });

  it('accepts exactly the strings that survive UTF-8 unchanged and hold no control characters', () => {
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
      fc.constantFrom('a', ' ', '\t', '\n', '\ud800', '\udc00', '\ud83d\ude00'),
    );
    const utf8 = (s: string) => new TextDecoder().decode(new TextEncoder().encode(s));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 20 }), (text) => {
        const hasControl = [...text].some((ch) => {
          const c = ch.codePointAt(0) as number;
          return c < 0x20 || (c >= 0x7f && c <= 0x9f);
        });
        expect(line.safeParse(text).success).toBe(utf8(text) === text && !hasControl);
      }),
      { numRuns: 2000 },
    );
  });

  it('runs before trimming, so names are still trimmed and checked for length', () => {
    const name = nameSchema('Name', 5);
    expect(name.parse('  Ravi  ')).toBe('Ravi');
    expect(messagesOf(name, '   ')).toEqual(['Name is required']);
    expect(messagesOf(name, 'Ravi\t')).toEqual([
      'Name must not contain control characters such as NUL, tabs or line breaks',
    ]);
  });
});

describe('idSchema', () => {
  it('reads UUIDs case-insensitively and hands them on in lower case', () => {
    expect(idSchema.parse('0190F3C2-5C4A-7000-8000-00000000000A')).toBe(
      '0190f3c2-5c4a-7000-8000-00000000000a',
    );
    for (const bad of ['0190f3c2-5c4a-7000-8000-00000000000a\u0000', 'x', '']) {
      expect(messagesOf(idSchema, bad)).toEqual(['Must be a valid id']);
    }
  });
});
