import type { RealtimeEvent, Topic } from '@rally/shared/realtime';
import { buildPath } from '@rally/shared/api/operation';
import { realtimeRoutes } from '@rally/shared/api/realtime';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { API_ORIGIN, sessionBearerToken } from './native-session';
import { RealtimeClient, type TopicListener } from './realtime-client';
import {
  invalidateAfterReplay,
  invalidateForEvent,
  invalidateForTopic,
} from './realtime-invalidation';

const clients = new WeakMap<QueryClient, RealtimeClient>();

/**
 * The WebSocket URL of `/api/realtime` (ws: or wss:): on the API's origin
 * in the native app (`apiOrigin`, lib/native-session.ts), else on the
 * page's own.
 */
export function realtimeUrl(
  location: Pick<Location, 'protocol' | 'host'> = window.location,
  apiOrigin: string = API_ORIGIN,
): string {
  const base = apiOrigin ? new URL(apiOrigin) : location;
  const protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${base.host}${buildPath(realtimeRoutes.connect)}`;
}

/**
 * The app's one realtime client (DESIGN.md §4), created on first use for
 * `queryClient`: every event invalidates the TanStack Query keys its topic
 * and kind map to (realtime-invalidation.ts), a resync after a reconnect,
 * an access loss or a truncated replay invalidates everything the topic
 * shows, and a complete conversation replay what it does not carry.
 */
export function getRealtimeClient(queryClient: QueryClient): RealtimeClient {
  let client = clients.get(queryClient);
  if (!client) {
    client = new RealtimeClient({
      url: realtimeUrl(),
      sessionToken: sessionBearerToken,
      onEvent: (event) => invalidateForEvent(queryClient, event),
      onResync: (topic) => invalidateForTopic(queryClient, topic),
      onReplayed: () => invalidateAfterReplay(queryClient),
    });
    clients.set(queryClient, client);
  }
  return client;
}

/** Options of {@link useRealtime}: see `TopicListener` in realtime-client.ts. */
export interface UseRealtimeOptions {
  /**
   * After a reconnect once followed again, or a truncated replay (the
   * default invalidations have run already).
   */
  onResync?: () => void;
  /**
   * `conversation:` topics: the change number through which every change
   * is held; the server replays after it (docs/decisions/007, resync by sequence).
   */
  cursor?: () => number | undefined;
  /** `conversation:` topics: a replay from `cursor` is complete through change `seq`. */
  onReplayed?: (seq: number) => void;
  /** The topic was denied or revoked (the user lost access). */
  onAccessLost?: (reason: 'not_found' | 'unauthenticated' | 'revoked') => void;
}

/**
 * Follows `topic` while the component is mounted (null = nothing yet, e.g.
 * an id still loading). Every event on it already invalidates the matching
 * queries app-wide (realtime-invalidation.ts); `onEvent` is for more
 * (appending a chat message's payload to the cache, showing a toast).
 * Callbacks may change on every render.
 *
 * @example
 * useRealtime(`conversation:${id}`, (e) => e.kind === 'message.created' && append(e.payload), {
 *   cursor: () => held.value,
 * });
 */
export function useRealtime(
  topic: Topic | null,
  onEvent?: (event: RealtimeEvent) => void,
  options: UseRealtimeOptions = {},
): void {
  useRealtimeTopics(topic ? [topic] : [], onEvent, options);
}

/** {@link useRealtime} for several topics at once (e.g. the programs on a profile's calendar). */
export function useRealtimeTopics(
  topics: readonly Topic[],
  onEvent?: (event: RealtimeEvent) => void,
  options: UseRealtimeOptions = {},
): void {
  const queryClient = useQueryClient();
  const latest = useRef({ onEvent, ...options });
  useEffect(() => {
    latest.current = { onEvent, ...options };
  });
  const key = [...new Set(topics)].sort().join(' ');
  useEffect(() => {
    if (key === '') return;
    const listener: TopicListener = {
      onEvent: (event) => latest.current.onEvent?.(event),
      onResync: () => latest.current.onResync?.(),
      cursor: () => latest.current.cursor?.(),
      onReplayed: (seq) => latest.current.onReplayed?.(seq),
      onAccessLost: (reason) => latest.current.onAccessLost?.(reason),
    };
    const client = getRealtimeClient(queryClient);
    const stops = key.split(' ').map((topic) => client.subscribe(topic, listener));
    return () => stops.forEach((stop) => stop());
  }, [queryClient, key]);
}

/**
 * Keeps the socket signed in as `userId` (the session's user, null when
 * signed out): the socket is authenticated by the session cookie when it
 * connects, so a sign-in or sign-out reconnects it. Used once, by the root view.
 */
export function useRealtimeUser(userId: string | null): void {
  const queryClient = useQueryClient();
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current === userId) return;
    previous.current = userId;
    const client = clients.get(queryClient);
    // A socket still connecting sends the new cookie anyway.
    if (client?.isConnected && client.userId !== userId) client.reconnect();
  }, [queryClient, userId]);
}
