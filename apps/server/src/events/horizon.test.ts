import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { openDatabase } from '../db/client.ts';
import {
  monday,
  plusDays,
  programEvents,
  programWithChild,
  rangeOf,
  sessionForm,
} from './events-fixtures.ts';
import { extendHorizons, startHorizonSweep } from './horizon.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

interface StoredOccurrence {
  id: string;
  date: string;
  title: string;
  status: string;
  startsAt: string;
  version: number;
  isException: boolean;
}

async function stored(seriesId: string): Promise<StoredOccurrence[]> {
  const res = await t.database.pool.query<StoredOccurrence>(
    `select id, occurrence_date::text as date, title, status, starts_at::text as "startsAt",
       version, is_exception as "isException"
     from events where series_id = $1 order by occurrence_date`,
    [seriesId],
  );
  return res.rows;
}

async function horizonOf(seriesId: string): Promise<string> {
  const res = await t.database.pool.query<{ through: string }>(
    'select materialized_through::text as through from event_series where id = $1',
    [seriesId],
  );
  return res.rows[0]!.through;
}

const totalEvents = async () =>
  (await t.database.pool.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n;

/** Mondays strictly after `after` up to `through` (local dates). */
function mondaysBetween(after: string, through: string): string[] {
  const out: string[] = [];
  for (let d = plusDays(after, 1); d <= through; d = plusDays(d, 1)) {
    if (new Date(`${d}T00:00:00Z`).getUTCDay() === 1) out.push(d);
  }
  return out;
}

describe('the horizon sweep (docs/decisions/006)', () => {
  it('keeps exceptions, cancellations and deletions, and adds later occurrences exactly once', async () => {
    const f = await programWithChild(t);
    const start = monday(t, 1);
    const created = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      ...sessionForm(start, '18:00', '19:00'),
      recurrence: { frequency: 'weekly' },
    });
    const seriesId = created.json().event.seriesId as string;
    const [edited, cancelled, deleted] = await programEvents(
      t,
      f.coach,
      f.programId,
      start,
      plusDays(start, 20),
    );
    const url = (id: string) => `/api/programs/${f.programId}/events/${id}`;
    await t.req(f.coach, 'PATCH', url(edited!.id), {
      ...sessionForm(start, '07:00', '08:00', { title: 'Early bird' }),
      scope: 'this',
    });
    await t.req(f.coach, 'POST', `${url(cancelled!.id)}/cancel`, { reason: 'Holiday' });
    expect((await t.req(f.coach, 'DELETE', url(deleted!.id), { scope: 'this' })).statusCode).toBe(
      204,
    );
    const before = await stored(seriesId);
    const horizon0 = await horizonOf(seriesId);

    // Within the 30-day slack the sweep leaves the series alone.
    t.clock.advance(10 * DAY);
    await extendHorizons(t.database.db, t.clock.now());
    expect(await horizonOf(seriesId)).toBe(horizon0);

    t.clock.advance(30 * DAY);
    const result = await extendHorizons(t.database.db, t.clock.now());
    const horizon1 = await horizonOf(seriesId);
    expect(horizon1).toBe(plusDays(horizon0, 40));
    const after = await stored(seriesId);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((o) => o.date)).toEqual(
      mondaysBetween(horizon0, horizon1),
    );
    expect(result.occurrences).toBe(after.length - before.length);
    expect(after.find((o) => o.id === edited!.id)).toMatchObject({
      title: 'Early bird',
      isException: true,
    });
    expect(after.find((o) => o.id === cancelled!.id)).toMatchObject({ status: 'cancelled' });
    expect(after.map((o) => o.date)).not.toContain(plusDays(start, 14));

    // Two sweeps at once (two server instances): each new date is added once.
    t.clock.advance(40 * DAY);
    const eventsBefore = await totalEvents();
    const [a, b] = await Promise.all([
      extendHorizons(t.database.db, t.clock.now()),
      extendHorizons(t.database.db, t.clock.now()),
    ]);
    const again = await stored(seriesId);
    expect(again.slice(after.length).map((o) => o.date)).toEqual(
      mondaysBetween(horizon1, await horizonOf(seriesId)),
    );
    expect(a.occurrences + b.occurrences).toBe((await totalEvents()) - eventsBefore);
    expect(a.occurrences + b.occurrences).toBeGreaterThan(0);
  });

  it('runs at start and on its timer, logs what it did, and never throws', async () => {
    const f = await programWithChild(t);
    const created = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      ...sessionForm(monday(t, 1), '18:00', '19:00'),
      recurrence: { frequency: 'daily' },
    });
    const seriesId = created.json().event.seriesId as string;
    const horizon0 = await horizonOf(seriesId);
    t.clock.advance(45 * DAY);
    const lines: string[] = [];
    const logger = {
      info: (_obj: object, msg: string) => lines.push(`info ${msg}`),
      error: (_obj: object, msg: string) => lines.push(`error ${msg}`),
    };
    const sweep = startHorizonSweep(t.database.db, t.clock, logger, 60_000);
    await new Promise((resolve) => setImmediate(resolve));
    await sweep.stop();
    expect(await horizonOf(seriesId)).toBe(plusDays(horizon0, 45));
    expect(lines).toEqual(['info extended recurring event horizons']);

    const unreachable = openDatabase('postgres://rally@127.0.0.1:9/none', 1);
    const failing = startHorizonSweep(unreachable.db, t.clock, logger, 60_000);
    await new Promise((resolve) => setImmediate(resolve));
    await failing.stop();
    await unreachable.close();
    expect(lines.at(-1)).toBe('error recurring event horizon sweep failed');
  });
});

describe('calendars past the horizon (docs/decisions/006)', () => {
  it('extends the series of the programs shown on the spot, up to 3 years ahead', async () => {
    const f = await programWithChild(t);
    const start = monday(t, 1);
    const created = await t.req(f.coach, 'POST', `/api/programs/${f.programId}/events`, {
      ...sessionForm(start, '18:00', '19:00'),
      recurrence: { frequency: 'weekly' },
    });
    const seriesId = created.json().event.seriesId as string;
    const from = plusDays(start, 300);
    const to = plusDays(start, 334);
    const program = await programEvents(t, f.coach, f.programId, from, to);
    expect(program.map((e) => e.startsAt.slice(0, 10))).toEqual(
      mondaysBetween(plusDays(from, -1), to),
    );

    const later = plusDays(start, 500);
    const profile = await t.req(
      f.parent,
      'GET',
      `/api/profiles/${f.childId}/events${rangeOf(later, plusDays(later, 6))}`,
    );
    expect(profile.json().events).toHaveLength(1);
    expect(await horizonOf(seriesId)).toBe(plusDays(later, 6));

    const beyond = plusDays(start, 4 * 366);
    expect(await programEvents(t, f.coach, f.programId, beyond, plusDays(beyond, 30))).toEqual([]);
  });
});
