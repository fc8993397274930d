import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  monday,
  plusDays,
  programEvents,
  programWithChild,
  sessionForm,
  writeAttendance,
  type ListedEvent,
} from './events-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Resolves once a statement on this test's database waits for a row lock (polls for up to 5 s). */
async function waitUntilSomeoneWaitsForALock(): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await t.database.pool.query(
      `select 1 from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('nothing waited for a lock');
}

describe('cancel and reinstate (docs/decisions/006)', () => {
  it('keeps the event, tells every roster profile on its timeline, and refuses a second cancel', async () => {
    const f = await programWithChild(t, { name: 'U10 Cricket' });
    const start = monday(t, 1);
    await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      ...sessionForm(start, '18:00', '19:00', { title: 'Nets' }),
      recurrence: { frequency: 'weekly' },
    });
    const [first] = await programEvents(t, f.coach, f.programId, start, start);
    const url = `/api/programs/${f.programId}/events/${first!.id}`;

    const asParent = await t.req(f.parent, 'POST', `${url}/cancel`, { reason: 'Rain' });
    expect(asParent.statusCode).toBe(403);
    const res = await t.req(f.coach, 'POST', `${url}/cancel`, { reason: 'Ground flooded' });
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Ground flooded',
      isException: false,
      version: 2,
    });
    expect(res.json().event.cancelledAt).toEqual(expect.any(String));

    const timeline = (await t.req(f.parent, 'GET', `/api/profiles/${f.childId}/activities`)).json()
      .activities;
    expect(timeline[0]).toMatchObject({
      kind: 'event_cancelled',
      target: { kind: 'event', eventId: first!.id, path: `/p/${f.childId}/events/${first!.id}` },
      data: {
        eventTitle: 'Nets',
        startsAt: first!.startsAt,
        timeZone: 'Asia/Kolkata',
        reason: 'Ground flooded',
        programName: 'U10 Cricket',
      },
    });

    const again = await t.req(f.coach, 'POST', `${url}/cancel`, {});
    expect(again.statusCode).toBe(409);
    // Still on the calendar, shown as cancelled.
    const [listed] = await programEvents(t, f.parent, f.programId, start, start);
    expect(listed).toMatchObject({ id: first!.id, status: 'cancelled' });
    // Staff are not offered "Take attendance" on it: it takes no marks.
    expect((await t.req(f.coach, 'GET', url)).json().permissions).toEqual({
      canEdit: true,
      canMarkAttendance: false,
      canViewRoster: true,
    });

    const back = await t.req(f.coach, 'POST', `${url}/reinstate`);
    expect(back.json().event).toMatchObject({
      status: 'scheduled',
      cancelledAt: null,
      cancelReason: null,
      version: 3,
    });
    expect((await t.req(f.coach, 'POST', `${url}/reinstate`)).statusCode).toBe(409);
  });

  it('keeps a cancelled, then reinstated, occurrence in step with later edits of the series', async () => {
    const f = await programWithChild(t);
    const start = monday(t, 1);
    await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      ...sessionForm(start, '18:00', '19:00', { title: 'Nets' }),
      recurrence: { frequency: 'weekly', count: 3 },
    });
    const [first, second] = await programEvents(
      t,
      f.coach,
      f.programId,
      start,
      plusDays(start, 20),
    );
    const url = `/api/programs/${f.programId}/events/${second!.id}`;
    expect((await t.req(f.coach, 'POST', `${url}/cancel`, {})).statusCode).toBe(200);
    expect((await t.req(f.coach, 'POST', `${url}/reinstate`)).statusCode).toBe(200);

    // Edited from another occurrence: the reinstated one follows like the rest.
    const edited = await t.req(
      f.coach,
      'PATCH',
      `/api/programs/${f.programId}/events/${first!.id}`,
      {
        ...sessionForm(start, '17:00', '18:00', { title: 'Nets', location: 'Hall B' }),
        scope: 'all',
        recurrence: { frequency: 'weekly', count: 3 },
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await programEvents(t, f.coach, f.programId, start, plusDays(start, 20));
    expect(after.map((e) => [e.startsAt.slice(11, 16), e.location, e.status])).toEqual([
      ['11:30', 'Hall B', 'scheduled'],
      ['11:30', 'Hall B', 'scheduled'],
      ['11:30', 'Hall B', 'scheduled'],
    ]);
  });
});

describe('deleting events (docs/decisions/006)', () => {
  const setUp = async () => {
    const f = await programWithChild(t);
    const start = monday(t, 1);
    await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      ...sessionForm(start, '18:00', '19:00'),
      recurrence: { frequency: 'weekly' },
    });
    const list = () => programEvents(t, f.coach, f.programId, start, plusDays(start, 34));
    return { f, start, list, events: await list() };
  };
  const del = (
    f: { coach: Parameters<TestApp['req']>[0]; programId: string },
    e: ListedEvent,
    scope: string,
  ) => t.req(f.coach, 'DELETE', `/api/programs/${f.programId}/events/${e.id}`, { scope });

  it('refuses with 409 when an occurrence it would remove has marks, and removes nothing', async () => {
    const { f, list, events } = await setUp();
    expect(events).toHaveLength(5);
    await writeAttendance(t, {
      eventId: events[3]!.id,
      profileId: f.childId,
      orgId: f.orgId,
      status: 'present',
    });
    for (const [event, scope] of [
      [events[3]!, 'this'],
      [events[1]!, 'following'],
      [events[0]!, 'all'],
    ] as const) {
      const res = await del(f, event, scope);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('1 session has attendance marks; cancel it instead.');
    }
    expect((await list()).map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('refuses with 409 when a mark commits while it waits, and keeps the marked session', async () => {
    const { f, list, events } = await setUp();
    const marked = events[3]!;
    // An attendance write as lockEventForMarks does it: the event row FOR UPDATE, then the mark.
    const marker = await t.database.pool.connect();
    try {
      await marker.query('begin');
      await marker.query('select id from events where id = $1 for update', [marked.id]);
      await marker.query(
        `insert into attendance (event_id, profile_id, org_id, status, marked_at)
         values ($1, $2, $3, 'present', now())`,
        [marked.id, f.childId, f.orgId],
      );
      const deleting = del(f, events[0]!, 'all');
      await waitUntilSomeoneWaitsForALock();
      await marker.query('commit');

      const res = await deleting;
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('1 session has attendance marks; cancel it instead.');
    } finally {
      // Closed rather than pooled: a failure above may leave its transaction open.
      marker.release(true);
    }
    expect((await list()).map((e) => e.id)).toEqual(events.map((e) => e.id));
    const { rows } = await t.database.pool.query(
      'select status from attendance where event_id = $1',
      [marked.id],
    );
    expect(rows).toEqual([{ status: 'present' }]);
  });

  it('deletes this one (not brought back), this and following, or the whole series', async () => {
    const { f, start, list, events } = await setUp();
    expect((await del(f, events[1]!, 'this')).statusCode).toBe(204);
    expect((await list()).map((e) => e.id)).toEqual([0, 2, 3, 4].map((i) => events[i]!.id));
    // A read past the horizon extends the series, but never brings the deleted date back.
    const far = await programEvents(t, f.coach, f.programId, start, plusDays(start, 390));
    expect(far.map((e) => e.startsAt)).not.toContain(events[1]!.startsAt);

    expect((await del(f, events[3]!, 'following')).statusCode).toBe(204);
    expect((await list()).map((e) => e.id)).toEqual([0, 2].map((i) => events[i]!.id));
    const later = await programEvents(t, f.coach, f.programId, start, plusDays(start, 390));
    expect(later).toHaveLength(2);

    expect((await del(f, events[0]!, 'all')).statusCode).toBe(204);
    expect(await list()).toEqual([]);
  });
});
