import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolledAtStartOf } from '../src/attendance/attendance.queries.ts';
import { createClub, createEvent, enrolFamily } from '../src/attendance/test-fixtures.ts';
import { createProgram, createTestApp, type TestApp, type TestUser } from './harness.ts';
import { twoConnections, untilBlockedBy } from './races.ts';

/**
 * Each subscription keeps its latest history entry (`latest_history_*`,
 * migration 0021), so a roster answers "enrolled at the event's start"
 * without a history probe per member when nothing changed after the start
 * (docs/decisions/008, "Rosters without a history probe per member; an RSVP counts after its commit"). The
 * rule itself is docs/decisions/006's: the latest entry at or before the
 * start, by time then id, says `active`. These tests hold the kept copy and
 * the roster to that rule, whatever order entries are written in.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** A history entry as the tests write it; `id` orders entries with the same `at`. */
interface Entry {
  id: string;
  at: Date;
  status: 'pending' | 'active' | 'paused' | 'cancelled';
}

/** Writes `entry` for the subscription through `via` (the pool, or one connection of a race). */
async function insertEntry(
  subscriptionId: string,
  orgId: string,
  entry: Entry,
  via: pg.Pool | pg.PoolClient = t.database.pool,
) {
  await via.query(
    `insert into subscription_history (id, org_id, subscription_id, action, from_status, to_status, at)
     values ($1, $2, $3, 'test', null, $4, $5)`,
    [entry.id, orgId, subscriptionId, entry.status, entry.at],
  );
}

async function latestOf(subscriptionId: string) {
  const { rows } = await t.database.pool.query<{ at: Date; id: string; status: string }>(
    `select latest_history_at as at, latest_history_id as id, latest_history_status as status
     from subscriptions where id = $1`,
    [subscriptionId],
  );
  return rows[0];
}

/** The rule of docs/decisions/006, in JavaScript: the latest entry at or before `at`, by time then id. */
function latestAtOrBefore(entries: readonly Entry[], at: Date): Entry | undefined {
  return entries
    .filter((e) => e.at.getTime() <= at.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1))
    .at(-1);
}

/** A uuid whose order among others of this helper is `n`'s (PostgreSQL compares uuids bytewise). */
function orderedId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** Has the coach pause the subscription (a history entry at the app's clock, through the API). */
async function pause(coach: TestUser, programId: string, subscriptionId: string) {
  const res = await t.req(
    coach,
    'POST',
    `/api/programs/${programId}/subscriptions/${subscriptionId}/transitions`,
    { action: 'pause' },
  );
  expect(res.statusCode, res.body).toBe(200);
}

describe('the latest history entry kept on each subscription', () => {
  it('is the latest by time, then id, whatever order entries are written in', async () => {
    const { coach, orgId, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Ishaan');
    const base = new Date(t.clock.now().getTime() + HOUR);
    const written: Entry[] = [
      { id: orderedId(5), at: new Date(base.getTime() + 3 * HOUR), status: 'paused' },
      { id: orderedId(9), at: new Date(base.getTime() + 1 * HOUR), status: 'cancelled' },
      { id: orderedId(7), at: new Date(base.getTime() + 3 * HOUR), status: 'pending' },
      { id: orderedId(2), at: new Date(base.getTime() + 3 * HOUR), status: 'active' },
      { id: orderedId(8), at: new Date(base.getTime() + 2 * HOUR), status: 'cancelled' },
    ];
    for (const entry of written) await insertEntry(family.subscriptionId, orgId, entry);

    // Three entries share the latest time; the largest id of them wins, as the probe orders.
    expect(await latestOf(family.subscriptionId)).toEqual({
      at: written[2]!.at,
      id: orderedId(7),
      status: 'pending',
    });
  });

  it('an entry written through the API moves it', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Jaya');
    const enrolled = await latestOf(family.subscriptionId);
    expect(enrolled?.status).toBe('active');

    t.clock.advance(HOUR);
    await pause(coach, programId, family.subscriptionId);
    const { rows } = await t.database.pool.query<{ at: Date; id: string }>(
      `select at, id from subscription_history where subscription_id = $1 and to_status = 'paused'`,
      [family.subscriptionId],
    );
    expect(rows).toHaveLength(1);
    expect(await latestOf(family.subscriptionId)).toEqual({ ...rows[0], status: 'paused' });
    expect(rows[0]!.at.getTime()).toBeGreaterThan(enrolled!.at.getTime());
  });

  it('keeps the later of two racing inserts, in either commit order', async () => {
    const { coach, orgId, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Kabir');
    const later: Entry = {
      id: randomUUID(),
      at: new Date(t.clock.now().getTime() + 2 * HOUR),
      status: 'paused',
    };
    const earlier: Entry = {
      id: randomUUID(),
      at: new Date(t.clock.now().getTime() + HOUR),
      status: 'cancelled',
    };
    for (const [held, waiting] of [
      [later, earlier],
      [earlier, later],
    ] as const) {
      await t.database.pool.query('delete from subscription_history where id = any($1)', [
        [later.id, earlier.id],
      ]);
      const c = await twoConnections(t.database.pool);
      try {
        await c.first.query('begin');
        await insertEntry(family.subscriptionId, orgId, held, c.first);
        const racing = insertEntry(family.subscriptionId, orgId, waiting, c.second);
        await untilBlockedBy(t.database.pool, c.secondPid, c.firstPid);
        await c.first.query('commit');
        await racing;
      } finally {
        c.release();
      }
      expect(await latestOf(family.subscriptionId)).toEqual({
        at: later.at,
        id: later.id,
        status: 'paused',
      });
    }
  });

  it('is taken again from the entries left when the latest is deleted', async () => {
    const { coach, orgId, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Kiran');
    const enrolled = await latestOf(family.subscriptionId);
    const later: Entry[] = [1, 2].map((h) => ({
      id: randomUUID(),
      at: new Date(t.clock.now().getTime() + h * HOUR),
      status: 'paused',
    }));
    for (const entry of later) await insertEntry(family.subscriptionId, orgId, entry);
    expect((await latestOf(family.subscriptionId))?.id).toBe(later[1]!.id);

    await t.database.pool.query('delete from subscription_history where id = $1', [later[1]!.id]);
    expect((await latestOf(family.subscriptionId))?.id).toBe(later[0]!.id);
    await t.database.pool.query('delete from subscription_history where id = $1', [later[0]!.id]);
    expect(await latestOf(family.subscriptionId)).toEqual(enrolled);
  });

  it('refuses to rewrite an entry’s time or status (history is append-only)', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Lina');
    const rewrite = (set: string) =>
      t.database.pool.query(`update subscription_history set ${set} where subscription_id = $1`, [
        family.subscriptionId,
      ]);
    await expect(rewrite(`to_status = 'paused'`)).rejects.toMatchObject({ code: '23514' });
    await expect(rewrite(`at = at - interval '1 day'`)).rejects.toMatchObject({ code: '23514' });
    await expect(rewrite(`data = '{"note": "kept"}'`)).resolves.toMatchObject({ rowCount: 1 });
    expect((await latestOf(family.subscriptionId))?.status).toBe('active');
  });
});

describe('a roster with the kept entry', () => {
  it('a past event keeps a member paused after it; an upcoming one does not have them', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Meera');
    const soon = await createEvent(t, coach, programId, { title: 'Tomorrow' });
    const inAWeek = new Date(t.clock.now().getTime() + 7 * 24 * HOUR);
    const later = await createEvent(t, coach, programId, {
      title: 'Next week',
      startLocal: inAWeek.toISOString().slice(0, 10) + 'T18:00',
    });

    t.clock.advance(3 * 24 * HOUR); // "Tomorrow" is past; the pause comes after it.
    await pause(coach, programId, family.subscriptionId);

    const rosterOf = async (eventId: string) => {
      const res = await t.req(
        coach,
        'GET',
        `/api/programs/${programId}/events/${eventId}/attendance`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().roster as { profileId: string }[]).map((r) => r.profileId);
    };
    expect(await rosterOf(soon)).toEqual([family.childId]);
    expect(await rosterOf(later)).toEqual([]);
  });

  it('is the rule’s answer for any histories around the events’ starts', async () => {
    const { coach, orgId } = await createClub(t);
    const start = new Date(Math.floor(t.clock.now().getTime() / HOUR) * HOUR + 48 * HOUR);
    // Entry times on and around the three events' starts (-24, 0, +24 h), so
    // entries tie with a start and with each other; `rank` orders the ids of
    // entries at one time (the probe's tie-break).
    const entry = fc.record({
      hour: fc.constantFrom(-48, -24, -12, 0, 12, 24, 36),
      status: fc.constantFrom('pending', 'active', 'paused', 'cancelled'),
      rank: fc.nat({ max: 3 }),
    });
    const histories = fc.array(fc.array(entry, { maxLength: 4 }), { minLength: 1, maxLength: 12 });
    let serial = 0; // ids stay unique over every run, shrinking included

    await fc.assert(
      fc.asyncProperty(histories, async (drawn) => {
        const programId = await createProgram(t, coach, orgId);
        const { rows: events } = await t.database.pool.query<{ id: string; starts_at: Date }>(
          `insert into events (id, program_id, org_id, title, kind, starts_at, ends_at, time_zone)
           select gen_random_uuid(), $1, $2, 'Event ' || h, 'training',
                  $3::timestamptz + make_interval(hours => h),
                  $3::timestamptz + make_interval(hours => h + 1), 'UTC'
           from unnest(array[-24, 0, 24]) h
           returning id, starts_at`,
          [programId, orgId, start],
        );
        const members = drawn.map((drawnEntries) => ({
          profileId: randomUUID(),
          subscriptionId: randomUUID(),
          entries: drawnEntries.map((e): Entry => ({
            id: orderedId((e.rank + 1) * 10_000_000 + (serial += 1)),
            at: new Date(start.getTime() + e.hour * HOUR),
            status: e.status,
          })),
        }));
        await t.database.pool.query(
          `with p as (
             insert into profiles (id, display_name)
             select id, 'Member' from unnest($1::uuid[]) id
           )
           insert into subscriptions (id, org_id, program_id, profile_id, status, starts_on)
           select s, $3, $4, p, 'active', '2000-01-01' from unnest($2::uuid[], $1::uuid[]) x(s, p)`,
          [members.map((m) => m.profileId), members.map((m) => m.subscriptionId), orgId, programId],
        );
        for (const m of members) {
          for (const e of m.entries) await insertEntry(m.subscriptionId, orgId, e);
        }

        const { rows } = await t.database.db.execute<{ event_id: string; profile_id: string }>(
          sql`select event_id, profile_id from (${enrolledAtStartOf(sql`e.program_id = ${programId}`)}) r`,
        );
        const expected = events.flatMap((e) =>
          members
            .filter((m) => latestAtOrBefore(m.entries, e.starts_at)?.status === 'active')
            .map((m) => `${e.id} ${m.profileId}`),
        );
        expect(rows.map((r) => `${r.event_id} ${r.profile_id}`).sort()).toEqual(expected.sort());
      }),
      { numRuns: 25 },
    );
  });
});
