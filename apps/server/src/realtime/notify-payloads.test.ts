import type { RealtimeEvent } from '@rally/shared/realtime';
import { describe, expect, it } from 'vitest';
import {
  MAX_NOTIFY_PAYLOAD_BYTES,
  notifyPayloadsOf,
  packNotifyPayloads,
  parseNotifyPayload,
} from './notify-payloads.ts';

const event = (n: number, payload?: unknown): RealtimeEvent => ({
  topic: `program:00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  kind: 'event.updated',
  ids: [String(n)],
  version: n,
  ...(payload === undefined ? {} : { payload }),
});

describe('packNotifyPayloads', () => {
  it('packs events in order into as few payloads as fit under 7,900 bytes', () => {
    const events = Array.from({ length: 200 }, (_, i) => event(i));
    const payloads = packNotifyPayloads(events);
    const oneEventBytes = Buffer.byteLength(JSON.stringify(events[0]));
    const perPayload = Math.floor((MAX_NOTIFY_PAYLOAD_BYTES - 2) / (oneEventBytes + 1));
    expect(payloads).toHaveLength(Math.ceil(200 / perPayload));
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7900);
    expect(payloads.flatMap((p) => parseNotifyPayload(p) ?? [])).toEqual(events);
  });

  it('counts bytes, not characters (UTF-8 names in payloads)', () => {
    const name = 'ಕನ್ನಡ'.repeat(100); // 3 bytes per character
    const events = Array.from({ length: 20 }, (_, i) => event(i, { name }));
    const payloads = packNotifyPayloads(events);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7900);
    expect(payloads.flatMap((p) => parseNotifyPayload(p) ?? [])).toEqual(events);
  });

  it('sends an event whose payload alone is too big without its payload', () => {
    const big = event(1, { body: 'x'.repeat(10_000) });
    const small = event(2, { body: 'hi' });
    const [only, ...rest] = packNotifyPayloads([big, small]);
    expect(rest).toEqual([]);
    expect(parseNotifyPayload(only)).toEqual([event(1), small]);
  });

  it('packs a burst only as far as it is read, so its first NOTIFY need not wait for the rest', () => {
    let serialised = 0;
    const counted = { toJSON: () => ((serialised += 1), { body: 'Kit list is on the board' }) };
    const events = Array.from({ length: 10_000 }, (_, i) => event(i, counted));
    const payloads = notifyPayloadsOf(events);
    const first = payloads.next();
    const inFirst = parseNotifyPayload(first.value as string)!.length;
    expect(inFirst).toBeGreaterThan(10);
    expect(serialised).toBe(inFirst + 1);
    const rest = [...payloads];
    expect(serialised).toBe(10_000);
    expect([first.value as string, ...rest]).toEqual(packNotifyPayloads(events));
  });

  it('sends nothing for nothing', () => {
    expect(packNotifyPayloads([])).toEqual([]);
  });
});

describe('parseNotifyPayload', () => {
  it('ignores payloads that are not Rally event lists', () => {
    expect(parseNotifyPayload('hello')).toBeNull();
    expect(parseNotifyPayload('{"topic":"x"}')).toBeNull();
    expect(parseNotifyPayload('[{"topic":"x","kind":"nope","ids":[],"version":1}]')).toBeNull();
    expect(parseNotifyPayload(undefined)).toBeNull();
  });
});
