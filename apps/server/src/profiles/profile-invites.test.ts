import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createProgram,
  createTestApp,
  newPhone,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import { sqlOf } from '../../test/statements.ts';

/**
 * Invitations to manage a profile wait for the invitee's consent, and the
 * inviter's answer never tells who owns a phone number (docs/decisions/009).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (...args: Parameters<TestApp['req']>) => t.req(...args);

/** A parent, their child's profile, and "invite this phone to manage it". */
async function family(childName = 'Kiran') {
  const parent = await signUp(t, 'Parent Asha');
  const child = (await req(parent, 'POST', '/api/profiles', { displayName: childName })).json()
    .profile;
  const url = `/api/profiles/${child.id}`;
  const invite = (phoneNumber: string, relationship = 'guardian') =>
    req(parent, 'POST', `${url}/managers`, { phoneNumber, relationship });
  return { parent, childId: child.id as string, url, invite };
}

/** The body with ids, times and the phone itself replaced, to compare two answers. */
function comparable(body: unknown, phoneNumber: string): unknown {
  return JSON.parse(
    JSON.stringify(body)
      .replaceAll(phoneNumber, '<phone>')
      .replace(/"(id|createdAt)":"[^"]*"/g, '"$1":"<$1>"'),
  );
}

const answerOf = (invitee: TestUser, inviteId: string, answer: 'accept' | 'decline') =>
  req(invitee, 'POST', `/api/invites/profiles/${inviteId}/${answer}`);

async function managerRows(profileId: string, userId: string): Promise<number> {
  const { rows } = await t.database.pool.query(
    'select count(*)::int as n from profile_managers where profile_id = $1 and user_id = $2',
    [profileId, userId],
  );
  return rows[0].n;
}

describe('inviting a phone number to manage a profile', () => {
  for (const relationship of ['guardian', 'self'] as const) {
    it(`answers a ${relationship} invite of a phone with an account exactly as one without: same status, body and statements`, async () => {
      const first = await family();
      const second = await family();
      // Someone with their own profile: a `self` invite used to be refused for them, at once.
      const known = await signUp(t, 'Known Person');
      const unknownPhone = newPhone();

      const forKnown = await sqlOf(() => first.invite(known.phoneNumber, relationship));
      const forUnknown = await sqlOf(() => second.invite(unknownPhone, relationship));

      expect(forKnown.answer.statusCode).toBe(201);
      expect(forUnknown.answer.statusCode).toBe(201);
      expect(comparable(forKnown.answer.json(), known.phoneNumber)).toEqual(
        comparable(forUnknown.answer.json(), unknownPhone),
      );
      expect(forKnown.answer.json()).toEqual({
        invite: {
          id: expect.any(String),
          phoneNumber: known.phoneNumber,
          relationship,
          status: 'pending',
          createdAt: expect.any(String),
        },
      });
      expect(forKnown.answer.body).not.toContain('Known Person');
      expect(forKnown.answer.body).not.toContain(known.id);
      expect(forKnown.texts).toEqual(forUnknown.texts);
      expect(await managerRows(first.childId, known.id)).toBe(0);
    });
  }

  it('changes nothing before acceptance: no manager row, no access, and the list shows only the phone', async () => {
    const { parent, childId, url, invite } = await family();
    const coach = await signUp(t, 'Coach');
    const programId = await createProgram(t, coach, await createOrg(t, coach, 'Quiet Club'));
    await req(coach, 'PATCH', `/api/programs/${programId}`, { joinPolicy: 'open' });
    await req(parent, 'POST', `/api/programs/${programId}/subscriptions`, { profileId: childId });
    const known = await signUp(t, 'Quiet Person');
    expect((await invite(known.phoneNumber)).statusCode).toBe(201);

    expect((await req(known, 'GET', url)).statusCode).toBe(404);
    expect((await req(known, 'GET', `${url}/subscriptions`)).statusCode).toBe(404);
    expect((await req(known, 'GET', `${url}/managers`)).statusCode).toBe(404);
    const profiles = (await req(known, 'GET', '/api/profiles')).json().profiles;
    expect(profiles.map((p: { id: string }) => p.id)).not.toContain(childId);
    const list = await req(parent, 'GET', `${url}/managers`);
    expect(list.json().managers.map((m: { userId: string }) => m.userId)).toEqual([parent.id]);
    expect(list.json().invites).toEqual([
      expect.objectContaining({ phoneNumber: known.phoneNumber, status: 'pending' }),
    ]);
    expect(list.body).not.toContain('Quiet Person');
    expect(list.body).not.toContain(known.id);
  });
});

describe('the invitee answers', () => {
  it('sees who invited them to manage whom, and accepting twice makes one manager', async () => {
    const { childId, url, invite } = await family('Meera');
    const invitee = await signUp(t, 'Ravi Rao');
    const sent = (await invite(invitee.phoneNumber)).json().invite;
    expect((await req(invitee, 'GET', '/api/invites')).json().invites).toEqual([
      {
        kind: 'profile',
        id: sent.id,
        profile: { id: childId, displayName: 'Meera' },
        relationship: 'guardian',
        invitedBy: { displayName: 'Parent Asha' },
        createdAt: sent.createdAt,
      },
    ]);
    const stranger = await signUp(t, 'Stranger');
    expect((await answerOf(stranger, sent.id, 'accept')).statusCode).toBe(404);

    const both = await Promise.all([
      answerOf(invitee, sent.id, 'accept'),
      answerOf(invitee, sent.id, 'accept'),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json().profile).toMatchObject({ id: childId, relationship: 'guardian' });
    expect(await managerRows(childId, invitee.id)).toBe(1);
    expect((await req(invitee, 'GET', url)).statusCode).toBe(200);
    expect((await req(invitee, 'GET', '/api/invites')).json().invites).toEqual([]);
  });

  it('declining changes nothing; the managers see it declined, and may remove it or invite again', async () => {
    const { parent, childId, url, invite } = await family();
    const invitee = await signUp(t, 'Busy Person');
    const first = (await invite(invitee.phoneNumber)).json().invite;
    expect((await answerOf(invitee, first.id, 'decline')).statusCode).toBe(204);
    expect((await answerOf(invitee, first.id, 'accept')).statusCode).toBe(404);
    expect((await req(invitee, 'GET', url)).statusCode).toBe(404);
    expect(await managerRows(childId, invitee.id)).toBe(0);
    expect((await req(parent, 'GET', `${url}/managers`)).json().invites).toEqual([
      expect.objectContaining({ id: first.id, status: 'declined' }),
    ]);
    expect((await req(parent, 'DELETE', `${url}/invites/${first.id}`)).statusCode).toBe(204);
    expect((await req(parent, 'GET', `${url}/managers`)).json().invites).toEqual([]);
    expect((await invite(invitee.phoneNumber)).statusCode).toBe(201);
  });

  it('accept against revoke has exactly one winner; a revoked invite never comes back', async () => {
    const { parent, childId, url, invite } = await family();
    for (let round = 0; round < 5; round++) {
      const invitee = await signUp(t, `Racer ${round}`);
      const inviteId = (await invite(invitee.phoneNumber)).json().invite.id;
      const [accepted, revoked] = await Promise.all([
        answerOf(invitee, inviteId, 'accept'),
        req(parent, 'DELETE', `${url}/invites/${inviteId}`),
      ]);
      const isAccepted = accepted.statusCode === 200;
      expect([accepted.statusCode, revoked.statusCode]).toEqual(
        isAccepted ? [200, 404] : [404, 204],
      );
      expect(await managerRows(childId, invitee.id)).toBe(isAccepted ? 1 : 0);
      expect((await answerOf(invitee, inviteId, 'accept')).statusCode).toBe(isAccepted ? 200 : 404);
      expect(await managerRows(childId, invitee.id)).toBe(isAccepted ? 1 : 0);
    }
  });
});
