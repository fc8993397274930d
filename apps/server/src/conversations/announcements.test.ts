import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementSchema } from '@rally/shared/conversations';
import { createTestApp, signUp, type TestApp } from '../../test/harness.ts';
import { createEvent, enrolFamily } from '../attendance/test-fixtures.ts';
import {
  addGuardian,
  createChatClub,
  familyThread,
  newKey,
  notificationsOf,
  sent,
} from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** How many messages each profile's thread in `programId` holds with `body`. */
async function copiesPerProfile(programId: string, body: string): Promise<Map<string, number>> {
  const { rows } = await t.database.pool.query(
    `select c.profile_id, count(m.id)::int as n
     from conversations c join messages m on m.conversation_id = c.id
     where c.program_id = $1 and m.body = $2 and m.kind = 'announcement'
     group by c.profile_id`,
    [programId, body],
  );
  return new Map(rows.map((r: { profile_id: string; n: number }) => [r.profile_id, r.n]));
}

describe('announcements', () => {
  it('reach every enrolled family’s thread once, retried or not; others get nothing', async () => {
    const { coach, programId, asha } = await createChatClub(t, { joinPolicy: 'approval' });
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const mother = await addGuardian(t, asha.parent, asha.childId, 'Mother of Asha');
    // Bea already has a thread: the announcement joins it.
    await sent(t, bea.parent, familyThread(bea.childId, programId), 'Hello');
    // A family that only asked to join, and one that left: not enrolled, not told.
    const asking = await signUp(t, 'Asking Parent');
    const askingProfile = (await t.req(asking, 'GET', '/api/profiles')).json().profiles[0].id;
    const ask = await t.req(asking, 'POST', `/api/programs/${programId}/subscriptions`, {
      profileId: askingProfile,
    });
    expect(ask.json().subscription.status).toBe('pending');
    const left = await enrolFamily(t, coach, programId, 'Chandra');
    await t.req(
      coach,
      'POST',
      `/api/programs/${programId}/subscriptions/${left.subscriptionId}/transitions`,
      { action: 'cancel' },
    );

    const body = { clientMessageId: newKey(), body: 'No training on Friday (holiday).' };
    const url = `/api/programs/${programId}/announcements`;
    const [first, ...retries] = await Promise.all([
      t.req(coach, 'POST', url, body),
      t.req(coach, 'POST', url, body),
      t.req(coach, 'POST', url, body),
    ]);
    const statuses = [first!, ...retries].map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 201]);
    const announcement = [first!, ...retries]
      .find((r) => r.statusCode === 201)!
      .json().announcement;
    expect(announcementSchema.strict().safeParse(announcement).error).toBeUndefined();
    expect(announcement).toMatchObject({
      programId,
      eventId: null,
      event: null,
      recipientCount: 2,
      sender: { userId: coach.id, displayName: 'Coach Kavya' },
    });
    for (const r of retries) expect(r.json().announcement.id).toBe(announcement.id);

    const copies = await copiesPerProfile(programId, body.body);
    expect(Object.fromEntries(copies)).toEqual({ [asha.childId]: 1, [bea.childId]: 1 });

    const thread = await t.req(bea.parent, 'GET', familyThread(bea.childId, programId));
    expect(
      thread.json().messages.map((m: { kind: string; body: string }) => [m.kind, m.body]),
    ).toEqual([
      ['message', 'Hello'],
      ['announcement', body.body],
    ]);
    expect(thread.json().summary.unreadCount).toBe(1);

    for (const user of [asha.parent, mother, bea.parent]) {
      const notes = (await notificationsOf(t, user)).filter((n) => n.kind === 'announcement');
      expect(notes).toHaveLength(1);
    }
    expect((await notificationsOf(t, asking)).filter((n) => n.kind === 'announcement')).toEqual([]);
    expect(
      (await notificationsOf(t, left.parent)).filter((n) => n.kind === 'announcement'),
    ).toEqual([]);
    expect((await notificationsOf(t, coach)).filter((n) => n.kind === 'announcement')).toEqual([]);

    const list = await t.req(coach, 'GET', url);
    expect(list.json().announcements).toEqual([announcement]);
  });

  it('to an event’s roster reaches only the families on it', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const eventId = await createEvent(t, coach, programId, { title: 'Match vs Eagles' });
    // Bea's enrolment starts in a month: not on tomorrow's roster.
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    await t.database.pool.query(
      `update subscriptions set starts_on = current_date + 30 where id = $1`,
      [bea.subscriptionId],
    );
    const body = { clientMessageId: newKey(), body: 'Bring your white kit', eventId };
    const res = await t.req(coach, 'POST', `/api/programs/${programId}/announcements`, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().announcement).toMatchObject({ eventId, recipientCount: 1 });
    // The list says which event's families it went to.
    const [listed] = (await t.req(coach, 'GET', `/api/programs/${programId}/announcements`)).json()
      .announcements;
    expect(listed).toMatchObject({
      eventId,
      event: { id: eventId, title: 'Match vs Eagles', timeZone: 'Asia/Kolkata' },
    });
    expect(Date.parse(listed.event.startsAt)).toBeGreaterThan(t.clock.now().getTime());
    expect(Object.fromEntries(await copiesPerProfile(programId, body.body))).toEqual({
      [asha.childId]: 1,
    });

    const foreign = await t.req(coach, 'POST', `/api/programs/${programId}/announcements`, {
      clientMessageId: newKey(),
      body: 'x',
      eventId: newKey(),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('is for the program’s staff: families 404, archived programs 403', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const url = `/api/programs/${programId}/announcements`;
    const asParent = await t.req(asha.parent, 'POST', url, {
      clientMessageId: newKey(),
      body: 'x',
    });
    expect(asParent.statusCode).toBe(404);
    expect((await t.req(asha.parent, 'GET', url)).statusCode).toBe(404);
    await t.req(coach, 'POST', `/api/programs/${programId}/archive`);
    const archived = await t.req(coach, 'POST', url, { clientMessageId: newKey(), body: 'x' });
    expect(archived.statusCode).toBe(403);
  });

  it('reaches 5,000 families in one set-based transaction', async () => {
    const { coach, programId } = await createChatClub(t);
    const { rows: org } = await t.database.pool.query('select org_id from programs where id = $1', [
      programId,
    ]);
    await t.database.pool.query(
      `with n as (select g, gen_random_uuid() as user_id, gen_random_uuid() as profile_id
                  from generate_series(1, 5000) g),
       u as (insert into users (id, phone_number, display_name)
             select user_id, '+9170' || lpad(g::text, 8, '0'), 'Parent ' || g from n),
       p as (insert into profiles (id, display_name) select profile_id, 'Child ' || g from n),
       m as (insert into profile_managers (profile_id, user_id, relationship)
             select profile_id, user_id, 'guardian' from n)
       insert into subscriptions (id, org_id, program_id, profile_id, status, starts_on)
       select gen_random_uuid(), $1, $2, profile_id, 'active', current_date from n`,
      [org[0].org_id, programId],
    );
    const started = performance.now();
    const res = await t.req(coach, 'POST', `/api/programs/${programId}/announcements`, {
      clientMessageId: newKey(),
      body: 'Annual day on Saturday',
    });
    const elapsedMs = performance.now() - started;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().announcement.recipientCount).toBe(5001);
    const copies = await copiesPerProfile(programId, 'Annual day on Saturday');
    expect(copies.size).toBe(5001);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from notifications where kind = 'announcement' and path like $1`,
      [`%/conversations/${programId}`],
    );
    expect(rows[0].n).toBe(5001);
    // Generous for a shared 2-core machine; it takes well under a second alone.
    expect(
      elapsedMs,
      `announcement to 5,001 families took ${Math.round(elapsedMs)} ms`,
    ).toBeLessThan(10_000);
  });
});
