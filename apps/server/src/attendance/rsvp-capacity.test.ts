import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createClub, createEvent, enrolFamily } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface RsvpResult {
  rsvp: { answer: string; waitlistPosition: number | null; respondedAt: string };
  counts: { going: number; waitlisted: number; placesLeft: number | null };
}

describe('capacity under concurrency (docs/decisions/006)', () => {
  it('100 families answering going at once to 20 places: 20 going, 80 waiting in commit order', async () => {
    const { coach, programId } = await createClub(t);
    const families = await Promise.all(
      Array.from({ length: 100 }, (_, i) => enrolFamily(t, coach, programId, `Kid ${i}`)),
    );
    const eventId = await createEvent(t, coach, programId, { title: 'Final', capacity: 20 });
    const rsvp = (f: (typeof families)[number], answer: string) =>
      t.req(f.parent, 'PUT', `/api/profiles/${f.childId}/events/${eventId}/rsvp`, { answer });

    const answers = await Promise.all(families.map((f) => rsvp(f, 'going')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    const results = answers.map((a) => a.json() as RsvpResult);
    const placed = results.filter((r) => r.rsvp.waitlistPosition === null);
    const waiting = results.filter((r) => r.rsvp.waitlistPosition !== null);
    expect(placed).toHaveLength(20);
    expect(waiting.map((r) => r.rsvp.waitlistPosition).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 80 }, (_, i) => i + 1),
    );

    // As stored: ranks 1..80 with no gap, in the order the transactions took
    // the event lock (their answer times are read under it), after every place.
    const { rows } = await t.database.pool.query<{
      profileId: string;
      rank: number | null;
      rsvpAt: Date;
    }>(
      `select profile_id as "profileId", rsvp_waitlist_rank as rank, rsvp_at as "rsvpAt"
       from attendance where event_id = $1 and rsvp = 'going'
       order by rsvp_waitlist_rank nulls first, rsvp_at`,
      [eventId],
    );
    expect(rows).toHaveLength(100);
    const ranked = rows.filter((r) => r.rank !== null);
    expect(ranked.map((r) => r.rank)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    const times = rows.map((r) => r.rsvpAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Each family was told the position it holds.
    const rankOf = new Map(rows.map((r) => [r.profileId, r.rank]));
    families.forEach((f, i) => {
      expect(results[i]!.rsvp.waitlistPosition).toBe(rankOf.get(f.childId));
    });

    const firstInLine = ranked[0]!.profileId;
    const secondInLine = ranked[1]!.profileId;
    const placedFamily = families.find((f) => rankOf.get(f.childId) === null)!;
    const settled = (await rsvp(placedFamily, 'going')).json() as RsvpResult;
    expect(settled.counts).toMatchObject({ going: 20, waitlisted: 80, placesLeft: 0 });

    const declined = (await rsvp(placedFamily, 'declined')).json() as RsvpResult;
    expect(declined.counts).toMatchObject({ going: 20, waitlisted: 79, placesLeft: 0 });
    const roster = (
      await t.req(coach, 'GET', `/api/programs/${programId}/events/${eventId}/attendance`)
    ).json().roster as { profileId: string; rsvp: { waitlistPosition: number | null } }[];
    const position = new Map(roster.map((r) => [r.profileId, r.rsvp.waitlistPosition]));
    expect(position.get(firstInLine)).toBeNull();
    expect(position.get(secondInLine)).toBe(1);
    expect([...position.values()].filter((p) => p !== null).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 79 }, (_, i) => i + 1),
    );
  }, 120_000);
});
