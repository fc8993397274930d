import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { profileEventSchema, type ProfileEvent } from '@rally/shared/events';
import { markAttendance } from '../src/attendance/mark-attendance.command.ts';
import { createClub, createEvent, enrolFamily, localOf } from '../src/attendance/test-fixtures.ts';
import {
  createChatClub,
  familyThread,
  sent,
  staffThread,
} from '../src/conversations/test-fixtures.ts';
import { listProfileEvents } from '../src/events/events.queries.ts';
import { presentProfileEvent } from '../src/events/events.presenter.ts';
import { explainAnalyze, rowsRead, sentStatement } from './plans.ts';
import { recordStatements } from './statements.ts';
import {
  acceptInvites,
  createTestApp,
  makeGlobalAdmin,
  signUp,
  untilSessionCached,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * The hot paths of DESIGN.md §7 and what they cost in statements
 * (docs/decisions/008): on an instance that holds the caller's session
 * (docs/decisions/032), a profile's month calendar is one statement, which
 * reads the profile's attendance rows of the month only, not its history; an
 * attendance mark checks access with its lock, then writes the marks with
 * their session packs and timeline entries and reads the roster they leave
 * in one statement, rewriting each attendance row in place (a HOT update: no index
 * entries, so less WAL); an RSVP counts an upcoming event's roster without
 * reading subscription history. The answers stay what the slower paths answer.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `send` and returns the names of the statements it sent (`?` for an unnamed one, the text of a transaction's `begin` or `commit`). */
async function statementsOf<T>(send: () => Promise<T>): Promise<{ answer: T; names: string[] }> {
  const { answer, sent } = await recordStatements(send);
  const names = sent
    // Realtime NOTIFYs after a commit are another concern's statements.
    .filter((s) => !s.text.includes('pg_notify'))
    .map((s) => s.name ?? (/^(begin|commit)$/i.test(s.text) ? s.text.toLowerCase() : '?'));
  return { answer, names };
}

/**
 * `[from, to)` of the month (UTC ISO) around `at`, as the calendar page asks,
 * stretched to hold the next four days at least: the tests' events start
 * tomorrow evening in Kolkata, which near a month's end is next month.
 */
function monthAround(at: Date) {
  const day = 86_400_000;
  const monthFrom = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1) - day;
  const monthTo = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 2);
  const from = new Date(Math.min(monthFrom, at.getTime() - day));
  const to = new Date(Math.max(monthTo, at.getTime() + 4 * day));
  return `from=${from.toISOString()}&to=${to.toISOString()}`;
}

describe('a profile’s month calendar', () => {
  it('is one statement for its manager once the session is cached, with the same events', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Ishaan');
    const eventId = await createEvent(t, coach, programId, { title: 'Nets' });
    const url = `/api/profiles/${family.childId}/events?${monthAround(t.clock.now())}`;

    await untilSessionCached(t, family.parent);
    const { answer, names } = await statementsOf(() => t.req(family.parent, 'GET', url));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().events.map((e: { id: string }) => e.id)).toEqual([eventId]);
    expect(names).toEqual(['calendar_managed_profile_json']);

    const admin = await signUp(t, 'Admin Aditi');
    await makeGlobalAdmin(t, admin);
    const asAdmin = await t.req(admin, 'GET', url);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().events).toEqual(answer.json().events);
  });

  it('an empty month, a stranger and a global admin take the profile’s own check', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Meera');
    const url = `/api/profiles/${family.childId}/events?${monthAround(t.clock.now())}`;

    const empty = await statementsOf(() => t.req(family.parent, 'GET', url));
    expect(empty.answer.statusCode).toBe(200);
    expect(empty.answer.json().events).toEqual([]);
    expect(empty.names).toContain('profiles_managed_profile');

    const stranger = await signUp(t, 'Stranger Sam');
    const refused = await t.req(stranger, 'GET', url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('not_found');

    const eventId = await createEvent(t, coach, programId, { title: 'Laps' });
    const admin = await signUp(t, 'Admin Arun');
    await makeGlobalAdmin(t, admin);
    const asAdmin = await t.req(admin, 'GET', url);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().events.map((e: { id: string }) => e.id)).toEqual([eventId]);
  });
  it('is written by PostgreSQL byte for byte as the presenter writes it, whatever the events hold', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Zoë');
    // A second club whose event is on the calendar by an attendance row only (the union's other half).
    const other = await createClub(t);
    const tomorrow = t.clock.now().getTime() + 86_400_000;
    const startLocal = (hours: number) => localOf(new Date(tomorrow + hours * 3_600_000));
    const plain = await createEvent(t, coach, programId, { startLocal: startLocal(0) });
    const sameStart = await createEvent(t, coach, programId, { startLocal: startLocal(0) });
    const limited = await createEvent(t, coach, programId, {
      startLocal: startLocal(2),
      capacity: 12,
      rsvpCloseMinutes: 90,
    });
    const odd = await createEvent(t, coach, programId, { startLocal: startLocal(3) });
    const cancelled = await createEvent(t, coach, programId, { startLocal: startLocal(4) });
    const elsewhere = await createEvent(t, other.coach, other.programId, {
      startLocal: startLocal(1),
    });
    await t.database.pool.query(
      `update events set title = $2, location = $3, description = $4, is_all_day = true,
         is_exception = true where id = $1`,
      [
        odd,
        'Nets "A" \\ B/C \u00e9\u4e2d\u{1F3CF}',
        'Tab\there,\nnew line\r\u0001\u001f\u007f\u2028\u2029\b\f',
        "<b>&amp;</b> 'single' \u{10FFFF}",
      ],
    );
    await t.database.pool.query(
      `update events set status = 'cancelled', cancelled_at = '2026-11-28 10:11:12.345678+00',
         cancel_reason = 'Rain ☔' where id = $1`,
      [cancelled],
    );
    await t.database.pool.query(
      `update profiles set display_name = 'Zoë "Z" \\ O''Neil 🏏' where id = $1`,
      [family.childId],
    );
    // Instants off the minute: the answer truncates to milliseconds, as a Date does.
    await t.database.pool.query(
      `update events set starts_at = starts_at + interval '12.999999 seconds',
         ends_at = ends_at + interval '0.0005 seconds' where id = $1`,
      [limited],
    );
    await t.database.pool.query(
      `insert into attendance (event_id, profile_id, org_id, status) values ($1, $2, $3, 'present')`,
      [elsewhere, family.childId, other.orgId],
    );
    const month = monthAround(t.clock.now());
    const url = `/api/profiles/${family.childId}/events?${month}`;

    await untilSessionCached(t, family.parent);
    const { answer, names } = await statementsOf(() => t.req(family.parent, 'GET', url));
    expect(names).toEqual(['calendar_managed_profile_json']);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const params = new URLSearchParams(month);
    const rows = await listProfileEvents(
      t.database.db,
      family.childId,
      new Date(params.get('from')!),
      new Date(params.get('to')!),
    );
    expect(rows.map((r) => r.id).sort()).toEqual(
      [plain, sameStart, limited, odd, cancelled, elsewhere].sort(),
    );
    expect(answer.body).toBe(JSON.stringify({ events: rows.map(presentProfileEvent) }));
    expect(profileEventSchema.array().parse(answer.json().events)).toHaveLength(6);
  });

  it('the family calendar is one statement writing what the presenter writes for each child, merged in calendar order', async () => {
    const { coach, programId } = await createClub(t);
    const first = await enrolFamily(t, coach, programId, 'Aarav "A"');
    // The same parent manages a second child, enrolled in another club.
    const other = await createClub(t);
    const res = await t.req(other.coach, 'POST', `/api/programs/${other.programId}/subscriptions`, {
      newProfile: { displayName: 'Zoë \\ 🏏', guardianPhone: first.parent.phoneNumber },
    });
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json().subscription.profileId as string;
    // A third child with the first one's very name in the first one's program:
    // the club's events are on both calendars, told apart by profile id.
    const twin = await t.req(coach, 'POST', `/api/programs/${programId}/subscriptions`, {
      newProfile: { displayName: 'Aarav "A"', guardianPhone: first.parent.phoneNumber },
    });
    expect(twin.statusCode, twin.body).toBe(201);
    const third = twin.json().subscription.profileId as string;
    await acceptInvites(t, first.parent);
    const tomorrow = t.clock.now().getTime() + 86_400_000;
    const startLocal = (hours: number) => localOf(new Date(tomorrow + hours * 3_600_000));
    const nets = await createEvent(t, coach, programId, {
      startLocal: startLocal(0),
      title: 'Nets "x" \\ y',
    });
    // An attendance row for an event already on the calendar by subscription: listed once.
    await t.database.pool.query(
      `insert into attendance (event_id, profile_id, org_id, status)
       select $1, $2, org_id, 'present' from events where id = $1`,
      [nets, first.childId],
    );
    await createEvent(t, other.coach, other.programId, { startLocal: startLocal(0) });
    await createEvent(t, other.coach, other.programId, {
      startLocal: startLocal(2),
      rsvpCloseMinutes: 30,
    });
    const month = monthAround(t.clock.now());
    const params = new URLSearchParams(month);
    const [from, to] = [new Date(params.get('from')!), new Date(params.get('to')!)];

    await untilSessionCached(t, first.parent);
    const { answer, names } = await statementsOf(() =>
      t.req(first.parent, 'GET', `/api/family/events?${month}`),
    );
    expect(names).toEqual(['calendar_family_json']);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const perChild = [
      ...(await listProfileEvents(t.database.db, first.childId, from, to)),
      ...(await listProfileEvents(t.database.db, second, from, to)),
      ...(await listProfileEvents(t.database.db, third, from, to)),
    ].map(presentProfileEvent);
    const calendarOrder = (a: ProfileEvent, b: ProfileEvent) =>
      a.startsAt.localeCompare(b.startsAt) ||
      a.profileName.localeCompare(b.profileName) ||
      a.id.localeCompare(b.id) ||
      a.profileId.localeCompare(b.profileId);
    expect(perChild).toHaveLength(4);
    expect(answer.body).toBe(JSON.stringify({ events: perChild.sort(calendarOrder) }));
    const head = await t.request({
      method: 'HEAD',
      url: `/api/family/events?${month}`,
      token: first.parent.token,
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.body).toBe('');

    const stranger = await signUp(t, 'Stranger Sunil');
    const none = await t.req(stranger, 'GET', `/api/family/events?${month}`);
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('{"events":[]}');
  });

  it('reads only the month’s attendance rows, not the profile’s whole history', async () => {
    const { coach, orgId, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Vihaan');
    const eventId = await createEvent(t, coach, programId, { title: 'Drills' });
    // Two years of weekly sessions, each with an attendance row, all before the
    // earliest start a month's query reads (its from - (MAX_EVENT_DAYS + 2) days).
    await t.database.pool.query(
      `with past as (
         insert into events (id, program_id, org_id, title, kind, starts_at, ends_at, time_zone)
         select gen_random_uuid(), $1::uuid, $2::uuid, 'Past ' || n, 'training',
                $5::timestamptz - make_interval(days => 70 + 7 * n),
                $5::timestamptz - make_interval(days => 70 + 7 * n) + interval '1 hour',
                'Asia/Kolkata'
         from generate_series(1, 104) n
         returning id
       )
       insert into attendance (event_id, profile_id, org_id, status)
       select id, $3::uuid, $2::uuid, 'present' from past
       union all select $4::uuid, $3::uuid, $2::uuid, 'present'`,
      [programId, orgId, family.childId, eventId, t.clock.now()],
    );
    await t.database.pool.query('analyze attendance');
    const url = `/api/profiles/${family.childId}/events?${monthAround(t.clock.now())}`;

    const { answer, statement } = await sentStatement(
      (config) => config.name === 'calendar_managed_profile_json',
      () => t.req(family.parent, 'GET', url),
    );
    expect(answer.json().events.map((e: { id: string }) => e.id)).toEqual([eventId]);
    expect(rowsRead(await explainAnalyze(t.database.pool, statement), 'attendance')).toBe(1);
  });
});

describe('an attendance mark', () => {
  /** The statements of a mark (docs/decisions/008): no follow-ups, whatever the mark changes. */
  const MARK_STATEMENTS = ['begin', 'attendance_lock_event', 'attendance_apply_marks', 'commit'];

  it('is the lock with the access check and one write that reads the roster; answers what a read answers', async () => {
    const { coach, programId } = await createClub(t);
    const plan = await t.req(coach, 'POST', `/api/programs/${programId}/fee-plans`, {
      name: '8 sessions',
      priceMinor: 160000,
      currency: 'INR',
      billing: 'pack',
      sessionsIncluded: 8,
    });
    const planId = plan.json().feePlan.id as string;
    const [asha, bela] = await Promise.all(
      ['Asha', 'Bela'].map((n) => enrolFamily(t, coach, programId, n, planId)),
    );
    const eventId = await createEvent(t, coach, programId, { title: 'Drills' });
    const url = `/api/programs/${programId}/events/${eventId}/attendance`;
    const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
    const sessionsUsed = async (subscriptionId: string) =>
      (
        await t.req(coach, 'GET', `/api/programs/${programId}/subscriptions/${subscriptionId}`)
      ).json().subscription.sessions.used;
    const attended = async (parent: TestUser, profileId: string) =>
      (await t.req(parent, 'GET', `/api/profiles/${profileId}/activities`))
        .json()
        .activities.filter((a: { kind: string }) => a.kind === 'attended').length;

    // Present draws a session and writes the attended entry; absent does neither.
    const first = {
      marks: [
        { profileId: asha!.childId, status: 'present', note: 'On time', markedAt: at(0) },
        { profileId: bela!.childId, status: 'absent', markedAt: at(0) },
      ],
    };
    await untilSessionCached(t, coach);
    const { answer, names } = await statementsOf(() => t.req(coach, 'PUT', url, first));
    expect(answer.statusCode).toBe(200);
    expect(names).toEqual(MARK_STATEMENTS);
    expect(await sessionsUsed(asha!.subscriptionId)).toBe(1);
    expect(await attended(asha!.parent, asha!.childId)).toBe(1);
    expect(await sessionsUsed(bela!.subscriptionId)).toBe(0);

    const { results, ...view } = answer.json();
    expect(results).toEqual([
      { profileId: asha!.childId, outcome: 'applied' },
      { profileId: bela!.childId, outcome: 'applied' },
    ]);
    expect(view).toEqual((await t.req(coach, 'GET', url)).json());
    expect(view.roster).toMatchObject([
      { displayName: 'Asha', status: 'present', note: 'On time', markedBy: { userId: coach.id } },
      { displayName: 'Bela', status: 'absent', note: null, markedBy: { userId: coach.id } },
    ]);

    // A correction gives the session back and removes the entry; a replay changes nothing.
    const corrected = await statementsOf(() =>
      t.req(coach, 'PUT', url, {
        marks: [
          { profileId: asha!.childId, status: 'excused', markedAt: at(1000) },
          { profileId: bela!.childId, status: 'late', markedAt: at(1000) },
        ],
      }),
    );
    expect(corrected.names).toEqual(MARK_STATEMENTS);
    expect(await sessionsUsed(asha!.subscriptionId)).toBe(0);
    expect(await attended(asha!.parent, asha!.childId)).toBe(0);
    expect(await sessionsUsed(bela!.subscriptionId)).toBe(1);
    expect(await attended(bela!.parent, bela!.childId)).toBe(1);
    const replay = await statementsOf(() => t.req(coach, 'PUT', url, first));
    expect(replay.names).toEqual(MARK_STATEMENTS);
    expect(replay.answer.json().results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'stale',
      'stale',
    ]);
  });

  it('answers what a read answers after stale, cleared, note-keeping and walk-in marks, names in any case', async () => {
    const { coach, programId } = await createClub(t);
    const families = await Promise.all(
      ['bela', 'Asha', 'Chitra', 'asha'].map((n) => enrolFamily(t, coach, programId, n)),
    );
    const [bela, asha, chitra, ashaToo] = families.map((f) => f.childId) as [
      string,
      string,
      string,
      string,
    ];
    const eventId = await createEvent(t, coach, programId, { title: 'Drills' });
    const url = `/api/programs/${programId}/events/${eventId}`;
    const walkIn = await t.req(coach, 'POST', `${url}/roster`, {
      newProfile: { displayName: 'Trial Tara', guardianPhone: '+919811111112' },
    });
    expect(walkIn.statusCode).toBe(201);
    const tara = (walkIn.json().roster as { displayName: string; profileId: string }[]).find(
      (r) => r.displayName === 'Trial Tara',
    )!.profileId;
    const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
    const put = async (marks: object[]) => {
      const { answer, names } = await statementsOf(() =>
        t.req(coach, 'PUT', `${url}/attendance`, { marks }),
      );
      expect(answer.statusCode, answer.body).toBe(200);
      expect(names).toEqual(MARK_STATEMENTS);
      const { results, ...view } = answer.json();
      expect(view).toEqual((await t.req(coach, 'GET', `${url}/attendance`)).json());
      return { results: results.map((r: { outcome: string }) => r.outcome), view };
    };

    await untilSessionCached(t, coach);
    await put([
      { profileId: bela, status: 'present', note: 'Early', markedAt: at(1000) },
      { profileId: asha, status: 'late', note: 'Bus', markedAt: at(1000) },
      { profileId: tara, status: 'present', markedAt: at(1000) },
    ]);
    // Stale (older than stored), cleared, no note (keeps the stored one), a new mark.
    const second = await put([
      { profileId: bela, status: 'absent', markedAt: at(0) },
      { profileId: asha, status: null, markedAt: at(2000) },
      { profileId: tara, status: 'late', markedAt: at(2000) },
      { profileId: chitra, status: 'excused', note: 'Ill', markedAt: at(2000) },
    ]);
    expect(second.results).toEqual(['stale', 'applied', 'applied', 'applied']);
    // 'Asha' and 'asha' sort by id between them (lower(name), id): the read above pins that.
    const byId = new Map(
      second.view.roster.map((r: { profileId: string; status: string | null; note: string }) => [
        r.profileId,
        [r.status, r.note],
      ]),
    );
    expect(Object.fromEntries(byId)).toEqual({
      [bela]: ['present', 'Early'],
      [asha]: [null, 'Bus'],
      [ashaToo]: [null, null],
      [chitra]: ['excused', 'Ill'],
      [tara]: ['late', null],
    });
    expect(
      second.view.roster.map((r: { displayName: string }) => r.displayName.toLowerCase()),
    ).toEqual(['asha', 'asha', 'bela', 'chitra', 'trial tara']);
  });

  it('a profile who joins the roster by the mark is in the answer', async () => {
    const { coach, programId } = await createClub(t);
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000);
    const eventId = await createEvent(t, coach, programId, { startLocal: localOf(yesterday) });
    const late = await enrolFamily(t, coach, programId, 'Latecomer');
    const url = `/api/programs/${programId}/events/${eventId}/attendance`;

    await untilSessionCached(t, coach);
    const { answer: marked, names } = await statementsOf(() =>
      t.req(coach, 'PUT', url, {
        marks: [{ profileId: late.childId, status: 'late', markedAt: t.clock.now().toISOString() }],
      }),
    );
    expect(marked.statusCode).toBe(200);
    expect(names).toEqual(MARK_STATEMENTS);
    const { results, ...view } = marked.json();
    expect(results).toEqual([{ profileId: late.childId, outcome: 'applied' }]);
    expect(view.roster).toMatchObject([{ displayName: 'Latecomer', status: 'late' }]);
    expect(view).toEqual((await t.req(coach, 'GET', url)).json());
  });

  it('rewrites its row in place (a HOT update) though the rows stored around it filled their pages', async () => {
    const { coach, orgId, programId } = await createClub(t);
    const { childId } = await enrolFamily(t, coach, programId, 'Chitra');
    const eventId = await createEvent(t, coach, programId, { title: 'Sprints' });
    // 400 answers stored with the child's in one go, the child's in the middle: at
    // fillfactor 100 its page would be full, and the mark would move the row to
    // another page and add index entries (docs/decisions/008, "WAL per mark").
    await t.database.pool.query(
      `with filler as (
         insert into profiles (id, display_name)
         select gen_random_uuid(), 'Filler ' || n from generate_series(1, 400) n
         returning id
       )
       insert into attendance (event_id, profile_id, org_id, rsvp, rsvp_at)
       select $1, id, $2, 'going', now()
       from (select id, row_number() over () as k from filler
             union all select $3::uuid, 200.5) answers
       order by k`,
      [eventId, orgId, childId],
    );
    const { rows } = await t.database.pool.query<{ startsAt: Date; timeZone: string }>(
      'select starts_at as "startsAt", time_zone as "timeZone" from events where id = $1',
      [eventId],
    );
    const now = t.clock.now();
    // The counters also hold the connection's earlier, unflushed transactions:
    // what this mark did is the difference.
    const countsOf = async (tx: Parameters<Parameters<typeof t.database.db.transaction>[0]>[0]) => {
      const counts = await tx.execute<{ updated: number; hot: number }>(sql`
        select n_tup_upd::int as updated, n_tup_hot_upd::int as hot
        from pg_stat_xact_user_tables where relname = 'attendance'`);
      return counts.rows[0] ?? { updated: 0, hot: 0 };
    };
    const updates = await t.database.db.transaction(async (tx) => {
      const before = await countsOf(tx);
      const outcome = await markAttendance(tx, {
        event: {
          id: eventId,
          orgId,
          programId,
          title: 'Sprints',
          programName: 'Program',
          ...rows[0]!,
        },
        markedBy: coach.id,
        recordedAt: now,
        marks: [{ profileId: childId, status: 'present', note: 'Fast', markedAt: now }],
      });
      expect(outcome.applied).toEqual(new Set([childId]));
      expect(outcome.roster.find((r) => r.profileId === childId)?.status).toBe('present');
      const after = await countsOf(tx);
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(updates).toEqual({ updated: 1, hot: 1 });
  });
});

describe('an RSVP', () => {
  it('counts its event’s roster in PostgreSQL instead of reading it, and answers what the roster says', async () => {
    const { coach, programId } = await createClub(t);
    const families = await Promise.all(
      ['Dev', 'Esha', 'Farah'].map((n) => enrolFamily(t, coach, programId, n)),
    );
    const eventId = await createEvent(t, coach, programId, { title: 'Cup tie', capacity: 1 });
    const rsvp = (f: (typeof families)[number], answer: string) =>
      t.req(f.parent, 'PUT', `/api/profiles/${f.childId}/events/${eventId}/rsvp`, { answer });
    expect((await rsvp(families[0]!, 'going')).statusCode).toBe(200);
    expect((await rsvp(families[1]!, 'going')).statusCode).toBe(200);

    await untilSessionCached(t, families[2]!.parent);
    const { answer, names } = await statementsOf(() => rsvp(families[2]!, 'going'));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(names).toContain('rsvp_standing');
    expect(names).not.toContain('roster_list');
    // The roster is counted after the commit, off the event's lock.
    const standingAt = names.indexOf('rsvp_standing');
    const commitAt = names.indexOf('commit', standingAt);
    expect(standingAt).toBeGreaterThan(names.indexOf('begin'));
    expect(commitAt).toBeGreaterThan(standingAt);
    expect(names.indexOf('rsvp_tally')).toBeGreaterThan(commitAt);
    expect(answer.json().rsvp).toMatchObject({ answer: 'going', waitlistPosition: 2 });
    expect(answer.json().counts).toMatchObject({
      going: 1,
      waitlisted: 2,
      noAnswer: 0,
      placesLeft: 0,
    });

    // The event page computes both from the whole roster.
    const page = (
      await t.req(
        families[2]!.parent,
        'GET',
        `/api/profiles/${families[2]!.childId}/events/${eventId}`,
      )
    ).json();
    expect(page.counts).toEqual(answer.json().counts);
    expect(page.rsvp).toEqual(answer.json().rsvp);
  });

  it('reads no subscription history to count an upcoming event’s roster', async () => {
    const { coach, programId } = await createClub(t);
    const families = await Promise.all(
      ['Gita', 'Hari', 'Ira'].map((n) => enrolFamily(t, coach, programId, n)),
    );
    const eventId = await createEvent(t, coach, programId, { title: 'Friendly' });
    const { answer, statement } = await sentStatement(
      (config) => config.name === 'rsvp_tally',
      () =>
        t.req(
          families[0]!.parent,
          'PUT',
          `/api/profiles/${families[0]!.childId}/events/${eventId}/rsvp`,
          { answer: 'going' },
        ),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().counts).toMatchObject({ going: 1, noAnswer: 2 });
    const plan = await explainAnalyze(t.database.pool, statement);
    expect(rowsRead(plan, 'subscription_history')).toBe(0);
  });
});

describe('the unread badges (on every home)', () => {
  it('read the messages of the caller’s own unread threads only, not every thread’s', async () => {
    const mine = await createChatClub(t);
    const bea = await enrolFamily(t, mine.coach, mine.programId, 'Bea');
    await sent(
      t,
      mine.asha.parent,
      familyThread(mine.asha.childId, mine.programId),
      'Running late',
    );
    await sent(t, mine.coach, staffThread(mine.programId, bea.childId), 'Kit day');
    // Another club's busy inbox: unread family messages nobody here may see.
    const other = await createChatClub(t);
    const otherThread = familyThread(other.asha.childId, other.programId);
    for (let n = 0; n < 30; n += 1) await sent(t, other.asha.parent, otherThread, `Hello ${n}`);

    for (const user of [mine.coach, bea.parent]) {
      const { answer, statement } = await sentStatement(
        (config) => config.text.includes('with staffed as'),
        () => t.req(user, 'GET', '/api/conversations/unread'),
      );
      expect(answer.statusCode).toBe(200);
      // One unread thread each: Asha's for the staff, Bea's for her family.
      expect(
        rowsRead(await explainAnalyze(t.database.pool, statement), 'messages'),
      ).toBeLessThanOrEqual(2);
    }
    expect((await t.req(mine.coach, 'GET', '/api/conversations/unread')).json()).toEqual({
      programs: { [mine.programId]: 1 },
      profiles: {},
    });
    expect((await t.req(bea.parent, 'GET', '/api/conversations/unread')).json()).toEqual({
      programs: {},
      profiles: { [bea.childId]: 1 },
    });
  });

  it('Rally’s connections run without JIT compilation', async () => {
    const { rows } = await t.database.pool.query<{ jit: string }>('show jit');
    expect(rows[0]?.jit).toBe('off');
  });
});
