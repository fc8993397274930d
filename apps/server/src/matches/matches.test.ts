import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToOrg,
  createTestApp,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import { createClub, enrolFamily, type Family } from '../attendance/test-fixtures.ts';
import { FIVE_A_SIDE_FORMAT as FIVE, incidentBody as incident } from '../../test/match-fixtures.ts';

let t: TestApp;
let coach: TestUser;
let assistant: TestUser;
let orgId: string;
let programId: string;
const families: Family[] = [];
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  ({ coach, orgId, programId } = await createClub(t));
  assistant = await signUp(t, 'Assistant Ravi');
  await addToOrg(t, coach, orgId, assistant, 'admin');
  for (const name of ['Asha', 'Bina', 'Chetan', 'Dev', 'Esha', 'Farah', 'Gopal', 'Hari']) {
    families.push(await enrolFamily(t, coach, programId, name));
  }
});
afterAll(() => t.close());

/** A new `match` event of the program (default: 7v7 U10, 2 x 25 min). */
async function createMatch(title = 'League match'): Promise<string> {
  const res = await t.req(coach, 'POST', `/api/programs/${programId}/events`, {
    title,
    kind: 'match',
    startLocal: '2030-03-02T09:00',
    endLocal: '2030-03-02T10:30',
  });
  expect(res.statusCode).toBe(201);
  return res.json().event.id;
}

const url = (eventId: string, rest = '') =>
  `/api/programs/${programId}/events/${eventId}/match${rest}`;

const child = (i: number) => families[i]!.childId;

/** Saves details (5v5) and a squad: children 0-4 start, 5-6 on the bench, 7 not selected. */
async function prepare(eventId: string): Promise<number> {
  const details = await t.req(coach, 'PUT', url(eventId), {
    opponent: 'Rovers',
    venue: 'away',
    competition: 'U8 League',
    formatId: null,
    format: FIVE,
    version: 0,
  });
  expect(details.statusCode, details.body).toBe(200);
  const keys = ['GK', 'LD', 'RD', 'LF', 'RF'];
  const squad = await t.req(coach, 'PUT', url(eventId, '/squad'), {
    version: details.json().version,
    players: families.map((_, i) => ({
      profileId: child(i),
      role: i < 5 ? 'starter' : i < 7 ? 'bench' : 'not_selected',
      position: i < 5 ? keys[i] : null,
      shirtNumber: i + 1,
      isCaptain: i === 1,
      isGoalkeeper: i === 0,
    })),
  });
  expect(squad.statusCode, squad.body).toBe(200);
  return squad.json().version;
}

async function record(user: TestUser, eventId: string, incidents: unknown[]) {
  return t.req(user, 'POST', url(eventId, '/incidents'), { incidents });
}

describe('the match page of an event', () => {
  it('exists only for match events', async () => {
    const training = await t.req(coach, 'POST', `/api/programs/${programId}/events`, {
      title: 'Training',
      startLocal: '2030-03-01T18:00',
      endLocal: '2030-03-01T19:00',
    });
    const res = await t.req(coach, 'GET', url(training.json().event.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/match/);
  });

  it('shows an unsaved match with the org’s default format and the roster with RSVPs', async () => {
    const eventId = await createMatch();
    await t.req(families[2]!.parent, 'PUT', `/api/profiles/${child(2)}/events/${eventId}/rsvp`, {
      answer: 'going',
    });
    const res = await t.req(coach, 'GET', url(eventId));
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ status: 'planned', version: 0, opponent: '', venue: 'home' });
    expect(view.format.name).toBe('7v7 U10');
    expect(view.squad).toHaveLength(families.length);
    expect(view.squad.find((p: { profileId: string }) => p.profileId === child(2))).toMatchObject({
      role: 'not_selected',
      rsvp: 'going',
    });
    expect(view.permissions).toEqual({ canEdit: true, canScore: true, isScorer: false });
  });
});

describe('match formats', () => {
  it('lists the built-in formats once, however many first reads race', async () => {
    const club = await createClub(t);
    const reads = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.req(club.coach, 'GET', `/api/orgs/${club.orgId}/match-formats`),
      ),
    );
    for (const r of reads) expect(r.statusCode).toBe(200);
    const names = reads[4]!.json().formats.map((f: { name: string }) => f.name);
    expect(names).toEqual(['5v5 U8', '7v7 U10', '9v9 U12', '11v11']);
    expect(reads[0]!.json().canEdit).toBe(true);
  });

  it('owners add, rename and remove templates; names are unique; bad formats are refused', async () => {
    const base = `/api/orgs/${orgId}/match-formats`;
    const created = await t.req(coach, 'POST', base, { ...FIVE, name: 'Futsal 5' });
    expect(created.statusCode).toBe(201);
    const again = await t.req(coach, 'POST', base, { ...FIVE, name: 'Futsal 5' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].path).toBe('name');
    const twoKeepers = await t.req(coach, 'POST', base, {
      ...FIVE,
      name: 'Odd',
      positions: FIVE.positions.map((p) => ({ ...p, isGoalkeeper: true })),
    });
    expect(twoKeepers.statusCode).toBe(400);
    const id = created.json().id;
    const renamed = await t.req(coach, 'PUT', `${base}/${id}`, { ...FIVE, name: 'Futsal' });
    expect(renamed.json().name).toBe('Futsal');
    expect((await t.req(coach, 'DELETE', `${base}/${id}`)).statusCode).toBe(204);
    expect((await t.req(coach, 'DELETE', `${base}/${id}`)).statusCode).toBe(404);
  });

  it('edits a match’s own copy of its format’s positions, never the template, and keeps starters placed', async () => {
    const base = `/api/orgs/${orgId}/match-formats`;
    const template = await t.req(coach, 'POST', base, { ...FIVE, name: 'Cup 5' });
    expect(template.statusCode).toBe(201);
    const eventId = await createMatch();
    let version = await prepare(eventId);
    // Rename LD, move it to the middle and add a sixth position for this match.
    const positions = FIVE.positions.map((p) =>
      p.key === 'LD' ? { ...p, label: 'Sweeper', x: 0.5 } : p,
    );
    const saveFormat = (format: typeof FIVE, at: number) =>
      t.req(coach, 'PUT', url(eventId), {
        opponent: 'Rovers',
        venue: 'away',
        competition: '',
        formatId: template.json().id,
        format,
        version: at,
      });
    const edited = await saveFormat(
      {
        ...FIVE,
        name: 'Cup 5',
        playersOnField: 6,
        positions: [
          ...positions,
          { key: 'ST', label: 'Striker', x: 0.5, y: 0.9, isGoalkeeper: false },
        ],
      },
      version,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const format = edited.json().format;
    expect(format.playersOnField).toBe(6);
    expect(format.positions.find((p: { key: string }) => p.key === 'LD')).toMatchObject({
      label: 'Sweeper',
      x: 0.5,
    });
    version = edited.json().version;
    const stored = (await t.req(coach, 'GET', base))
      .json()
      .formats.find((f: { id: string }) => f.id === template.json().id);
    expect(stored.playersOnField).toBe(5);
    expect(stored.positions.map((p: { label: string }) => p.label)).not.toContain('Sweeper');

    // Removing RF, where a starter stands, is refused on the positions and changes nothing.
    const removed = await saveFormat(
      { ...FIVE, playersOnField: 4, positions: FIVE.positions.filter((p) => p.key !== 'RF') },
      version,
    );
    expect(removed.statusCode).toBe(400);
    expect(removed.json().errors[0]).toMatchObject({ path: 'format.positions' });
    expect(removed.json().errors[0].message).toMatch(/plays at RF/);
    const after = (await t.req(coach, 'GET', url(eventId))).json();
    expect(after.format.playersOnField).toBe(6);
    expect(after.version).toBe(version);
  });
});

describe('squad and lineup', () => {
  it('refuses players off the roster, too many starters and two at one position', async () => {
    const eventId = await createMatch();
    const stranger = (await enrolFamily(t, coach, programId, 'Late joiner')).childId;
    // Enrolled after the event was created: on its roster (active at its start), so allowed.
    const ok = await t.req(coach, 'PUT', url(eventId, '/squad'), {
      version: 0,
      players: [{ profileId: stranger, role: 'bench' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const unknown = await t.req(coach, 'PUT', url(eventId, '/squad'), {
      version: ok.json().version,
      players: [{ profileId: randomUUID(), role: 'bench' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('players.0.profileId');
    const samePlace = await t.req(coach, 'PUT', url(eventId, '/squad'), {
      version: ok.json().version,
      players: [
        { profileId: child(0), role: 'starter', position: 'GK' },
        { profileId: child(1), role: 'starter', position: 'GK' },
      ],
    });
    expect(samePlace.statusCode).toBe(400);
    expect(samePlace.json().errors[0].path).toBe('players.1.position');
    const tooMany = await t.req(coach, 'PUT', url(eventId, '/squad'), {
      version: ok.json().version,
      players: families.map((_, i) => ({ profileId: child(i), role: 'starter' })),
    });
    expect(tooMany.statusCode).toBe(400);
    const stale = await t.req(coach, 'PUT', url(eventId, '/squad'), { version: 0, players: [] });
    expect(stale.statusCode).toBe(409);
  });

  it('publishing tells the squad’s families; later changes are flagged; families see no RSVPs', async () => {
    const eventId = await createMatch('Cup tie');
    await prepare(eventId);
    const early = await t.req(families[0]!.parent, 'GET', url(eventId));
    expect(early.statusCode).toBe(200);
    expect(early.json().squad).toEqual([]);
    const published = await t.req(coach, 'POST', url(eventId, '/publish'));
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', isChangedSincePublish: false });
    const starterNote = await t.req(families[0]!.parent, 'GET', '/api/notifications');
    const lineup = starterNote
      .json()
      .notifications.find((n: { kind: string }) => n.kind === 'lineup_published');
    expect(lineup).toMatchObject({
      path: `/p/${child(0)}/events/${eventId}`,
      data: { role: 'starter', opponent: 'Rovers', eventTitle: 'Cup tie' },
    });
    // Not selected: not told.
    const left = await t.req(families[7]!.parent, 'GET', '/api/notifications');
    expect(
      left.json().notifications.some((n: { kind: string }) => n.kind === 'lineup_published'),
    ).toBe(false);
    const family = (await t.req(families[0]!.parent, 'GET', url(eventId))).json();
    expect(family.squad).toHaveLength(7);
    expect(family.squad.every((p: { rsvp: unknown }) => p.rsvp === null)).toBe(true);
    expect(family.shareToken).toBeNull();
    expect(family.permissions).toEqual({ canEdit: false, canScore: false, isScorer: false });

    const view = (await t.req(coach, 'GET', url(eventId))).json();
    const changed = await t.req(coach, 'PUT', url(eventId, '/squad'), {
      version: view.version,
      players: view.squad.map((p: { profileId: string; role: string; position: string }) => ({
        profileId: p.profileId,
        role: p.profileId === child(6) ? 'not_selected' : p.role,
        position: p.position,
      })),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().isChangedSincePublish).toBe(true);
  });
});

describe('the incident log', () => {
  it('stores the same incident sent 20 times at once exactly once', async () => {
    const eventId = await createMatch();
    await prepare(eventId);
    const kickoff = incident('period_start', 1, 0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => record(coach, eventId, [kickoff])),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array.from({ length: 19 }, () => 200),
      201,
    ]);
    const ids = new Set(answers.map((a) => a.json().results[0].id));
    expect(ids.size).toBe(1);
    const view = (await t.req(coach, 'GET', url(eventId))).json();
    expect(view.incidents).toHaveLength(1);
    expect(view.status).toBe('live');
  });

  it('derives the score, undoes by voiding and keeps the starters fixed once live', async () => {
    const eventId = await createMatch();
    const version = await prepare(eventId);
    const goal = incident('goal', 1, 3, { profileId: child(3), relatedProfileId: child(1) });
    const res = await record(coach, eventId, [
      incident('period_start', 1, 0),
      goal,
      incident('opponent_goal', 1, 7),
      incident('own_goal', 1, 9),
      incident('yellow', 1, 10, { profileId: child(2) }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().match.score).toEqual({ us: 2, them: 1 });
    const goalId = res.json().results[1].id;
    const voided = await t.req(coach, 'POST', url(eventId, `/incidents/${goalId}/void`));
    expect(voided.statusCode).toBe(200);
    expect(voided.json().score).toEqual({ us: 1, them: 1 });
    // Voiding again changes nothing; an unknown incident is 404.
    expect((await t.req(coach, 'POST', url(eventId, `/incidents/${goalId}/void`))).statusCode).toBe(
      200,
    );
    expect(
      (await t.req(coach, 'POST', url(eventId, `/incidents/${randomUUID()}/void`))).statusCode,
    ).toBe(404);
    // Families do not see voided incidents.
    const family = (await t.req(families[3]!.parent, 'GET', url(eventId))).json();
    expect(family.incidents.map((i: { type: string }) => i.type)).not.toContain('goal');
    // Starting lineup and format are fixed once live.
    const swap = await t.req(coach, 'PUT', url(eventId, '/squad'), {
      version: voided.json().version,
      players: families.map((_, i) => ({
        profileId: child(i),
        // Six stays out of the lineup, Asha comes in: still five starters.
        role: i >= 1 && i < 6 ? 'starter' : 'bench',
      })),
    });
    expect(swap.statusCode).toBe(409);
    const reformat = await t.req(coach, 'PUT', url(eventId), {
      opponent: 'Rovers',
      venue: 'away',
      competition: '',
      formatId: null,
      format: { ...FIVE, periodMinutes: 30 },
      version: voided.json().version,
    });
    expect(reformat.statusCode).toBe(409);
    expect(version).toBeGreaterThan(0);
  });

  it('keeps named players in the squad once live, hides other children’s injuries, and unwinds a voided kickoff', async () => {
    const eventId = await createMatch();
    await prepare(eventId);
    const unknownFormat = await t.req(coach, 'PUT', url(eventId), {
      opponent: 'Rovers',
      venue: 'away',
      competition: '',
      formatId: randomUUID(),
      format: FIVE,
      version: (await t.req(coach, 'GET', url(eventId))).json().version,
    });
    expect(unknownFormat.statusCode).toBe(400);
    expect(unknownFormat.json().errors[0].path).toBe('formatId');
    const res = await record(coach, eventId, [
      incident('period_start', 1, 0),
      incident('substitution', 1, 4, { profileId: child(3), relatedProfileId: child(5) }),
      incident('injury', 1, 6, { profileId: child(2), note: 'Twisted ankle' }),
    ]);
    expect(res.statusCode).toBe(201);
    const view = res.json().match;
    const drop = await t.req(coach, 'PUT', url(eventId, '/squad'), {
      version: view.version,
      players: view.squad.map((p: { profileId: string; role: string; position: string }) => ({
        profileId: p.profileId,
        role: p.profileId === child(5) ? 'not_selected' : p.role,
        position: p.position,
      })),
    });
    expect(drop.statusCode).toBe(409);
    expect(drop.json().detail).toMatch(/Farah is in this match's incidents/);
    const otherFamily = (await t.req(families[0]!.parent, 'GET', url(eventId))).json();
    expect(otherFamily.incidents.map((i: { type: string }) => i.type)).toEqual([
      'period_start',
      'substitution',
    ]);
    const ownFamily = (await t.req(families[2]!.parent, 'GET', url(eventId))).json();
    expect(ownFamily.incidents.find((i: { type: string }) => i.type === 'injury').note).toBe(
      'Twisted ankle',
    );
    // Voiding the only kickoff of an unpublished match makes it planned again.
    const voided = await t.req(
      coach,
      'POST',
      url(eventId, `/incidents/${res.json().results[0].id}/void`),
    );
    expect(voided.json().status).toBe('planned');
  });

  it('refuses incidents naming players outside the squad or positions outside the format', async () => {
    const eventId = await createMatch();
    await prepare(eventId);
    const outsider = await record(coach, eventId, [
      incident('goal', 1, 1, { profileId: child(7) }),
    ]);
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors[0].path).toBe('incidents.0.profileId');
    const nowhere = await record(coach, eventId, [
      incident('position_change', 1, 1, { profileId: child(1), position: 'ST' }),
    ]);
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors[0].path).toBe('incidents.0.position');
  });

  it('computes minutes from substitutions; a family sees only its own child’s', async () => {
    const eventId = await createMatch();
    await prepare(eventId);
    const res = await record(coach, eventId, [
      incident('period_start', 1, 0),
      incident('substitution', 1, 8, { profileId: child(3), relatedProfileId: child(5) }),
      incident('substitution', 1, 8, { profileId: child(4), relatedProfileId: child(6) }),
      incident('period_end', 1, 20),
      incident('period_start', 2, 0),
      incident('period_end', 2, 20),
    ]);
    expect(res.statusCode).toBe(201);
    const view = res.json().match;
    expect(view.status).toBe('finished');
    const minutes = Object.fromEntries(
      view.minutes.map((m: { profileId: string; playedMs: number }) => [
        m.profileId,
        m.playedMs / MIN,
      ]),
    );
    expect(minutes[child(0)]).toBe(40);
    expect(minutes[child(3)]).toBe(8);
    expect(minutes[child(5)]).toBe(32);
    const family = (await t.req(families[5]!.parent, 'GET', url(eventId))).json();
    expect(family.minutes).toEqual([
      { profileId: child(5), playedMs: 32 * MIN, byPositionMs: { LF: 32 * MIN } },
    ]);
    // Season minutes of a finished match are what the next match's squad shows (minutes owed).
    const next = await createMatch();
    const squad = (await t.req(coach, 'GET', url(next))).json().squad;
    const seasonOf = (id: string) =>
      squad.find((p: { profileId: string }) => p.profileId === id).seasonMinutes;
    expect(seasonOf(child(5))).toBeGreaterThanOrEqual(32);
    expect(seasonOf(child(7))).toBe(0);
  });

  it('shows families the squad’s minutes only where the org chose so, and only once published', async () => {
    const eventId = await createMatch();
    await prepare(eventId);
    expect((await t.req(coach, 'POST', url(eventId, '/publish'))).statusCode).toBe(200);
    await record(coach, eventId, [
      incident('period_start', 1, 0),
      incident('substitution', 1, 10, { profileId: child(3), relatedProfileId: child(5) }),
      incident('period_end', 1, 20),
    ]);
    const draft = await createMatch();
    await prepare(draft);
    const minutesSeenBy = async (i: number, id = eventId) =>
      ((await t.req(families[i]!.parent, 'GET', url(id))).json().minutes as { profileId: string }[])
        .map((m) => m.profileId)
        .sort();
    expect(await minutesSeenBy(5)).toEqual([child(5)]);
    expect(await minutesSeenBy(7)).toEqual([]);

    const bad = await t.req(coach, 'PATCH', `/api/orgs/${orgId}`, {
      matchMinutesVisibility: 'everyone',
    });
    expect(bad.statusCode).toBe(400);
    const family = await t.req(families[5]!.parent, 'PATCH', `/api/orgs/${orgId}`, {
      matchMinutesVisibility: 'squad',
    });
    // Not a member of the org: it answers as if there were no such org.
    expect(family.statusCode).toBe(404);
    const changed = await t.req(coach, 'PATCH', `/api/orgs/${orgId}`, {
      matchMinutesVisibility: 'squad',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().org.matchMinutesVisibility).toBe('squad');
    try {
      const squad = [0, 1, 2, 3, 4, 5, 6].map(child).sort();
      expect(await minutesSeenBy(5)).toEqual(squad);
      // A family whose child was not selected sees the squad's too: the org chose so.
      expect(await minutesSeenBy(7)).toEqual(squad);
      // Unpublished: a family sees no lineup, so no one's minutes but its own child's.
      expect(await minutesSeenBy(5, draft)).toEqual([child(5)]);
    } finally {
      await t.req(coach, 'PATCH', `/api/orgs/${orgId}`, { matchMinutesVisibility: 'own' });
    }
    expect(await minutesSeenBy(5)).toEqual([child(5)]);
  });

  it('sums season stats per program and per profile, with a CSV for staff', async () => {
    const eventId = await createMatch();
    await prepare(eventId);
    await record(coach, eventId, [
      incident('period_start', 1, 0),
      incident('goal', 1, 3, { profileId: child(3), relatedProfileId: child(1) }),
      incident('goal', 1, 5, { profileId: child(3) }),
      incident('yellow', 1, 6, { profileId: child(1) }),
      incident('substitution', 1, 10, { profileId: child(3), relatedProfileId: child(5) }),
      incident('period_end', 1, 20),
    ]);
    const before = (await t.req(coach, 'GET', `/api/programs/${programId}/match-stats`)).json();
    const line = (id: string) =>
      before.players.find((p: { profileId: string }) => p.profileId === id);
    // Earlier tests' matches count too: compare this match's effect through the profile's own view.
    expect(line(child(3)).goals).toBeGreaterThanOrEqual(2);
    expect(line(child(7))).toBeUndefined();
    const own = await t.req(families[3]!.parent, 'GET', `/api/profiles/${child(3)}/match-stats`);
    expect(own.statusCode).toBe(200);
    expect(own.json().programs).toEqual([
      expect.objectContaining({ programId, goals: line(child(3)).goals }),
    ]);
    expect(
      (await t.req(families[4]!.parent, 'GET', `/api/profiles/${child(3)}/match-stats`)).statusCode,
    ).toBe(404);
    expect(
      (await t.req(families[3]!.parent, 'GET', `/api/programs/${programId}/match-stats`))
        .statusCode,
    ).toBe(403);
    const csv = await t.req(coach, 'GET', `/api/programs/${programId}/match-stats.csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toBe('Name,Matches,Starts,Minutes,Goals,Assists,Yellow cards,Red cards');
    expect(rows.find((r) => r.startsWith('Dev,'))).toBe(
      `Dev,${line(child(3)).matches},${line(child(3)).starts},${line(child(3)).minutes},${line(child(3)).goals},${line(child(3)).assists},0,0`,
    );
  });
});

describe('the scorer lease', () => {
  it('lets only the lease holder score, and another staff member take over', async () => {
    const eventId = await createMatch();
    await prepare(eventId);
    const lease = await t.req(coach, 'POST', url(eventId, '/lease'), { takeover: false });
    expect(lease.statusCode).toBe(200);
    expect(lease.json().lease.displayName).toBe('Coach Kavya');
    expect(lease.json().permissions.isScorer).toBe(true);
    const kickoff = incident('period_start', 1, 0);
    expect((await record(coach, eventId, [kickoff])).statusCode).toBe(201);

    // The assistant may not score while the coach holds the lease.
    const refused = await record(assistant, eventId, [incident('opponent_goal', 1, 2)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/Coach Kavya is keeping score/);
    const polite = await t.req(assistant, 'POST', url(eventId, '/lease'), { takeover: false });
    expect(polite.statusCode).toBe(409);

    // Takeover: the assistant scores, and the coach no longer may.
    const takeover = await t.req(assistant, 'POST', url(eventId, '/lease'), { takeover: true });
    expect(takeover.statusCode).toBe(200);
    expect(takeover.json().lease.displayName).toBe('Assistant Ravi');
    expect(
      (await record(assistant, eventId, [incident('goal', 1, 4, { profileId: child(3) })]))
        .statusCode,
    ).toBe(201);
    const late = await record(coach, eventId, [incident('goal', 1, 5, { profileId: child(4) })]);
    expect(late.statusCode).toBe(409);
    // A replay of what the coach already stored needs no lease: it is answered, not stored again.
    const replay = await record(coach, eventId, [kickoff]);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().results[0].isNew).toBe(false);

    // A lease that lapsed may be taken without a takeover.
    t.clock.advance(11 * MIN);
    const after = await record(coach, eventId, [incident('goal', 1, 6, { profileId: child(4) })]);
    expect(after.statusCode).toBe(201);
    expect(after.json().match.lease.displayName).toBe('Coach Kavya');
    expect(after.json().match.score).toEqual({ us: 2, them: 0 });
  });

  it('refuses families and org staff outside the program', async () => {
    const eventId = await createMatch();
    const parent = await record(families[0]!.parent, eventId, [incident('period_start', 1, 0)]);
    expect(parent.statusCode).toBe(403);
  });
});
