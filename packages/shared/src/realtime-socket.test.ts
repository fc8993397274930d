import { describe, expect, it } from 'vitest';
import { serverFrameSchema } from './realtime';
import { readControlFrame, reconnectDelayMs } from './realtime-socket';

const userId = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

/** Parsed frames, well-formed and not, of every type and none. */
const corpus: unknown[] = [
  { type: 'ready', userId },
  { type: 'ready', userId: null },
  { type: 'ready', userId, extra: 1 },
  { type: 'ready' },
  { type: 'ready', userId: 7 },
  { type: 'ready', userId: undefined },
  { type: 'subscribed', topic: `user:${userId}` },
  { type: 'subscribed', topic: 'anything', note: 'x' },
  { type: 'subscribed' },
  { type: 'subscribed', topic: null },
  { type: 'pong' },
  { type: 'pong', at: 5 },
  { type: 'denied', topic: 'x', code: 'not_found' },
  { type: 'revoked', topic: 'x' },
  { type: 'error', message: 'nope' },
  { type: 'replayed', topic: 'x', seq: 3, truncated: false },
  {
    type: 'event',
    event: { topic: 'x', kind: 'event.updated', ids: ['a'], version: 1 },
  },
  { type: 'PONG' },
  { type: ['pong'] },
  { userId },
  ['pong'],
  'pong',
  null,
  42,
];

describe('readControlFrame', () => {
  it('gives what serverFrameSchema gives for ready, subscribed and pong, and leaves every other value to it', () => {
    for (const json of corpus) {
      const parsed = serverFrameSchema.safeParse(json);
      const isControl =
        parsed.success && ['ready', 'subscribed', 'pong'].includes(parsed.data.type);
      expect(readControlFrame(json), JSON.stringify(json)).toEqual(
        isControl ? parsed.data : undefined,
      );
    }
  });

  it('reads the frames a connection gets with their fields only', () => {
    expect(readControlFrame({ type: 'ready', userId: null, x: 1 })).toEqual({
      type: 'ready',
      userId: null,
    });
    expect(readControlFrame({ type: 'subscribed', topic: 't' })).toEqual({
      type: 'subscribed',
      topic: 't',
    });
    expect(readControlFrame({ type: 'pong' })).toEqual({ type: 'pong' });
    expect(readControlFrame({ type: 'ready' })).toBeUndefined();
    expect(readControlFrame({ type: 'error', message: 'm' })).toBeUndefined();
  });
});

describe('reconnectDelayMs', () => {
  it('backs off 1, 2, 5, then 10 s (DESIGN.md §4)', () => {
    expect([0, 1, 2, 3, 4, 50].map(reconnectDelayMs)).toEqual([
      1000, 2000, 5000, 10_000, 10_000, 10_000,
    ]);
  });
});
