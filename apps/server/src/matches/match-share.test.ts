import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { createClub, enrolFamily, type Family } from '../attendance/test-fixtures.ts';

// The signed-out share link of a match (docs/decisions/030).

let t: TestApp;
let coach: TestUser;
let orgId: string;
let programId: string;
const families: Family[] = [];
const MIN = 60_000;

const FORMAT = {
  name: '3v3',
  playersOnField: 3,
  periods: 2,
  periodMinutes: 20,
  minPlayShare: 0,
  positions: [
    { key: 'GK', label: 'Goalkeeper', x: 0.5, y: 0.06, isGoalkeeper: true },
    { key: 'LF', label: 'Left forward', x: 0.3, y: 0.66 },
    { key: 'RF', label: 'Right forward', x: 0.7, y: 0.66 },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  ({ coach, orgId, programId } = await createClub(t));
  for (const name of ['Asha Rao', 'Bina Shah', 'Chetan Iyer', 'Dev Menon']) {
    families.push(await enrolFamily(t, coach, programId, name));
  }
});
afterAll(() => t.close());

const url = (eventId: string, rest = '') =>
  `/api/programs/${programId}/events/${eventId}/match${rest}`;
const child = (i: number) => families[i]!.childId;
const share = (token: string) => t.req(undefined, 'GET', `/api/match-share/${token}`);

function incident(type: string, period: number, minute: number, extra = {}) {
  return {
    clientId: randomUUID(),
    type,
    period,
    clockMs: minute * MIN,
    occurredAt: new Date(Date.now() - 30 * MIN + minute * MIN).toISOString(),
    ...extra,
  };
}

/** A match event with details and a squad (children 0-2 start, 3 on the bench); returns its id and share secret. */
async function createMatch(publish = true): Promise<{ eventId: string; token: string }> {
  const event = await t.req(coach, 'POST', `/api/programs/${programId}/events`, {
    title: 'Cup tie',
    kind: 'match',
    startLocal: '2030-04-06T09:00',
    endLocal: '2030-04-06T10:00',
  });
  const eventId = event.json().event.id as string;
  const details = await t.req(coach, 'PUT', url(eventId), {
    opponent: 'Rovers',
    venue: 'away',
    competition: 'Spring Cup',
    formatId: null,
    format: FORMAT,
    version: 0,
  });
  expect(details.statusCode, details.body).toBe(200);
  const squad = await t.req(coach, 'PUT', url(eventId, '/squad'), {
    version: details.json().version,
    players: families.map((_, i) => ({
      profileId: child(i),
      role: i < 3 ? 'starter' : 'bench',
      position: i < 3 ? FORMAT.positions[i]!.key : null,
    })),
  });
  expect(squad.statusCode, squad.body).toBe(200);
  if (publish) {
    const published = await t.req(coach, 'POST', url(eventId, '/publish'));
    expect(published.statusCode, published.body).toBe(200);
  }
  return { eventId, token: squad.json().shareToken as string };
}

async function record(eventId: string, incidents: unknown[]) {
  const res = await t.req(coach, 'POST', url(eventId, '/incidents'), { incidents });
  expect(res.statusCode, res.body).toBe(201);
}

/** Kick-off, two goals of ours (one voided again), an opponent goal, an own goal, a card, a substitution, an injury and a note. */
async function playFirstHalf(eventId: string): Promise<void> {
  const voided = incident('goal', 1, 3, { profileId: child(2) });
  await record(eventId, [
    incident('period_start', 1, 0),
    incident('goal', 1, 4, { profileId: child(1), relatedProfileId: child(2) }),
    voided,
    incident('opponent_goal', 1, 9),
    incident('yellow', 1, 10, { profileId: child(0) }),
    incident('injury', 1, 11, { profileId: child(2), note: 'Twisted ankle, ice' }),
    incident('substitution', 1, 12, { profileId: child(2), relatedProfileId: child(3) }),
    incident('note', 1, 13, { note: 'Parents asked about the car park' }),
    incident('own_goal', 1, 15),
  ]);
  const view = await t.req(coach, 'GET', url(eventId));
  const id = view
    .json()
    .incidents.find((i: { clientId: string }) => i.clientId === voided.clientId).id;
  const res = await t.req(coach, 'POST', url(eventId, `/incidents/${id}/void`));
  expect(res.statusCode, res.body).toBe(200);
}

describe('a match share link', () => {
  it('shows the score, the running clock and the timeline with first names, signed out', async () => {
    const { eventId, token } = await createMatch();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await playFirstHalf(eventId);

    const res = await share(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=15');
    const body = res.json();
    expect(body).toMatchObject({
      orgName: 'Rally Club',
      opponent: 'Rovers',
      venue: 'away',
      competition: 'Spring Cup',
      status: 'live',
      periods: 2,
      periodMinutes: 20,
      score: { us: 2, them: 1 },
      names: 'first',
      clock: { phase: 'running', period: 1, elapsedMs: 0 },
    });
    expect(body.timeline).toEqual(
      [
        { type: 'goal', period: 1, clockMs: 4 * MIN, name: 'Bina', relatedName: 'Chetan' },
        { type: 'opponent_goal', period: 1, clockMs: 9 * MIN, name: null, relatedName: null },
        { type: 'yellow', period: 1, clockMs: 10 * MIN, name: 'Asha', relatedName: null },
        { type: 'substitution', period: 1, clockMs: 12 * MIN, name: 'Chetan', relatedName: 'Dev' },
        { type: 'own_goal', period: 1, clockMs: 15 * MIN, name: null, relatedName: null },
      ].map((line) => expect.objectContaining(line)),
    );
  });

  it('never carries ids, injuries, notes, minutes or surnames', async () => {
    const { eventId, token } = await createMatch();
    await playFirstHalf(eventId);
    const body = (await share(token)).body;
    for (const secret of [
      ...families.map((f) => f.childId),
      eventId,
      programId,
      orgId,
      'Twisted ankle',
      'car park',
      'Rao',
      'Shah',
      'Menon',
      'Iyer',
      'injury',
      'playedMs',
      'minutes',
    ]) {
      expect(body).not.toContain(secret);
    }
  });

  it('shows no names when the organisation chose none', async () => {
    const { eventId, token } = await createMatch();
    await playFirstHalf(eventId);
    const changed = await t.req(coach, 'PATCH', `/api/orgs/${orgId}`, { matchShareNames: 'none' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().org.matchShareNames).toBe('none');
    try {
      const body = (await share(token)).json();
      expect(body.names).toBe('none');
      expect(body.score).toEqual({ us: 2, them: 1 });
      expect(body.timeline).toHaveLength(5);
      expect(
        body.timeline.every(
          (i: { name: unknown; relatedName: unknown }) => i.name === null && i.relatedName === null,
        ),
      ).toBe(true);
    } finally {
      await t.req(coach, 'PATCH', `/api/orgs/${orgId}`, { matchShareNames: 'first' });
    }
  });

  it('refuses other choices of names and family members changing it', async () => {
    const bad = await t.req(coach, 'PATCH', `/api/orgs/${orgId}`, { matchShareNames: 'full' });
    expect(bad.statusCode).toBe(400);
    const parent = await t.req(families[0]!.parent, 'PATCH', `/api/orgs/${orgId}`, {
      matchShareNames: 'none',
    });
    expect([403, 404]).toContain(parent.statusCode);
  });

  it('is 404 for an unknown secret, a planned match and a cancelled event', async () => {
    expect((await share('A'.repeat(22))).statusCode).toBe(404);
    expect((await share('A'.repeat(22))).json().code).toBe('not_found');

    const planned = await createMatch(false);
    expect((await share(planned.token)).statusCode).toBe(404);

    const cancelled = await createMatch();
    expect((await share(cancelled.token)).statusCode).toBe(200);
    const res = await t.req(
      coach,
      'POST',
      `/api/programs/${programId}/events/${cancelled.eventId}/cancel`,
      {},
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await share(cancelled.token)).statusCode).toBe(404);
  });

  it('is 404 once the event is no longer a match', async () => {
    const { token, eventId } = await createMatch();
    expect((await share(token)).statusCode).toBe(200);
    const res = await t.req(coach, 'PATCH', `/api/programs/${programId}/events/${eventId}`, {
      title: 'Cup tie',
      kind: 'training',
      startLocal: '2030-04-06T09:00',
      endLocal: '2030-04-06T10:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await share(token)).statusCode).toBe(404);
  });

  it('says a published match has not kicked off yet', async () => {
    const { token } = await createMatch();
    const body = (await share(token)).json();
    expect(body).toMatchObject({ status: 'published', score: { us: 0, them: 0 }, timeline: [] });
    expect(body.clock.phase).toBe('before');
  });
});
