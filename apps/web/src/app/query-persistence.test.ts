import { QueryClient, dehydrate } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import {
  PERSIST_MAX_AGE_MS,
  isPersistedKey,
  startQueryPersistence,
  type PersistedClient,
  type Persister,
} from './query-persistence';

function memoryPersister(saved?: PersistedClient) {
  const store = { saved };
  const persister: Persister = {
    persistClient: async (client) => {
      store.saved = client;
    },
    restoreClient: async () => store.saved,
    removeClient: async () => {
      store.saved = undefined;
    },
  };
  return { persister, store };
}

const alice = makeUser({ id: 'u-alice', displayName: 'Alice' });
const bob = makeUser({ id: 'u-bob', displayName: 'Bob' });
const NOW = Date.parse('2026-11-24T14:05:00Z');

/** What Alice's device saved: her session, her home, and a roster. */
function savedByAlice(overrides: Partial<PersistedClient> = {}): PersistedClient {
  const source = new QueryClient();
  source.setQueryData(['auth', 'session'], { user: alice });
  source.setQueryData(['home'], { events: ['Evening training'] });
  source.setQueryData(['programs', 'p1', 'event', 'e1', 'attendance'], { roster: ['Aarav'] });
  return {
    timestamp: NOW - 60_000,
    buster: 'build-1',
    clientState: dehydrate(source),
    ...overrides,
  };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

async function start(queryClient: QueryClient, persister: Persister) {
  stops.push(
    await startQueryPersistence(queryClient, { persister, buster: 'build-1', now: () => NOW }),
  );
}

describe('answers saved for offline use (docs/decisions/017)', () => {
  it('saves only what is needed at the ground: session, home, profiles, program detail, events and rosters', () => {
    expect(isPersistedKey(['auth', 'session'])).toBe(true);
    expect(isPersistedKey(['home'])).toBe(true);
    expect(isPersistedKey(['home', 'family-events', { from: 'a', to: 'b' }])).toBe(true);
    expect(isPersistedKey(['profiles', 'mine'])).toBe(true);
    expect(isPersistedKey(['profiles', 'c1', 'events', { from: 'a', to: 'b' }])).toBe(true);
    expect(isPersistedKey(['profiles', 'c1', 'event', 'e1'])).toBe(true);
    expect(isPersistedKey(['programs', 'p1', 'detail'])).toBe(true);
    expect(isPersistedKey(['programs', 'p1', 'event', 'e1', 'attendance'])).toBe(true);
    expect(isPersistedKey(['programs', 'p1', 'conversations'])).toBe(false);
    expect(isPersistedKey(['programs', 'p1', 'attendance-report'])).toBe(false);
    expect(isPersistedKey(['invites'])).toBe(false);
    expect(isPersistedKey(['admin', 'users'])).toBe(false);
  });

  it('restores the last known answers of the same user and build', async () => {
    const { persister } = memoryPersister(savedByAlice());
    const queryClient = new QueryClient();
    await start(queryClient, persister);
    expect(queryClient.getQueryData(['auth', 'session'])).toEqual({ user: alice });
    expect(queryClient.getQueryData(['home'])).toEqual({ events: ['Evening training'] });
    expect(queryClient.getQueryData(['programs', 'p1', 'event', 'e1', 'attendance'])).toEqual({
      roster: ['Aarav'],
    });
  });

  it('drops answers of another build, or older than the maximum age', async () => {
    for (const saved of [
      savedByAlice({ buster: 'build-0' }),
      savedByAlice({ timestamp: NOW - PERSIST_MAX_AGE_MS - 1 }),
    ]) {
      const { persister, store } = memoryPersister(saved);
      const queryClient = new QueryClient();
      await start(queryClient, persister);
      expect(queryClient.getQueryData(['home'])).toBeUndefined();
      expect(store.saved).toBeUndefined();
    }
  });

  it("never shows one user's answers to the next: another user already signed in drops them", async () => {
    const { persister, store } = memoryPersister(savedByAlice());
    const queryClient = new QueryClient();
    queryClient.setQueryData(['auth', 'session'], { user: bob });
    await start(queryClient, persister);
    expect(queryClient.getQueryData(['home'])).toBeUndefined();
    expect(queryClient.getQueryData(['auth', 'session'])).toEqual({ user: bob });
    expect(store.saved).toBeUndefined();
  });

  it('forgets every answer but the sign-in state when the user signs out or another signs in', async () => {
    const { persister } = memoryPersister(savedByAlice());
    const queryClient = new QueryClient();
    await start(queryClient, persister);
    expect(queryClient.getQueryData(['home'])).toBeDefined();

    queryClient.setQueryData(['auth', 'session'], { user: null });
    expect(queryClient.getQueryData(['home'])).toBeUndefined();
    expect(
      queryClient.getQueryData(['programs', 'p1', 'event', 'e1', 'attendance']),
    ).toBeUndefined();

    queryClient.setQueryData(['home'], { events: ['Bob'] });
    queryClient.setQueryData(['auth', 'session'], { user: bob });
    expect(queryClient.getQueryData(['home'])).toBeUndefined();
  });
});

describe('restored answers', () => {
  it('count as stale, so a page shown online fetches them again', async () => {
    const { persister } = memoryPersister(savedByAlice({ timestamp: NOW - 1000 }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    await start(queryClient, persister);
    expect(queryClient.getQueryState(['home'])?.isInvalidated).toBe(true);
    expect(
      queryClient.getQueryState(['programs', 'p1', 'event', 'e1', 'attendance'])?.isInvalidated,
    ).toBe(true);
  });
});
