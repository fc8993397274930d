import type { ClientConfig } from '@rally/shared/config';
import type { RealtimeEvent } from '@rally/shared/realtime';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { clientConfigKey } from './client-config';

// The query keys below are the features' own (query keys are the contract
// between features; realtime-invalidation.test.ts checks them against each
// feature's api.ts): programs `programKeys`, events `eventKeys`, attendance
// `attendanceKeys`, subscriptions `subscriptionKeys`, feeds `feedKeys` (all
// under ['programs', programId]); profiles
// `profileKeys` (['profiles', profileId, ...]); home (['home', ...]);
// conversations `conversationKeys` (['conversations', ...]); notifications
// `notificationKeys` (['notifications', ...]); the config record (['config', 'client']).

/** What a profile's pages show of events: its calendar, event pages and timeline. */
const PROFILE_EVENT_VIEWS = new Set(['events', 'event', 'activities']);

type Match = (key: QueryKey) => boolean;

const startsWith =
  (...prefix: readonly unknown[]): Match =>
  (key) =>
    prefix.every((part, i) => key[i] === part);

/** Keys of one event's pages: program and profile event pages and the event's attendance. */
const eventPages =
  (eventIds: readonly string[]): Match =>
  (key) =>
    (key[0] === 'programs' || key[0] === 'profiles') &&
    key[2] === 'event' &&
    eventIds.includes(String(key[3]));

/** Every profile's calendars, event pages and timelines (events appear on many calendars). */
const profileEventViews: Match = (key) =>
  key[0] === 'profiles' && PROFILE_EVENT_VIEWS.has(String(key[2]));

const attendanceReports: Match = (key) => key[0] === 'programs' && key[2] === 'attendance-report';

const inboxes = (scope: 'program' | 'profile', ownerId: string) =>
  startsWith('conversations', 'inbox', scope, ownerId);
const unreadCounts = startsWith('conversations', 'unread');
const announcements = (programId: string) =>
  startsWith('conversations', 'announcements', programId);

/** A cached thread (`conversationKeys.thread`) of conversation `conversationId`. */
function isThreadOf(query: Query, conversationId: string): boolean {
  if (query.queryKey[0] !== 'conversations' || query.queryKey[1] !== 'thread') return false;
  const data = query.state.data as { summary?: { id?: string | null } } | undefined;
  return data?.summary?.id === conversationId;
}

function invalidate(queryClient: QueryClient, ...matches: Match[]): void {
  void queryClient.invalidateQueries({
    predicate: (query: Query) => matches.some((match) => match(query.queryKey)),
  });
}

/** `program:{id}` → `['program', id]`; `config:client` → `['config', 'client']`. */
function splitTopic(topic: string): [string, string] {
  const at = topic.indexOf(':');
  return [topic.slice(0, at), topic.slice(at + 1)];
}

/**
 * The default reaction to a realtime event (DESIGN.md §4: "the client
 * invalidates the matching TanStack Query keys"), by topic and kind:
 * - `config:client` `config.updated`: the record (its payload) replaces the
 *   cached one, and a fetch of it still under way is cancelled;
 * - `program:{id}` event changes: the program's pages, every profile's
 *   calendars and event pages, home; subscription changes: the program's
 *   pages, profiles and home; attendance: its reports and the event's pages;
 *   `conversation.updated`: the program's inboxes, its announcements and the
 *   unread badges;
 * - `event:{id}` `match.updated`: that event's match, season stats and
 *   timelines; RSVP, attendance and edits: that event's pages, attendance
 *   reports and timelines (a deleted event's own page is only marked stale:
 *   it is closing);
 * - `profile:{id}`: the profile's pages and home; `conversation.updated`:
 *   its inboxes and badges;
 * - `user:{id}` `notification.created`: the notification list and unread
 *   badges; `access.changed`: everything (what the user may see changed);
 * - `conversation:{id}`: nothing here — the thread page appends the
 *   message payloads itself (features/conversations).
 */
export function invalidateForEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  const [scope, id] = splitTopic(event.topic);
  const { kind } = event;
  switch (scope) {
    case 'config': {
      // The payload, when present, passed `clientConfigPayloadSchema` (realtime-frames.ts).
      const record = event.payload as ClientConfig | undefined;
      if (record) {
        queryClient.setQueryData(clientConfigKey, record);
        // A fetch begun before the change would answer the old record after
        // it: cancelled, it reverts to the state just set (TanStack Query
        // keeps a manual update as the revert state).
        void queryClient.cancelQueries({ queryKey: clientConfigKey, exact: true });
      } else invalidate(queryClient, startsWith(...clientConfigKey));
      return;
    }
    case 'program':
      if (kind === 'conversation.updated') {
        return invalidate(queryClient, inboxes('program', id), announcements(id), unreadCounts);
      }
      if (kind === 'attendance.updated') {
        return invalidate(
          queryClient,
          startsWith('programs', id, 'attendance-report'),
          eventPages(event.ids),
        );
      }
      return invalidate(
        queryClient,
        startsWith('programs', id),
        profileEventViews,
        startsWith('home'),
        ...(kind === 'subscription.updated' ? [startsWith('profiles')] : []),
      );
    case 'event':
      if (kind === 'match.updated') {
        // A match write changes only the match, season stats and timelines,
        // not the event, its RSVPs or attendance (DESIGN.md §9).
        return invalidate(
          queryClient,
          (key) =>
            key[0] === 'programs' && key[2] === 'event' && key[3] === id && key[4] === 'match',
          (key) => key[2] === 'match-stats',
          (key) => key[0] === 'profiles' && key[2] === 'activities',
        );
      }
      if (kind === 'event.deleted') {
        void queryClient.invalidateQueries({
          predicate: (query) => eventPages([id])(query.queryKey),
          refetchType: 'none',
        });
        return;
      }
      return invalidate(
        queryClient,
        eventPages([id]),
        attendanceReports,
        (key) => key[0] === 'profiles' && key[2] === 'activities',
        startsWith('home'),
      );
    case 'profile':
      if (kind === 'conversation.updated') {
        return invalidate(queryClient, inboxes('profile', id), unreadCounts);
      }
      return invalidate(queryClient, startsWith('profiles', id), startsWith('home'));
    case 'user':
      if (kind === 'access.changed') {
        void queryClient.invalidateQueries();
        return;
      }
      return invalidate(queryClient, startsWith('notifications'), unreadCounts);
    default:
      return;
  }
}

/**
 * Refetches everything a topic shows, after a reconnect (events may have
 * been missed: realtime is lossy, DESIGN.md §4) or when access to it was
 * revoked (the pages then show what the user may still see).
 */
export function invalidateForTopic(queryClient: QueryClient, topic: string): void {
  const [scope, id] = splitTopic(topic);
  switch (scope) {
    case 'config':
      return invalidate(queryClient, startsWith(...clientConfigKey));
    case 'program':
      return invalidate(
        queryClient,
        startsWith('programs', id),
        profileEventViews,
        startsWith('home'),
        inboxes('program', id),
        announcements(id),
        unreadCounts,
      );
    case 'event':
      return invalidate(queryClient, eventPages([id]), attendanceReports);
    case 'profile':
      return invalidate(
        queryClient,
        startsWith('profiles', id),
        startsWith('home'),
        inboxes('profile', id),
        unreadCounts,
      );
    case 'user':
      return invalidate(queryClient, startsWith('notifications'), unreadCounts);
    case 'conversation':
      void queryClient.invalidateQueries({
        predicate: (query) => isThreadOf(query, id) || unreadCounts(query.queryKey),
      });
      return;
    default:
      return;
  }
}

/**
 * After a complete replay of a `conversation:` topic (docs/decisions/007,
 * resync by sequence): the thread got every change it missed and both read
 * marks, so only the unread badges, which the replay does not carry, refetch.
 */
export function invalidateAfterReplay(queryClient: QueryClient): void {
  invalidate(queryClient, unreadCounts);
}
