import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvites,
  createOrg,
  createProgram,
  createTestApp,
  newPhone,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import { multipartBody, TINY_GIF, TINY_PNG } from '../../test/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (...args: Parameters<TestApp['req']>) => t.req(...args);

/** A parent and their child's profile. */
async function family(childName = 'Kiran') {
  const parent = await signUp(t, 'Parent Asha');
  const child = (await req(parent, 'POST', '/api/profiles', { displayName: childName })).json()
    .profile;
  return { parent, childId: child.id as string, url: `/api/profiles/${child.id}` };
}

function uploadPhoto(user: TestUser, profileId: string, bytes: Buffer, fileName = 'me.png') {
  const { payload, headers } = multipartBody({ fileName, bytes });
  return t.request({
    method: 'POST',
    url: `/api/profiles/${profileId}/photo`,
    token: user.token,
    headers,
    payload,
  });
}

const kinds = async (user: TestUser, profileId: string) =>
  (await req(user, 'GET', `/api/profiles/${profileId}/activities`))
    .json()
    .activities.map((a: { kind: string }) => a.kind);

describe('profile settings', () => {
  it('edits name and date of birth, and clears the date', async () => {
    const { parent, url } = await family();
    const res = await req(parent, 'PATCH', url, {
      displayName: ' Kiran Rao ',
      dateOfBirth: '2016-05-04',
    });
    expect(res.json().profile).toMatchObject({
      displayName: 'Kiran Rao',
      dateOfBirth: '2016-05-04',
      photoUrl: null,
    });
    const cleared = await req(parent, 'PATCH', url, { dateOfBirth: null });
    expect(cleared.json().profile).toMatchObject({ displayName: 'Kiran Rao', dateOfBirth: null });
    expect((await req(parent, 'PATCH', url, {})).statusCode).toBe(400);
    const detail = (await req(parent, 'GET', url)).json();
    expect(detail.permissions).toEqual({ canEdit: true, canDelete: true, canGiveOwnLogin: true });
  });

  it('uploads, replaces and removes a photo readable by the family and the program’s staff only', async () => {
    const { parent, childId, url } = await family();
    const first = await uploadPhoto(parent, childId, TINY_PNG);
    expect(first.statusCode).toBe(201);
    const photo = first.json().photo;
    expect(photo).toMatchObject({ contentType: 'image/png', url: `/api/files/${photo.id}` });
    expect((await req(parent, 'GET', url)).json().profile.photoUrl).toBe(photo.url);
    expect((await req(parent, 'GET', photo.url)).statusCode).toBe(200);

    const stranger = await signUp(t, 'Stranger');
    expect((await req(stranger, 'GET', photo.url)).statusCode).toBe(404);
    expect((await uploadPhoto(stranger, childId, TINY_PNG)).statusCode).toBe(404);

    // Staff of a program the child is enrolled in see it on their roster.
    const coach = await signUp(t, 'Coach');
    const programId = await createProgram(t, coach, await createOrg(t, coach, 'Photo Club'));
    await req(coach, 'PATCH', `/api/programs/${programId}`, { joinPolicy: 'open' });
    expect((await req(coach, 'GET', photo.url)).statusCode).toBe(404);
    await req(parent, 'POST', `/api/programs/${programId}/subscriptions`, { profileId: childId });
    expect((await req(coach, 'GET', photo.url)).statusCode).toBe(200);

    const second = await uploadPhoto(parent, childId, TINY_GIF, 'me.gif');
    expect(second.json().photo.contentType).toBe('image/gif');
    expect((await req(parent, 'GET', photo.url)).statusCode).toBe(404);
    const text = await uploadPhoto(parent, childId, Buffer.from('hello'), 'me.txt');
    expect(text.statusCode).toBe(400);

    expect((await req(parent, 'DELETE', `${url}/photo`)).statusCode).toBe(204);
    expect((await req(parent, 'GET', url)).json().profile.photoUrl).toBeNull();
    expect((await req(parent, 'GET', second.json().photo.url)).statusCode).toBe(404);
  });

  it('deletes a profile only when confirmed by name and nothing is in progress', async () => {
    const { parent, childId, url } = await family('Meera');
    await uploadPhoto(parent, childId, TINY_PNG);
    const coach = await signUp(t, 'Coach');
    const programId = await createProgram(t, coach, await createOrg(t, coach, 'Delete Club'));
    const subs = `/api/programs/${programId}/subscriptions`;
    const sub = (await req(parent, 'POST', subs, { profileId: childId })).json().subscription;

    const wrong = await req(parent, 'DELETE', url, { confirmName: 'meera' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('confirmName');
    const live = await req(parent, 'DELETE', url, { confirmName: 'Meera' });
    expect(live.statusCode).toBe(409);
    expect(live.json().detail).toMatch(/Withdraw or cancel it first/);

    await req(parent, 'POST', `${subs}/${sub.id}/transitions`, { action: 'withdraw' });
    expect((await req(parent, 'DELETE', url, { confirmName: 'Meera' })).statusCode).toBe(204);
    expect((await req(parent, 'GET', url)).statusCode).toBe(404);
    expect((await req(coach, 'GET', `${subs}/${sub.id}`)).statusCode).toBe(404);
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from files where profile_id = $1',
      [childId],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('managers: a second guardian, removal, the last manager', () => {
  it('invites a second guardian by phone; they manage the child once they accept in the app', async () => {
    const { parent, childId, url } = await family();
    const phone = newPhone();
    const invited = await req(parent, 'POST', `${url}/managers`, { phoneNumber: phone });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toEqual({
      invite: {
        id: expect.any(String),
        phoneNumber: phone,
        relationship: 'guardian',
        status: 'pending',
        createdAt: expect.any(String),
      },
    });
    expect((await req(parent, 'POST', `${url}/managers`, { phoneNumber: phone })).statusCode).toBe(
      409,
    );
    expect((await req(parent, 'POST', `${url}/managers`, { phoneNumber: '12' })).json().code).toBe(
      'invalid_phone',
    );

    const second = await signUp(t, 'Second Parent', phone);
    expect((await req(second, 'GET', url)).statusCode).toBe(404);
    const pending = (await req(second, 'GET', '/api/invites')).json().invites;
    expect(pending).toEqual([
      {
        kind: 'profile',
        id: invited.json().invite.id,
        profile: { id: childId, displayName: 'Kiran' },
        relationship: 'guardian',
        invitedBy: { displayName: 'Parent Asha' },
        createdAt: expect.any(String),
      },
    ]);
    const accepted = await req(second, 'POST', `/api/invites/profiles/${pending[0].id}/accept`);
    expect(accepted.json().profile).toMatchObject({ id: childId, relationship: 'guardian' });
    expect((await req(second, 'GET', url)).json().profile).toMatchObject({
      id: childId,
      relationship: 'guardian',
    });
    const managers = (await req(parent, 'GET', `${url}/managers`)).json();
    expect(managers.invites).toEqual([]);
    expect(
      managers.managers.map((m: { userId: string; isYou: boolean }) => [m.userId, m.isYou]),
    ).toEqual([
      [parent.id, true],
      [second.id, false],
    ]);
    expect(await kinds(parent, childId)).toEqual(['guardian_added']);
  });

  it('invites a phone that has an account the same way, and refuses duplicates', async () => {
    const { parent, childId, url } = await family();
    const other = await signUp(t, 'Other Parent');
    const invited = await req(parent, 'POST', `${url}/managers`, {
      phoneNumber: other.phoneNumber,
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).not.toHaveProperty('manager');
    expect(JSON.stringify(invited.json())).not.toContain('Other Parent');
    expect((await req(other, 'GET', url)).statusCode).toBe(404);
    expect(await acceptInvites(t, other)).toBe(1);
    expect((await req(other, 'GET', url)).statusCode).toBe(200);
    const again = await req(parent, 'POST', `${url}/managers`, { phoneNumber: other.phoneNumber });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).not.toContain('Other Parent');
    const timeline = (await req(other, 'GET', `/api/profiles/${childId}/activities`)).json();
    expect(timeline.activities[0]).toMatchObject({
      kind: 'guardian_added',
      actor: { userId: parent.id },
      data: { managerName: 'Other Parent', relationship: 'guardian' },
      target: { kind: 'profile', profileId: childId, path: `/p/${childId}/settings` },
    });
  });

  it('a manager removes another or themself, but never the last one — even when both try at once', async () => {
    const { parent, url } = await family();
    const other = await signUp(t, 'Co-parent');
    await req(parent, 'POST', `${url}/managers`, { phoneNumber: other.phoneNumber });
    await acceptInvites(t, other);
    const last = await signUp(t, 'Third');
    await req(parent, 'POST', `${url}/managers`, { phoneNumber: last.phoneNumber });
    await acceptInvites(t, last);
    expect((await req(parent, 'DELETE', `${url}/managers/${last.id}`)).statusCode).toBe(204);
    expect((await req(last, 'GET', url)).statusCode).toBe(404);

    const [a, b] = await Promise.all([
      req(parent, 'DELETE', `${url}/managers/${other.id}`),
      req(other, 'DELETE', `${url}/managers/${parent.id}`),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(204);
    expect([404, 409]).toContain(codes[1]);
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from profile_managers where profile_id = $1',
      [url.split('/').at(-1)],
    );
    expect(rows[0].n).toBe(1);

    const survivor = a.statusCode === 204 ? parent : other;
    const self = await req(survivor, 'DELETE', `${url}/managers/${survivor.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toMatch(/at least one manager/);
  });

  it('revokes an open invite', async () => {
    const { parent, url } = await family();
    const invite = (
      await req(parent, 'POST', `${url}/managers`, { phoneNumber: newPhone() })
    ).json().invite;
    expect((await req(parent, 'DELETE', `${url}/invites/${invite.id}`)).statusCode).toBe(204);
    expect((await req(parent, 'DELETE', `${url}/invites/${invite.id}`)).statusCode).toBe(404);
    expect((await req(parent, 'GET', `${url}/managers`)).json().invites).toEqual([]);
  });
});
