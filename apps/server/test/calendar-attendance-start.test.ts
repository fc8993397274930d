import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createEvent, enrolFamily, localOf } from '../src/attendance/test-fixtures.ts';
import { createProgram, createTestApp, type TestApp, type TestUser } from './harness.ts';
import { twoConnections, untilBlockedBy } from './races.ts';

/**
 * Each attendance row keeps its event's start (`event_starts_at`, migration
 * 0020), so a profile's calendar finds its attendance rows by a range scan
 * of the month (docs/decisions/008, "The calendar's attendance rows by
 * start"). The database keeps the copy: these tests write through the API
 * and through plain SQL, and race a move of the event against an insert.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** `[from, to)` query of the month (UTC) around `at`, as the calendar page asks. */
function monthAround(at: Date): string {
  const from = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1) - DAY);
  const to = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 2));
  return `from=${from.toISOString()}&to=${to.toISOString()}`;
}

/**
 * A child enrolled in one program and an event of another program of the
 * club (so the event is on the child's calendar only by an attendance row:
 * a walk-in, docs/decisions/020).
 */
async function walkInSetup(startLocal?: string) {
  const { coach, orgId, programId } = await createClub(t);
  const family = await enrolFamily(t, coach, programId, 'Rohan');
  const otherProgramId = await createProgram(t, coach, orgId, { name: 'Holiday camp' });
  const eventId = await createEvent(t, coach, otherProgramId, { title: 'Camp day', startLocal });
  return { coach, orgId, family, otherProgramId, eventId };
}

async function insertAttendance(eventId: string, profileId: string, orgId: string) {
  await t.database.pool.query(
    `insert into attendance (event_id, profile_id, org_id, added_at) values ($1, $2, $3, now())`,
    [eventId, profileId, orgId],
  );
}

async function startsOf(eventId: string, profileId: string) {
  const { rows } = await t.database.pool.query<{ kept: Date; event: Date }>(
    `select a.event_starts_at as kept, e.starts_at as event
     from attendance a join events e on e.id = a.event_id
     where a.event_id = $1 and a.profile_id = $2`,
    [eventId, profileId],
  );
  return rows[0];
}

async function calendarIds(user: TestUser, profileId: string, at: Date): Promise<string[]> {
  const res = await t.req(user, 'GET', `/api/profiles/${profileId}/events?${monthAround(at)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events.map((e: { id: string }) => e.id);
}

describe('the event start kept on attendance rows', () => {
  it('follows an event moved to another month, and the calendar with it', async () => {
    const { coach, orgId, family, otherProgramId, eventId } = await walkInSetup();
    await insertAttendance(eventId, family.childId, orgId);
    const now = t.clock.now();
    expect(await calendarIds(family.parent, family.childId, now)).toEqual([eventId]);

    const later = new Date(now.getTime() + 45 * DAY);
    const moved = await t.req(coach, 'PATCH', `/api/programs/${otherProgramId}/events/${eventId}`, {
      title: 'Camp day',
      startLocal: localOf(later),
      endLocal: localOf(new Date(later.getTime() + 90 * 60_000)),
      scope: 'this',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const starts = await startsOf(eventId, family.childId);
    expect(starts?.kept).toEqual(starts?.event);
    expect(await calendarIds(family.parent, family.childId, now)).toEqual([]);
    expect(await calendarIds(family.parent, family.childId, later)).toEqual([eventId]);
  });

  it('is the event’s start whatever an insert or an update says', async () => {
    const { orgId, family, eventId } = await walkInSetup();
    await t.database.pool.query(
      `insert into attendance (event_id, profile_id, org_id, event_starts_at)
       values ($1, $2, $3, '2001-01-01T00:00:00Z')`,
      [eventId, family.childId, orgId],
    );
    let starts = await startsOf(eventId, family.childId);
    expect(starts?.kept).toEqual(starts?.event);

    await t.database.pool.query(
      `update attendance set event_starts_at = '2001-01-01T00:00:00Z'
       where event_id = $1 and profile_id = $2`,
      [eventId, family.childId],
    );
    starts = await startsOf(eventId, family.childId);
    expect(starts?.kept).toEqual(starts?.event);
  });

  it('refuses a row for an event that does not exist, as the foreign key does', async () => {
    const { orgId, family } = await walkInSetup();
    await expect(
      insertAttendance('00000000-0000-4000-8000-000000000000', family.childId, orgId),
    ).rejects.toMatchObject({
      code: '23503',
      constraint: 'attendance_event_id_events_id_fk',
    });
  });

  it('an insert while the event moves waits for the move and takes the new start', async () => {
    const { orgId, family, eventId } = await walkInSetup();
    const c = await twoConnections(t.database.pool);
    try {
      const mover = c.first;
      await mover.query('begin');
      await mover.query(
        `update events set starts_at = starts_at + interval '3 days',
                           ends_at = ends_at + interval '3 days' where id = $1`,
        [eventId],
      );
      const inserted = c.second.query(
        `insert into attendance (event_id, profile_id, org_id, added_at) values ($1, $2, $3, now())`,
        [eventId, family.childId, orgId],
      );
      await untilBlockedBy(t.database.pool, c.secondPid, c.firstPid);
      await mover.query('commit');
      await inserted;
    } finally {
      c.release();
    }
    const starts = await startsOf(eventId, family.childId);
    expect(starts?.kept).toEqual(starts?.event);
  });

  it('a move while an insert is open waits for the insert and moves the new row too', async () => {
    const { orgId, family, eventId } = await walkInSetup();
    const c = await twoConnections(t.database.pool);
    try {
      const inserter = c.first;
      await inserter.query('begin');
      await inserter.query(
        `insert into attendance (event_id, profile_id, org_id, added_at) values ($1, $2, $3, now())`,
        [eventId, family.childId, orgId],
      );
      const moved = c.second.query(
        `update events set starts_at = starts_at + interval '3 days',
                           ends_at = ends_at + interval '3 days' where id = $1`,
        [eventId],
      );
      await untilBlockedBy(t.database.pool, c.secondPid, c.firstPid);
      await inserter.query('commit');
      await moved;
    } finally {
      c.release();
    }
    const starts = await startsOf(eventId, family.childId);
    expect(starts?.kept).toEqual(starts?.event);
  });
});
