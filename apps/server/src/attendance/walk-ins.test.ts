import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createProgram,
  createTestApp,
  selfProfileId,
  signUp,
  type TestApp,
} from '../../test/harness.ts';
import { cancelEvent, createClub, createEvent, enrolFamily } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Row {
  profileId: string;
  displayName: string;
  status: string | null;
  guardianPhone: string | null;
  isWalkIn: boolean;
}

describe("a session's roster (docs/decisions/020)", () => {
  it('shows staff each guardian’s phone, and never shows the roster to a family', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Meera');
    const eventId = await createEvent(t, coach, programId);
    const url = `/api/programs/${programId}/events/${eventId}`;

    const roster: Row[] = (await t.req(coach, 'GET', `${url}/attendance`)).json().roster;
    expect(roster).toMatchObject([
      { displayName: 'Meera', guardianPhone: family.parent.phoneNumber, isWalkIn: false },
    ]);
    expect((await t.req(coach, 'GET', url)).json().roster[0].guardianPhone).toBe(
      family.parent.phoneNumber,
    );
    const asParent = await t.req(family.parent, 'GET', url);
    expect(asParent.json().roster).toBeNull();
    expect(asParent.body).not.toContain(family.parent.phoneNumber);
    expect((await t.req(family.parent, 'GET', `${url}/attendance`)).statusCode).toBe(403);
  });

  it('lets staff add a walk-in once, by name or a known profile, and mark them', async () => {
    const { coach, programId } = await createClub(t);
    const known = await enrolFamily(t, coach, programId, 'Arjun');
    const eventId = await createEvent(t, coach, programId);
    const otherEvent = await createEvent(t, coach, programId, { title: 'Friday nets' });
    const url = `/api/programs/${programId}/events/${eventId}`;

    const added = await t.req(coach, 'POST', `${url}/roster`, {
      newProfile: { displayName: 'Trial Tara', guardianPhone: '+919811111111' },
    });
    expect(added.statusCode).toBe(201);
    const tara = (added.json().roster as Row[]).find((r) => r.displayName === 'Trial Tara')!;
    expect(tara).toMatchObject({ isWalkIn: true, status: null, guardianPhone: null });

    // On the roster, so markable like anyone on it.
    const marked = await t.req(coach, 'PUT', `${url}/attendance`, {
      marks: [{ profileId: tara.profileId, status: 'present', markedAt: t.clock.now() }],
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().summary).toMatchObject({ present: 1, unmarked: 1 });

    // Once per session: the same person again, or someone already on it, is a conflict.
    const again = await t.req(coach, 'POST', `${url}/roster`, { profileId: tara.profileId });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This person is already on this session’s roster.');
    expect(
      (await t.req(coach, 'POST', `${url}/roster`, { profileId: known.childId })).statusCode,
    ).toBe(409);
    const twice = await Promise.all(
      [1, 2, 3].map(() =>
        t.req(coach, 'POST', `/api/programs/${programId}/events/${otherEvent}/roster`, {
          profileId: tara.profileId,
        }),
      ),
    );
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from attendance where profile_id = $1',
      [tara.profileId],
    );
    expect(rows[0].n).toBe(2);
  });

  it('refuses a profile the org does not know, a family, and a cancelled session', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Kabir');
    const eventId = await createEvent(t, coach, programId);
    const url = `/api/programs/${programId}/events/${eventId}/roster`;
    const outsider = await signUp(t, 'Outsider');
    const outsiderProfile = (await t.req(outsider, 'GET', '/api/profiles')).json().profiles[0].id;

    expect((await t.req(coach, 'POST', url, { profileId: outsiderProfile })).statusCode).toBe(404);
    const asParent = await t.req(family.parent, 'POST', url, {
      newProfile: { displayName: 'Cousin', guardianPhone: family.parent.phoneNumber },
    });
    expect(asParent.statusCode).toBe(403);
    await cancelEvent(t, eventId);
    const cancelled = await t.req(coach, 'POST', url, {
      newProfile: { displayName: 'Late', guardianPhone: '+919822222222' },
    });
    expect(cancelled.statusCode).toBe(409);
  });
});

interface Candidate {
  profileId: string;
  displayName: string;
  programName: string | null;
  subscriptionStatus: string | null;
}

describe('people staff may add to a session: anyone the organisation knows (docs/decisions/020)', () => {
  it('offers those enrolled in or asking to join any of the org’s programs, this program’s first, and adds one', async () => {
    const { coach, orgId, programId } = await createClub(t, {
      name: 'Under-12',
      joinPolicy: 'approval',
    });
    const otherProgram = await createProgram(t, coach, orgId, { name: 'Under-14' });
    await enrolFamily(t, coach, programId, 'Meera');
    const arjun = await enrolFamily(t, coach, otherProgram, 'Arjun');
    const riya = await signUp(t, 'Riya Asks');
    const riyaProfile = await selfProfileId(t, riya);
    const ask = await t.req(riya, 'POST', `/api/programs/${programId}/subscriptions`, {
      profileId: riyaProfile,
    });
    expect(ask.json().subscription.status).toBe('pending');
    const outsider = await signUp(t, 'Arjuna Outsider');
    const outsiderProfile = await selfProfileId(t, outsider);
    const eventId = await createEvent(t, coach, programId);
    const url = `/api/programs/${programId}/events/${eventId}`;
    const candidates = async (q = '') =>
      (
        await t.req(
          coach,
          'GET',
          `${url}/roster/candidates${q ? `?q=${encodeURIComponent(q)}` : ''}`,
        )
      ).json().candidates as Candidate[];

    // Meera is on the roster already; the outsider is unknown to the org. The
    // coach's own profile counts as known (they manage it).
    expect(await candidates()).toEqual([
      {
        profileId: riyaProfile,
        displayName: 'Riya Asks',
        programName: 'Under-12',
        subscriptionStatus: 'pending',
      },
      {
        profileId: arjun.childId,
        displayName: 'Arjun',
        programName: 'Under-14',
        subscriptionStatus: 'active',
      },
      expect.objectContaining({ displayName: 'Coach Kavya', programName: null }),
    ]);
    expect((await candidates('ARJ')).map((c) => c.displayName)).toEqual(['Arjun']);
    expect(await candidates('%')).toEqual([]);

    const added = await t.req(coach, 'POST', `${url}/roster`, { profileId: arjun.childId });
    expect(added.statusCode).toBe(201);
    expect((added.json().roster as Row[]).find((r) => r.profileId === arjun.childId)).toMatchObject(
      { displayName: 'Arjun', isWalkIn: true },
    );
    expect((await candidates('arj')).map((c) => c.displayName)).toEqual([]);
    expect(
      (await t.req(coach, 'POST', `${url}/roster`, { profileId: riyaProfile })).statusCode,
    ).toBe(201);

    const unknown = await t.req(coach, 'POST', `${url}/roster`, { profileId: outsiderProfile });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'not_found',
      detail: 'No such person is known to this organisation. Add them as someone new instead.',
    });
  });

  it('shows the list to the program’s staff only', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Kabir');
    const eventId = await createEvent(t, coach, programId);
    const url = `/api/programs/${programId}/events/${eventId}/roster/candidates`;
    const otherClubOwner = await signUp(t, 'Other Owner');
    await createOrg(t, otherClubOwner, 'Other Club');

    expect((await t.req(family.parent, 'GET', url)).statusCode).toBe(403);
    expect((await t.req(otherClubOwner, 'GET', url)).statusCode).toBe(404);
    const missingEvent = `/api/programs/${programId}/events/${family.childId}/roster/candidates`;
    expect((await t.req(coach, 'GET', missingEvent)).statusCode).toBe(404);
  });
});
