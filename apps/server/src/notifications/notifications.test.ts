import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPageSchema } from '@rally/shared/notifications';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/harness.ts';
import { createEvent, enrolFamily, localOf } from '../attendance/test-fixtures.ts';
import {
  addCoach,
  createChatClub,
  notificationsOf,
  sent,
  staffThread,
} from '../conversations/test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ofKind = async (user: TestUser, kind: string) =>
  (await notificationsOf(t, user)).filter((n) => n.kind === kind);

describe('the notification list', () => {
  it('pages newest first, counts unread, and marks some or all read', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    for (let i = 1; i <= 5; i += 1) {
      t.clock.advance(1000);
      await sent(t, coach, staffThread(programId, asha.childId), `Note ${i}`);
    }
    const first = await t.req(asha.parent, 'GET', '/api/notifications?limit=3');
    expect(first.statusCode).toBe(200);
    expect(notificationPageSchema.strict().safeParse(first.json()).error).toBeUndefined();
    expect(first.json().unreadCount).toBe(5);
    expect(first.json().notifications.map((n: { data: { body: string } }) => n.data.body)).toEqual([
      'Note 5',
      'Note 4',
      'Note 3',
    ]);
    const second = await t.req(
      asha.parent,
      'GET',
      `/api/notifications?limit=3&cursor=${first.json().nextCursor}`,
    );
    expect(second.json().notifications.map((n: { data: { body: string } }) => n.data.body)).toEqual(
      ['Note 2', 'Note 1'],
    );
    expect(second.json().nextCursor).toBeNull();

    const newest = first.json().notifications[0].id;
    // Someone else's id is ignored, never revealed or changed.
    const stranger = await signUp(t, 'Stranger');
    const foreign = await t.req(stranger, 'POST', '/api/notifications/read', { ids: [newest] });
    expect(foreign.json()).toEqual({ unreadCount: 0 });
    const one = await t.req(asha.parent, 'POST', '/api/notifications/read', { ids: [newest] });
    expect(one.json()).toEqual({ unreadCount: 4 });
    const after = await t.req(asha.parent, 'GET', '/api/notifications?limit=1');
    expect(after.json().notifications[0].readAt).not.toBeNull();
    const all = await t.req(asha.parent, 'POST', '/api/notifications/read', { all: true });
    expect(all.json()).toEqual({ unreadCount: 0 });

    const bad = await t.req(asha.parent, 'POST', '/api/notifications/read', { ids: [] });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps preferences per user, all on until changed; an off kind is not written', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const prefs = await t.req(asha.parent, 'GET', '/api/notifications/preferences');
    expect(prefs.json()).toEqual({
      messages: true,
      announcements: true,
      eventChanges: true,
      enrolments: true,
    });
    const put = await t.req(asha.parent, 'PUT', '/api/notifications/preferences', {
      announcements: false,
    });
    expect(put.json()).toMatchObject({ messages: true, announcements: false });
    const again = await t.req(asha.parent, 'PUT', '/api/notifications/preferences', {
      eventChanges: false,
    });
    expect(again.json()).toEqual({
      messages: true,
      announcements: false,
      eventChanges: false,
      enrolments: true,
    });
    const empty = await t.req(asha.parent, 'PUT', '/api/notifications/preferences', {});
    expect(empty.statusCode).toBe(400);

    await t.req(coach, 'POST', `/api/programs/${programId}/announcements`, {
      clientMessageId: crypto.randomUUID(),
      body: 'Holiday on Friday',
    });
    await sent(t, coach, staffThread(programId, asha.childId), 'And a direct note');
    expect(await ofKind(asha.parent, 'announcement')).toEqual([]);
    expect(await ofKind(asha.parent, 'message')).toHaveLength(1);
  });
});

describe('event notifications', () => {
  it('a cancellation tells the families on the roster, not the coach nor families off it', async () => {
    const { coach, orgId, programId, asha } = await createChatClub(t);
    const ravi = await addCoach(t, coach, orgId, programId, 'Coach Ravi');
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const eventId = await createEvent(t, coach, programId, { title: 'Tuesday training' });
    const other = await createChatClub(t);

    const res = await t.req(coach, 'POST', `/api/programs/${programId}/events/${eventId}/cancel`, {
      reason: 'Ground flooded',
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const family of [asha, bea]) {
      expect(await ofKind(family.parent, 'event_cancelled')).toEqual([
        expect.objectContaining({
          path: `/p/${family.childId}/events/${eventId}`,
          data: expect.objectContaining({
            eventTitle: 'Tuesday training',
            reason: 'Ground flooded',
            programName: 'U12 Football',
          }),
        }),
      ]);
    }
    for (const user of [coach, ravi, other.asha.parent]) {
      expect(await ofKind(user, 'event_cancelled')).toEqual([]);
    }
  });

  it('a deletion tells each family on the rosters once, with how many sessions went, and opens its calendar', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const other = await createChatClub(t);
    const hour = 3_600_000;
    // Daily at "two hours ago", six times: four sessions have ended, two are to come.
    const minute = 60_000;
    const first = new Date(
      Math.floor((t.clock.now().getTime() - 3 * 24 * hour - 2 * hour) / minute) * minute,
    );
    const created = await t.req(coach, 'POST', `/api/programs/${programId}/events`, {
      title: 'Morning drills',
      startLocal: localOf(first),
      endLocal: localOf(new Date(first.getTime() + hour)),
      recurrence: { frequency: 'daily', count: 6 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const seriesEventId = created.json().event.id as string;
    const single = await createEvent(t, coach, programId, { title: 'Friendly' });
    const ended = await createEvent(t, coach, programId, {
      title: 'Yesterday',
      startLocal: localOf(new Date(t.clock.now().getTime() - 24 * hour)),
    });

    const del = (eventId: string, scope: string) =>
      t.req(coach, 'DELETE', `/api/programs/${programId}/events/${eventId}`, { scope });
    expect((await del(ended, 'this')).statusCode).toBe(204);
    for (const family of [asha, bea]) {
      expect(await ofKind(family.parent, 'event_cancelled')).toEqual([]);
    }

    expect((await del(seriesEventId, 'all')).statusCode).toBe(204);
    expect((await del(single, 'this')).statusCode).toBe(204);
    for (const family of [asha, bea]) {
      const told = await ofKind(family.parent, 'event_cancelled');
      expect(told).toEqual([
        expect.objectContaining({
          path: `/p/${family.childId}/calendar`,
          data: expect.objectContaining({
            eventTitle: 'Friendly',
            removed: true,
            sessions: 1,
            restOfSeries: false,
          }),
        }),
        expect.objectContaining({
          path: `/p/${family.childId}/calendar`,
          data: expect.objectContaining({
            eventTitle: 'Morning drills',
            removed: true,
            sessions: 2,
            restOfSeries: true,
            startsAt: new Date(first.getTime() + 4 * 24 * hour).toISOString(),
          }),
        }),
      ]);
    }
    for (const user of [coach, other.asha.parent]) {
      expect(await ofKind(user, 'event_cancelled')).toEqual([]);
    }
  });

  it('an edit of a whole series that drops dates tells the families of those dates once', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const start = new Date(t.clock.now().getTime() + 24 * 3_600_000);
    const end = new Date(start.getTime() + 3_600_000);
    const form = { title: 'Evening run', startLocal: localOf(start), endLocal: localOf(end) };
    const created = await t.req(coach, 'POST', `/api/programs/${programId}/events`, {
      ...form,
      recurrence: { frequency: 'daily', count: 4 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json().event.id as string;
    const edit = (recurrence: Record<string, unknown>) =>
      t.req(coach, 'PATCH', `/api/programs/${programId}/events/${eventId}`, {
        ...form,
        scope: 'all',
        recurrence,
      });
    // The same four dates: nothing to tell.
    expect((await edit({ frequency: 'daily', count: 4 })).statusCode).toBe(200);
    expect(await ofKind(asha.parent, 'event_cancelled')).toEqual([]);

    expect((await edit({ frequency: 'daily', count: 2 })).statusCode).toBe(200);
    expect(await ofKind(asha.parent, 'event_cancelled')).toEqual([
      expect.objectContaining({
        path: `/p/${asha.childId}/calendar`,
        data: expect.objectContaining({
          eventTitle: 'Evening run',
          removed: true,
          sessions: 2,
          restOfSeries: false,
        }),
      }),
    ]);
    expect(await ofKind(coach, 'event_cancelled')).toEqual([]);
  });

  it('a move tells the roster families the new time; a title-only edit tells nobody', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const start = new Date(t.clock.now().getTime() + 2 * 86_400_000);
    const eventId = await createEvent(t, coach, programId, { startLocal: localOf(start) });
    const edit = (startLocal: string, title: string) =>
      t.req(coach, 'PATCH', `/api/programs/${programId}/events/${eventId}`, {
        title,
        startLocal,
        endLocal: localOf(new Date(Date.parse(`${startLocal}:00+05:30`) + 90 * 60_000)),
        scope: 'this',
      });
    const renamed = await edit(localOf(start), 'Renamed training');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await ofKind(asha.parent, 'event_changed')).toEqual([]);

    const later = localOf(new Date(start.getTime() + 60 * 60_000));
    const moved = await edit(later, 'Renamed training');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await ofKind(asha.parent, 'event_changed')).toEqual([
      expect.objectContaining({
        path: `/p/${asha.childId}/events/${eventId}`,
        data: expect.objectContaining({
          startsAt: moved.json().event.startsAt,
          previousStartsAt: renamed.json().event.startsAt,
        }),
      }),
    ]);
  });

  it('a waitlisted going that gets a place is told so', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const eventId = await createEvent(t, coach, programId, { capacity: 1 });
    const rsvp = (family: typeof asha, answer: string) =>
      t.req(family.parent, 'PUT', `/api/profiles/${family.childId}/events/${eventId}/rsvp`, {
        answer,
      });
    await rsvp(asha, 'going');
    const waiting = await rsvp(bea, 'going');
    expect(waiting.json().rsvp.waitlistPosition).toBe(1);
    expect(await ofKind(bea.parent, 'rsvp_promoted')).toEqual([]);
    await rsvp(asha, 'declined');
    expect(await ofKind(bea.parent, 'rsvp_promoted')).toEqual([
      expect.objectContaining({ path: `/p/${bea.childId}/events/${eventId}` }),
    ]);
    expect(await ofKind(asha.parent, 'rsvp_promoted')).toEqual([]);
  });
  it('a place that opens at a cancelled event tells nobody', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const eventId = await createEvent(t, coach, programId, { capacity: 1 });
    for (const family of [asha, bea]) {
      await t.req(family.parent, 'PUT', `/api/profiles/${family.childId}/events/${eventId}/rsvp`, {
        answer: 'going',
      });
    }
    const url = `/api/programs/${programId}/events/${eventId}`;
    expect((await t.req(coach, 'POST', `${url}/cancel`, {})).statusCode).toBe(200);
    const { event } = (await t.req(coach, 'GET', url)).json();
    const raised = await t.req(coach, 'PATCH', url, {
      title: event.title,
      startLocal: localOf(new Date(event.startsAt)),
      endLocal: localOf(new Date(event.endsAt)),
      capacity: 2,
      scope: 'this',
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const roster = (await t.req(coach, 'GET', url)).json().roster;
    expect(
      roster.find((r: { profileId: string }) => r.profileId === bea.childId).rsvp,
    ).toMatchObject({ answer: 'going', waitlistPosition: null });
    expect(await ofKind(bea.parent, 'rsvp_promoted')).toEqual([]);
  });
});

describe('enrolment notifications', () => {
  it('a join request tells the staff; its approval tells the family', async () => {
    const { coach, programId } = await createChatClub(t, { joinPolicy: 'approval' });
    const parent = await signUp(t, 'New Parent');
    const profileId = (await t.req(parent, 'GET', '/api/profiles')).json().profiles[0].id;
    const join = await t.req(parent, 'POST', `/api/programs/${programId}/subscriptions`, {
      profileId,
    });
    expect(join.json().subscription.status).toBe('pending');
    const subscriptionId = join.json().subscription.id;
    const path = `/programs/${programId}/subscriptions/${subscriptionId}`;
    expect(await ofKind(coach, 'enrolment')).toEqual([
      expect.objectContaining({ path, data: expect.objectContaining({ action: 'requested' }) }),
    ]);
    expect(await ofKind(parent, 'enrolment')).toEqual([]);

    await t.req(
      coach,
      'POST',
      `/api/programs/${programId}/subscriptions/${subscriptionId}/transitions`,
      {
        action: 'approve',
      },
    );
    expect(await ofKind(parent, 'enrolment')).toEqual([
      expect.objectContaining({ path, data: expect.objectContaining({ action: 'approved' }) }),
    ]);
    expect(await ofKind(coach, 'enrolment')).toHaveLength(1);
  });
});
