import type { RealtimeEvent, RealtimeKind } from '@rally/shared/realtime';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminKeys } from '../features/admin/api';
import { attendanceKeys } from '../features/attendance/api';
import { conversationKeys } from '../features/conversations/api';
import { eventKeys } from '../features/events/api';
import { notificationKeys } from '../features/notifications/api';
import { profileKeys } from '../features/profiles/api';
import { programKeys } from '../features/programs/api';
import { clientConfigKey } from './client-config';
import {
  invalidateAfterReplay,
  invalidateForEvent,
  invalidateForTopic,
} from './realtime-invalidation';

const P = 'p1';
const E = 'e1';
const C = 'c1';
const range = { from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z' };
const thread = { scope: 'program' as const, ownerId: P, otherParty: C };

/** Every key a page might have cached, named, built with each feature's own key builders. */
const keys: Record<string, QueryKey> = {
  programDetail: programKeys.detail(P),
  programEvents: eventKeys.eventRange(P, range.from, range.to),
  programEvent: eventKeys.event(P, E),
  otherProgramEvent: eventKeys.event('p2', 'e2'),
  eventAttendance: attendanceKeys.event(P, E),
  attendanceReport: attendanceKeys.report(P, range),
  profileDetail: profileKeys.detail(C),
  profileEvents: profileKeys.eventRange(C, range.from, range.to),
  profileEvent: profileKeys.event(C, E),
  profileActivities: ['profiles', C, 'activities'],
  home: ['home'],
  familyEvents: ['home', 'family-events', range],
  programInbox: conversationKeys.inbox('program', P, ''),
  profileInbox: conversationKeys.inbox('profile', C, ''),
  thread: conversationKeys.thread(thread),
  unread: conversationKeys.unread,
  announcements: conversationKeys.announcements(P),
  notifications: notificationKeys.list,
  config: adminKeys.clientConfig(),
};

/** Seeds every key, applies `act`, and returns the names of the invalidated ones. */
function invalidatedBy(act: (queryClient: QueryClient) => void): string[] {
  const queryClient = new QueryClient();
  for (const key of Object.values(keys))
    queryClient.setQueryData(key, { summary: { id: 'conv1' } });
  act(queryClient);
  return Object.entries(keys)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

const event = (topic: string, kind: RealtimeKind, ids = [E], payload?: unknown): RealtimeEvent => ({
  topic,
  kind,
  ids,
  version: 1,
  payload,
});

describe('invalidateForEvent (the default mapping of topics and kinds to queries)', () => {
  it('event changes on a program refetch its pages, every profile calendar and home', () => {
    expect(
      invalidatedBy((q) => invalidateForEvent(q, event(`program:${P}`, 'event.updated'))),
    ).toEqual(
      [
        'attendanceReport',
        'eventAttendance',
        'familyEvents',
        'home',
        'profileActivities',
        'profileEvent',
        'profileEvents',
        'programDetail',
        'programEvent',
        'programEvents',
      ].sort(),
    );
  });

  it('RSVPs and marks on an event refetch that event’s pages, reports and timelines only', () => {
    expect(
      invalidatedBy((q) => invalidateForEvent(q, event(`event:${E}`, 'rsvp.updated'))),
    ).toEqual(
      [
        'attendanceReport',
        'eventAttendance',
        'familyEvents',
        'home',
        'profileActivities',
        'profileEvent',
        'programEvent',
      ].sort(),
    );
  });

  it('a program’s attendance refetches its reports and the event’s pages', () => {
    expect(
      invalidatedBy((q) => invalidateForEvent(q, event(`program:${P}`, 'attendance.updated'))),
    ).toEqual(['attendanceReport', 'eventAttendance', 'profileEvent', 'programEvent']);
  });

  it('conversation changes refetch the right inbox, the program’s announcements and the unread badges', () => {
    expect(
      invalidatedBy((q) => invalidateForEvent(q, event(`program:${P}`, 'conversation.updated'))),
    ).toEqual(['announcements', 'programInbox', 'unread']);
    expect(
      invalidatedBy((q) => invalidateForEvent(q, event(`profile:${C}`, 'conversation.updated'))),
    ).toEqual(['profileInbox', 'unread']);
  });

  it('a profile’s changes refetch its pages and home', () => {
    expect(
      invalidatedBy((q) => invalidateForEvent(q, event(`profile:${C}`, 'subscription.updated'))),
    ).toEqual([
      'familyEvents',
      'home',
      'profileActivities',
      'profileDetail',
      'profileEvent',
      'profileEvents',
    ]);
  });

  it('a notification refetches the list and badges; an access change refetches everything', () => {
    expect(
      invalidatedBy((q) => invalidateForEvent(q, event('user:u1', 'notification.created'))),
    ).toEqual(['notifications', 'unread']);
    expect(invalidatedBy((q) => invalidateForEvent(q, event('user:u1', 'access.changed')))).toEqual(
      Object.keys(keys).sort(),
    );
  });

  it('a config change replaces the cached record with its payload', () => {
    const queryClient = new QueryClient();
    const record = { url: 'https://cdn.example.com/bundle-3.0.0.zip', disableLiveUpdate: false };
    invalidateForEvent(queryClient, event('config:client', 'config.updated', ['client'], record));
    expect(queryClient.getQueryData(clientConfigKey)).toEqual(record);
    expect(clientConfigKey).toEqual(adminKeys.clientConfig());
  });

  it('a config change wins over a fetch of the record begun before it (its older answer is dropped)', async () => {
    const queryClient = new QueryClient();
    const stale = { url: null, disableLiveUpdate: false };
    const record = { url: 'https://cdn.example.com/bundle-3.0.1.zip', disableLiveUpdate: false };
    let answer!: (value: typeof stale) => void;
    const fetching = queryClient
      .fetchQuery({
        queryKey: clientConfigKey,
        queryFn: () => new Promise<typeof stale>((resolve) => (answer = resolve)),
      })
      .catch(() => undefined);
    invalidateForEvent(queryClient, event('config:client', 'config.updated', ['client'], record));
    answer(stale);
    await fetching;
    expect(queryClient.getQueryData(clientConfigKey)).toEqual(record);
    expect(queryClient.getQueryState(clientConfigKey)?.fetchStatus).toBe('idle');
  });

  it('a deleted event’s own pages are only marked stale (they are closing), not refetched', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(keys.programEvent!, {});
    invalidateForEvent(queryClient, event(`event:${E}`, 'event.deleted'));
    expect(queryClient.getQueryState(keys.programEvent!)?.isInvalidated).toBe(true);
  });
});

describe('invalidateForTopic (resync after a reconnect or an access loss)', () => {
  it('refetches everything a topic shows; after a complete conversation replay only the unread badges', () => {
    expect(invalidatedBy((q) => invalidateForTopic(q, `conversation:conv1`))).toEqual([
      'thread',
      'unread',
    ]);
    expect(invalidatedBy((q) => invalidateAfterReplay(q))).toEqual(['unread']);
    expect(invalidatedBy((q) => invalidateForTopic(q, `profile:${C}`))).toEqual(
      [
        'familyEvents',
        'home',
        'profileActivities',
        'profileDetail',
        'profileEvent',
        'profileEvents',
        'profileInbox',
        'unread',
      ].sort(),
    );
    expect(invalidatedBy((q) => invalidateForTopic(q, 'config:client'))).toEqual(['config']);
  });
});
