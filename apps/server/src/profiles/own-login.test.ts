import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvites,
  createOrg,
  createProgram,
  createTestApp,
  newPhone,
  selfProfileId,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';

/**
 * A child's own login (docs/decisions/005): a `self` invite, accepted in
 * the app, makes the profile the person's own, with its history
 * (docs/decisions/009).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (...args: Parameters<TestApp['req']>) => t.req(...args);

/** A parent and their child's profile. */
async function family(childName: string) {
  const parent = await signUp(t, 'Parent Asha');
  const child = (await req(parent, 'POST', '/api/profiles', { displayName: childName })).json()
    .profile;
  return { parent, childId: child.id as string, url: `/api/profiles/${child.id}` };
}

const kinds = async (user: TestUser, profileId: string) =>
  (await req(user, 'GET', `/api/profiles/${profileId}/activities`))
    .json()
    .activities.map((a: { kind: string }) => a.kind);

describe('a child’s own login', () => {
  it('gives the child their own login by phone, keeping the profile and its history', async () => {
    const { parent, childId, url } = await family('Rohan');
    const coach = await signUp(t, 'Coach');
    const programId = await createProgram(t, coach, await createOrg(t, coach, 'Login Club'));
    const subs = `/api/programs/${programId}/subscriptions`;
    const sub = (await req(parent, 'POST', subs, { profileId: childId })).json().subscription;
    await req(coach, 'POST', `${subs}/${sub.id}/transitions`, { action: 'approve' });

    const phone = newPhone();
    const invite = await req(parent, 'POST', `${url}/managers`, {
      phoneNumber: phone,
      relationship: 'self',
    });
    expect(invite.json().invite).toMatchObject({ relationship: 'self', status: 'pending' });
    const twice = await req(parent, 'POST', `${url}/managers`, {
      phoneNumber: newPhone(),
      relationship: 'self',
    });
    expect(twice.statusCode).toBe(409);

    // Rohan signs up (onboarding gives him a bare own profile), then accepts:
    // this profile, with its history, becomes his own and takes his name.
    const rohan = await signUp(t, 'Rohan Verma', phone);
    const before = (await req(rohan, 'GET', '/api/profiles')).json().profiles;
    expect(before.map((p: { id: string }) => p.id)).not.toContain(childId);
    expect(await acceptInvites(t, rohan)).toBe(1);
    const mine = (await req(rohan, 'GET', '/api/profiles')).json().profiles;
    expect(mine).toEqual([
      expect.objectContaining({ id: childId, relationship: 'self', displayName: 'Rohan Verma' }),
    ]);
    const own = (await req(rohan, 'GET', `/api/profiles/${childId}/subscriptions`)).json()
      .subscriptions;
    expect(own).toEqual([expect.objectContaining({ id: sub.id, status: 'active' })]);
    expect(await kinds(rohan, childId)).toEqual(['own_login_added', 'approved', 'requested']);

    // His parent stays a guardian but can no longer delete him or remove his login.
    const asParent = (await req(parent, 'GET', url)).json();
    expect(asParent.permissions).toEqual({
      canEdit: true,
      canDelete: false,
      canGiveOwnLogin: false,
    });
    expect((await req(parent, 'DELETE', url, { confirmName: 'Rohan Verma' })).statusCode).toBe(403);
    const removeLogin = await req(parent, 'DELETE', `${url}/managers/${rohan.id}`);
    expect(removeLogin.statusCode).toBe(403);
    // Rohan may remove his parent.
    expect((await req(rohan, 'DELETE', `${url}/managers/${parent.id}`)).statusCode).toBe(204);
    expect((await req(parent, 'GET', url)).statusCode).toBe(404);
  });

  it('someone whose own profile has a history accepts an own-login invite as a guardian', async () => {
    const { parent, childId, url } = await family('Dev');
    const grownUp = await signUp(t, 'Has own profile');
    const ownId = await selfProfileId(t, grownUp);
    await req(grownUp, 'PATCH', `/api/profiles/${ownId}`, { dateOfBirth: '1990-01-01' });
    const invite = await req(parent, 'POST', `${url}/managers`, {
      phoneNumber: grownUp.phoneNumber,
      relationship: 'self',
    });
    expect(invite.statusCode).toBe(201);
    const accepted = await req(
      grownUp,
      'POST',
      `/api/invites/profiles/${invite.json().invite.id}/accept`,
    );
    expect(accepted.json().profile).toMatchObject({ id: childId, relationship: 'guardian' });
    const mine = (await req(grownUp, 'GET', '/api/profiles')).json().profiles;
    expect(mine.map((p: { id: string; relationship: string }) => [p.id, p.relationship])).toEqual([
      [ownId, 'self'],
      [childId, 'guardian'],
    ]);
  });

  it('a person with no own profile yet accepts the login and it becomes theirs', async () => {
    const { parent, childId, url } = await family('Tara');
    const tara = await signUp(t, null);
    await req(parent, 'POST', `${url}/managers`, {
      phoneNumber: tara.phoneNumber,
      relationship: 'self',
    });
    expect((await req(tara, 'GET', '/api/profiles')).json().profiles).toEqual([]);
    await acceptInvites(t, tara);
    expect((await req(tara, 'GET', '/api/profiles')).json().profiles).toEqual([
      expect.objectContaining({ id: childId, relationship: 'self', displayName: 'Tara' }),
    ]);
  });

  it('two profiles offering the same phone its own login: the first accepted wins, the second makes it a guardian', async () => {
    const first = await family('Ishaan');
    const second = await family('Ishaan too');
    const phone = newPhone();
    for (const f of [first, second]) {
      const res = await req(f.parent, 'POST', `${f.url}/managers`, {
        phoneNumber: phone,
        relationship: 'self',
      });
      expect(res.statusCode).toBe(201);
    }
    const ishaan = await signUp(t, null, phone);
    expect(await acceptInvites(t, ishaan)).toBe(2);
    const profiles = (await req(ishaan, 'GET', '/api/profiles')).json().profiles;
    expect(
      profiles.map((p: { id: string; relationship: string }) => [p.id, p.relationship]),
    ).toEqual([
      [first.childId, 'self'],
      [second.childId, 'guardian'],
    ]);
  });
});
