import type { RealtimeEvent } from '@rally/shared/realtime';
import { describe, expect, it } from 'vitest';
import {
  MAX_CHANGED_USERS,
  SessionCache,
  type CachedSession,
  type SessionChangeFeed,
} from './session-cache.ts';

/* The rules of the session cache on their own (docs/decisions/032); across instances: session-cache.test.ts. */

const T0 = Date.UTC(2026, 10, 28, 9);

function sessionOf(userId: string, expiresAt = T0 + 86_400_000): CachedSession {
  return {
    session: {
      id: `s-${userId}`,
      userId,
      lastSeenAt: new Date(T0),
      expiresAt: new Date(expiresAt),
      totpVerifiedAt: null,
    },
    user: {
      id: userId,
      phoneNumber: '+919800000001',
      displayName: 'Asha',
      isGlobalAdmin: false,
      createdAt: new Date(T0),
      updatedAt: new Date(T0),
    },
  };
}

/** A bus stand-in: `deliver` hands events to the cache, `listening` flips its state. */
function fakeFeed() {
  let onEvents: (events: RealtimeEvent[]) => void = () => {};
  let onListening: (isListening: boolean) => void = () => {};
  const feed: SessionChangeFeed = {
    onEvents: (listener) => ((onEvents = listener), () => {}),
    onListeningChange: (listener) => ((onListening = listener), () => {}),
  };
  return {
    feed,
    deliver: (userId: string) =>
      onEvents([{ topic: `user:${userId}`, kind: 'access.changed', ids: [userId], version: 1 }]),
    listening: (isListening: boolean) => onListening(isListening),
  };
}

function listeningCache(maxAgeMs?: number, maxEntries?: number) {
  const cache = new SessionCache(maxAgeMs, maxEntries);
  const bus = fakeFeed();
  cache.follow(bus.feed);
  bus.listening(true);
  return { cache, bus };
}

describe('the session cache', () => {
  it('serves nothing until its bus listens', () => {
    const cache = new SessionCache();
    cache.store(cache.beginRead(), 'h1', sessionOf('u1'), T0);
    expect(cache.get('h1', T0)).toBeUndefined();
    expect(cache.isServing).toBe(false);
  });

  it('serves a stored session, with a user row nobody can change', () => {
    const { cache } = listeningCache();
    cache.store(cache.beginRead(), 'h1', sessionOf('u1'), T0);
    const hit = cache.get('h1', T0 + 1000);
    expect(hit?.user.displayName).toBe('Asha');
    expect(Object.isFrozen(hit?.user)).toBe(true);
  });

  it('drops a user’s sessions when the bus says their access changed', () => {
    const { cache, bus } = listeningCache();
    cache.store(cache.beginRead(), 'h1', sessionOf('u1'), T0);
    cache.store(cache.beginRead(), 'h2', sessionOf('u1'), T0);
    cache.store(cache.beginRead(), 'h3', sessionOf('u2'), T0);
    bus.deliver('u1');
    expect(cache.get('h1', T0)).toBeUndefined();
    expect(cache.get('h2', T0)).toBeUndefined();
    expect(cache.get('h3', T0)).toBeDefined();
  });

  it('does not keep a read that began before its user changed, and keeps one that began after', () => {
    const { cache, bus } = listeningCache();
    const before = cache.beginRead();
    bus.deliver('u1');
    cache.store(before, 'h1', sessionOf('u1'), T0);
    expect(cache.get('h1', T0)).toBeUndefined();

    const otherUser = cache.beginRead();
    bus.deliver('u2');
    cache.store(otherUser, 'h1', sessionOf('u1'), T0);
    expect(cache.get('h1', T0)).toBeDefined();

    bus.deliver('u1');
    const after = cache.beginRead();
    cache.store(after, 'h1', sessionOf('u1'), T0);
    expect(cache.get('h1', T0)).toBeDefined();
  });

  it('empties itself and keeps no read in flight when the bus stops or starts listening', () => {
    const { cache, bus } = listeningCache();
    cache.store(cache.beginRead(), 'h1', sessionOf('u1'), T0);
    const inFlight = cache.beginRead();
    bus.listening(false);
    expect(cache.get('h1', T0)).toBeUndefined();
    cache.store(cache.beginRead(), 'h1', sessionOf('u1'), T0);
    expect(cache.size).toBe(0);
    bus.listening(true);
    cache.store(inFlight, 'h1', sessionOf('u1'), T0);
    expect(cache.size).toBe(0);
    cache.store(cache.beginRead(), 'h1', sessionOf('u1'), T0);
    expect(cache.get('h1', T0)).toBeDefined();
  });

  it('does not serve past the session’s expiry or the entry’s max age', () => {
    const { cache } = listeningCache(60_000);
    cache.store(cache.beginRead(), 'short', sessionOf('u1', T0 + 10_000), T0);
    expect(cache.get('short', T0 + 9_999)).toBeDefined();
    expect(cache.get('short', T0 + 10_000)).toBeUndefined();
    cache.store(cache.beginRead(), 'long', sessionOf('u2'), T0);
    expect(cache.get('long', T0 + 59_999)).toBeDefined();
    expect(cache.get('long', T0 + 60_000)).toBeUndefined();
  });

  it('takes the sliding renewal of a held session', () => {
    const { cache } = listeningCache();
    cache.store(cache.beginRead(), 'h1', sessionOf('u1', T0 + 1000), T0);
    cache.renewed('h1', new Date(T0 + 500), new Date(T0 + 86_400_000));
    expect(cache.get('h1', T0 + 2000)?.session.lastSeenAt).toEqual(new Date(T0 + 500));
  });

  it('past MAX_CHANGED_USERS changes, refuses the reads in flight and keeps what it holds', () => {
    const { cache, bus } = listeningCache();
    cache.store(cache.beginRead(), 'kept', sessionOf('u-kept'), T0);
    const inFlight = cache.beginRead();
    for (let n = 0; n <= MAX_CHANGED_USERS; n += 1) bus.deliver(`u${n}`);
    expect(cache.get('kept', T0)).toBeDefined();
    // A read of a user who changed before the list was forgotten, begun before it.
    cache.store(inFlight, 'h0', sessionOf('u0'), T0);
    expect(cache.get('h0', T0)).toBeUndefined();
    cache.store(cache.beginRead(), 'h0', sessionOf('u0'), T0);
    expect(cache.get('h0', T0)).toBeDefined();
  });

  it('makes room by dropping the oldest entry', () => {
    const { cache } = listeningCache(undefined, 2);
    for (const n of [1, 2, 3]) cache.store(cache.beginRead(), `h${n}`, sessionOf(`u${n}`), T0);
    expect(cache.size).toBe(2);
    expect(cache.get('h1', T0)).toBeUndefined();
    expect(cache.get('h3', T0)).toBeDefined();
  });
});
