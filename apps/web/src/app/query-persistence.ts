import type { SessionResponse } from '@rally/shared/auth';
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import { sessionQueryKey } from '../lib/auth';

/** What is saved on the device: when, by which build, and TanStack's dehydrated cache. */
export interface PersistedClient {
  /** When it was saved, ms since the epoch. */
  timestamp: number;
  /** The build that saved it (see {@link QueryPersistenceOptions.buster}). */
  buster: string;
  clientState: DehydratedState;
}

/** Where {@link PersistedClient} lives (the shape of TanStack's persisters, so one can be swapped in). */
export interface Persister {
  persistClient(client: PersistedClient): Promise<void>;
  restoreClient(): Promise<PersistedClient | undefined>;
  removeClient(): Promise<void>;
}

/** How long saved answers stay usable offline: 3 days (a weekend tournament), in ms. */
export const PERSIST_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;

/** The IndexedDB key (idb-keyval's default store) holding the saved answers. */
export const PERSIST_STORAGE_KEY = 'rally.queries';

/**
 * True for the answers people need at the ground and on the sideline, which
 * are saved on the device to show offline (docs/decisions/017): the
 * sign-in state, home (`['home', …]`), a profile's detail, calendar and
 * events (`['profiles', id, 'detail' | 'events' | 'event', …]`, `['profiles',
 * 'mine']`), and a program's detail, events and attendance rosters
 * (`['programs', id, 'detail' | 'event', …]`). Nothing else (conversations,
 * settings, reports, admin) is written to the device.
 */
export function isPersistedKey(queryKey: QueryKey): boolean {
  const [root, second, third] = queryKey;
  if (root === sessionQueryKey[0] && second === sessionQueryKey[1]) return true;
  if (root === 'home') return true;
  if (root === 'profiles') {
    return second === 'mine' || third === 'detail' || third === 'events' || third === 'event';
  }
  if (root === 'programs') return third === 'detail' || third === 'event';
  return false;
}

/** Only successful answers of {@link isPersistedKey} queries are saved. */
function shouldDehydrateQuery(query: Query): boolean {
  return query.state.status === 'success' && isPersistedKey(query.queryKey);
}

/** The signed-in user's id in a saved or cached sign-in state, null when signed out, undefined when absent. */
function sessionUserId(data: unknown): string | null | undefined {
  if (!data || typeof data !== 'object' || !('user' in data)) return undefined;
  return (data as SessionResponse).user?.id ?? null;
}

function savedOwner(client: PersistedClient): string | null | undefined {
  const session = client.clientState.queries.find(
    (query) => query.queryKey[0] === sessionQueryKey[0] && query.queryKey[1] === sessionQueryKey[1],
  );
  return sessionUserId(session?.state.data);
}

/**
 * The default storage: IndexedDB through idb-keyval (structured clone, no
 * JSON step; large rosters do not fit localStorage's 5 MB well).
 */
export function createIdbPersister(): Persister {
  return {
    persistClient: (client) => set(PERSIST_STORAGE_KEY, client),
    restoreClient: () => get<PersistedClient>(PERSIST_STORAGE_KEY),
    removeClient: () => del(PERSIST_STORAGE_KEY),
  };
}

/** Saves at most once per this many ms while answers keep changing. */
const SAVE_THROTTLE_MS = 1000;

/** Options of {@link startQueryPersistence}. */
export interface QueryPersistenceOptions {
  /** Where the answers are saved (default: IndexedDB). */
  persister?: Persister;
  /** The running build (main.tsx passes its hashed module URL): answers saved by another build are dropped. */
  buster: string;
  /** Current time in ms (tests). */
  now?: () => number;
}

/**
 * Saves the answers of {@link isPersistedKey} on the device and restores
 * them at start, so the app shows the last known data with no network
 * (docs/decisions/017). Safety rules:
 * - saved answers of another build (`buster`) or older than
 *   {@link PERSIST_MAX_AGE_MS} are dropped;
 * - answers are only restored for the user they were saved for: if the
 *   sign-in state already answered another user (or nobody), they are dropped;
 * - whenever the signed-in user changes (sign-out, another user signs in,
 *   the session expired), every cached answer but the sign-in state is
 *   removed, so the device never shows one user's data to the next, and the
 *   saved copy follows.
 * Restored answers never replace newer ones already fetched (TanStack
 * `hydrate`) and count as stale, so each is fetched again when shown online.
 * Saves are throttled to one a second, and made at once on `pagehide`. Saved queries are kept in memory as long as they are kept on
 * the device (`gcTime`). Resolves once restoring is done (it never rejects:
 * an unreadable store is logged and ignored); the returned function stops saving.
 */
export async function startQueryPersistence(
  queryClient: QueryClient,
  { persister = createIdbPersister(), buster, now = Date.now }: QueryPersistenceOptions,
): Promise<() => void> {
  for (const root of [['auth'], ['home'], ['profiles'], ['programs']]) {
    queryClient.setQueryDefaults(root, { gcTime: PERSIST_MAX_AGE_MS });
  }

  let owner: string | null | undefined = sessionUserId(queryClient.getQueryData(sessionQueryKey));
  const unwatchOwner = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.query.queryKey;
    if (key[0] !== sessionQueryKey[0] || key[1] !== sessionQueryKey[1]) return;
    const next = sessionUserId(event.query.state.data);
    if (next === undefined) return;
    if (owner !== undefined && next !== owner) {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== sessionQueryKey[0],
      });
    }
    owner = next;
  });

  try {
    const saved = await persister.restoreClient();
    if (saved) {
      const isUsable = saved.buster === buster && now() - saved.timestamp <= PERSIST_MAX_AGE_MS;
      const savedFor = savedOwner(saved);
      const current = sessionUserId(queryClient.getQueryData(sessionQueryKey));
      const isSameUser = current === undefined || current === savedFor;
      if (isUsable && isSameUser && savedFor) {
        hydrate(queryClient, saved.clientState);
        owner = sessionUserId(queryClient.getQueryData(sessionQueryKey));
        // Saved answers are the last known state, never fresh: each is fetched again when
        // shown online (a save can miss the last second before a reload).
        const restored = new Set(
          saved.clientState.queries
            .filter(
              (query) =>
                queryClient.getQueryState(query.queryKey)?.dataUpdatedAt ===
                query.state.dataUpdatedAt,
            )
            .map((query) => query.queryHash),
        );
        await queryClient.invalidateQueries({
          predicate: (query) => restored.has(query.queryHash),
          refetchType: 'none',
        });
      } else {
        await persister.removeClient();
      }
    }
  } catch (error) {
    console.error('Saved answers could not be restored', error);
    await persister.removeClient().catch(() => {});
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const client: PersistedClient = {
      timestamp: now(),
      buster,
      clientState: dehydrate(queryClient, {
        shouldDehydrateQuery,
        shouldDehydrateMutation: () => false,
      }),
    };
    persister.persistClient(client).catch((error: unknown) => {
      console.error('Answers could not be saved on this device', error);
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    timer ??= setTimeout(save, SAVE_THROTTLE_MS);
  });
  // Leaving or reloading the page saves what is waiting for the throttle at once.
  const saveNow = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  window.addEventListener('pagehide', saveNow);
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    window.removeEventListener('pagehide', saveNow);
    unsubscribe();
    unwatchOwner();
  };
}

/** The last time any answer now on screen was fetched, in ms; null when nothing shown came from the server. */
export function oldestShownAnswerAt(queryClient: QueryClient): number | null {
  let oldest: number | null = null;
  for (const query of queryClient.getQueryCache().findAll({ type: 'active' })) {
    const at = query.state.dataUpdatedAt;
    if (at > 0 && isPersistedKey(query.queryKey) && query.queryKey[0] !== 'auth') {
      oldest = oldest === null ? at : Math.min(oldest, at);
    }
  }
  return oldest;
}
