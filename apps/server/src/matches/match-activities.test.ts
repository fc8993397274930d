import type { Activity } from '@rally/shared/activities';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { createClub, enrolFamily, type Family } from '../attendance/test-fixtures.ts';
import { FIVE_A_SIDE_FORMAT as FIVE, incidentBody as incident } from '../../test/match-fixtures.ts';

// Real: the app, its database and the activities sink; the realtime
// publisher is spied on to see which timelines are told.
let t: TestApp;
let coach: TestUser;
let programId: string;
const families: Family[] = [];
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  ({ coach, programId } = await createClub(t));
  for (const name of ['Asha', 'Bina', 'Chetan', 'Dev', 'Esha', 'Farah']) {
    families.push(await enrolFamily(t, coach, programId, name));
  }
});
afterAll(() => t.close());

const child = (i: number) => families[i]!.childId;
const url = (eventId: string, rest = '') =>
  `/api/programs/${programId}/events/${eventId}/match${rest}`;

/** A match against Hawks: children 0-4 start, 5 on the bench. */
async function createMatch(): Promise<string> {
  const created = await t.req(coach, 'POST', `/api/programs/${programId}/events`, {
    title: 'League match',
    kind: 'match',
    startLocal: '2030-03-02T09:00',
    endLocal: '2030-03-02T10:30',
  });
  expect(created.statusCode).toBe(201);
  const eventId: string = created.json().event.id;
  const details = await t.req(coach, 'PUT', url(eventId), {
    opponent: 'Hawks',
    venue: 'home',
    competition: '',
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
      role: i < 5 ? 'starter' : 'bench',
      position: i < 5 ? keys[i] : null,
      shirtNumber: i + 1,
      isCaptain: false,
      isGoalkeeper: i === 0,
    })),
  });
  expect(squad.statusCode, squad.body).toBe(200);
  return eventId;
}

async function record(eventId: string, incidents: unknown[]) {
  const res = await t.req(coach, 'POST', url(eventId, '/incidents'), { incidents });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json() as { results: { clientId: string; id: string; isNew: boolean }[] };
}

/** The match entries of child `i`'s timeline, as its parent reads them. */
async function timeline(i: number, eventId: string): Promise<Activity[]> {
  const res = await t.req(
    families[i]!.parent,
    'GET',
    `/api/profiles/${child(i)}/activities?limit=100`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().activities as Activity[]).filter(
    (a) => a.target.kind === 'event' && a.target.eventId === eventId && a.kind !== 'rsvp',
  );
}

describe('a match on the players’ timelines', () => {
  it('a goal with an assist writes scored and assisted, linked to the event; voiding removes both', async () => {
    const eventId = await createMatch();
    const publish = vi.spyOn(t.services.realtime, 'publish');
    const goal = incident('goal', 1, 12, { profileId: child(3), relatedProfileId: child(1) });
    const { results } = await record(eventId, [incident('period_start', 1, 0), goal]);

    const [scored] = await timeline(3, eventId);
    expect(scored).toMatchObject({
      kind: 'scored',
      target: { kind: 'event', path: `/p/${child(3)}/events/${eventId}` },
      data: { opponent: 'Hawks', minute: "13'", period: 1, clockMs: 12 * MIN },
    });
    expect((await timeline(1, eventId)).map((a) => a.kind)).toEqual(['assisted']);
    const topics = publish.mock.calls.flatMap(([events]) => events.map((e) => e.topic));
    expect(topics).toEqual(
      expect.arrayContaining([`profile:${child(3)}`, `profile:${child(1)}`, `event:${eventId}`]),
    );
    expect(topics).not.toContain(`profile:${child(2)}`);
    publish.mockRestore();

    const goalId = results[1]!.id;
    const voided = await t.req(coach, 'POST', url(eventId, `/incidents/${goalId}/void`));
    expect(voided.statusCode).toBe(200);
    expect(await timeline(3, eventId)).toEqual([]);
    expect(await timeline(1, eventId)).toEqual([]);
  });

  it('cards, substitutions both ways and injuries each write their entry; a replay writes none again', async () => {
    const eventId = await createMatch();
    const sub = incident('substitution', 1, 10, {
      profileId: child(4),
      relatedProfileId: child(5),
    });
    const batch = [
      incident('period_start', 1, 0),
      incident('yellow', 1, 5, { profileId: child(2) }),
      sub,
      incident('injury', 1, 12, { profileId: child(0) }),
    ];
    await record(eventId, batch);
    const replay = await record(eventId, batch);
    expect(replay.results.every((r) => !r.isNew)).toBe(true);
    expect((await timeline(2, eventId)).map((a) => a.kind)).toEqual(['yellow_card']);
    expect((await timeline(4, eventId)).map((a) => a.kind)).toEqual(['subbed_off']);
    expect((await timeline(5, eventId)).map((a) => a.kind)).toEqual(['subbed_on']);
    expect((await timeline(0, eventId)).map((a) => a.kind)).toEqual(['injured']);
  });

  it('a finished match writes one played entry per player who played, rewritten when it is recomputed', async () => {
    const eventId = await createMatch();
    await record(eventId, [
      incident('period_start', 1, 0),
      incident('goal', 1, 5, { profileId: child(3) }),
      incident('period_end', 1, 20),
      incident('period_start', 2, 0),
      incident('substitution', 2, 10, { profileId: child(4), relatedProfileId: child(5) }),
    ]);
    expect((await timeline(3, eventId)).map((a) => a.kind)).toEqual(['scored']);
    const end = incident('period_end', 2, 20);
    const { results } = await record(eventId, [end]);
    await record(eventId, [end]);

    const played = (await timeline(3, eventId)).filter((a) => a.kind === 'played');
    expect(played).toHaveLength(1);
    expect(played[0]!.data).toMatchObject({ minutes: 40, goals: 1, assists: 0, opponent: 'Hawks' });
    const bench = (await timeline(5, eventId)).filter((a) => a.kind === 'played');
    expect(bench.map((a) => a.data.minutes)).toEqual([10]);

    // A later correction rewrites the entry, once.
    await record(eventId, [incident('goal', 2, 15, { profileId: child(3) })]);
    const rewritten = (await timeline(3, eventId)).filter((a) => a.kind === 'played');
    expect(rewritten.map((a) => a.data.goals)).toEqual([2]);

    // Undoing the final whistle removes it until the match finishes again.
    const whistle = await t.req(coach, 'POST', url(eventId, `/incidents/${results[0]!.id}/void`));
    expect(whistle.statusCode).toBe(200);
    expect((await timeline(3, eventId)).filter((a) => a.kind === 'played')).toEqual([]);
  });

  it('the family of another profile cannot read the entries', async () => {
    const eventId = await createMatch();
    await record(eventId, [
      incident('period_start', 1, 0),
      incident('goal', 1, 3, { profileId: child(3) }),
    ]);
    const other = await t.req(families[0]!.parent, 'GET', `/api/profiles/${child(3)}/activities`);
    expect(other.statusCode).toBe(404);
    expect((await timeline(3, eventId)).map((a) => a.kind)).toEqual(['scored']);
  });
});
