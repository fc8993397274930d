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
 * Invitations to an organisation wait for the invitee's consent, and the
 * inviter's answer never tells who owns a phone number (docs/decisions/009).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (...args: Parameters<TestApp['req']>) => t.req(...args);

async function club(name = 'Consent Club') {
  const owner = await signUp(t, 'Owner Kavya');
  const orgId = await createOrg(t, owner, name);
  const invite = (phoneNumber: string, role = 'staff') =>
    req(owner, 'POST', `/api/orgs/${orgId}/invites`, { phoneNumber, role });
  return { owner, orgId, invite };
}

/** The body with ids, times and the phone itself replaced, to compare two answers' shapes and values. */
function comparable(body: unknown, phoneNumber: string): unknown {
  return JSON.parse(
    JSON.stringify(body)
      .replaceAll(phoneNumber, '<phone>')
      .replace(/"(id|createdAt)":"[^"]*"/g, '"$1":"<$1>"'),
  );
}

const answerOf = (invitee: TestUser, inviteId: string, answer: 'accept' | 'decline') =>
  req(invitee, 'POST', `/api/invites/orgs/${inviteId}/${answer}`);

async function memberCount(orgId: string, userId: string): Promise<number> {
  const { rows } = await t.database.pool.query(
    'select count(*)::int as n from org_members where org_id = $1 and user_id = $2',
    [orgId, userId],
  );
  return rows[0].n;
}

describe('inviting a phone number to an organisation', () => {
  it('answers a phone with an account exactly as one without: same status, body and statements', async () => {
    const { orgId, invite } = await club();
    const known = await signUp(t, 'Known Person');
    const unknownPhone = newPhone();

    const forKnown = await sqlOf(() => invite(known.phoneNumber, 'admin'));
    const forUnknown = await sqlOf(() => invite(unknownPhone, 'admin'));

    expect(forKnown.answer.statusCode).toBe(201);
    expect(forUnknown.answer.statusCode).toBe(201);
    expect(comparable(forKnown.answer.json(), known.phoneNumber)).toEqual(
      comparable(forUnknown.answer.json(), unknownPhone),
    );
    expect(forKnown.answer.json()).toEqual({
      invite: {
        id: expect.any(String),
        phoneNumber: known.phoneNumber,
        role: 'admin',
        status: 'pending',
        createdAt: expect.any(String),
      },
    });
    expect(forKnown.answer.body).not.toContain('Known Person');
    expect(forKnown.answer.body).not.toContain(known.id);
    expect(forKnown.texts).toEqual(forUnknown.texts);
    expect(await memberCount(orgId, known.id)).toBe(0);
  });

  it('changes nothing before acceptance: no membership, no access, and the list shows only the phone', async () => {
    const { owner, orgId, invite } = await club();
    const programId = await createProgram(t, owner, orgId);
    const known = await signUp(t, 'Quiet Person');
    expect((await invite(known.phoneNumber)).statusCode).toBe(201);

    expect((await req(known, 'GET', '/api/orgs')).json().orgs).toEqual([]);
    expect((await req(known, 'GET', `/api/orgs/${orgId}`)).statusCode).toBe(404);
    expect((await req(known, 'GET', `/api/programs/${programId}`)).statusCode).toBe(404);
    const list = await req(owner, 'GET', `/api/orgs/${orgId}/members`);
    expect(list.json().members.map((m: { userId: string }) => m.userId)).toEqual([owner.id]);
    expect(list.json().invites).toEqual([
      expect.objectContaining({ phoneNumber: known.phoneNumber, status: 'pending' }),
    ]);
    expect(list.body).not.toContain('Quiet Person');
    expect(list.body).not.toContain(known.id);
  });

  it('keeps one open invite per phone and refuses a phone that is already a member', async () => {
    const { owner, invite } = await club();
    const phone = newPhone();
    const first = await invite(phone.replace('+91', '0'), 'admin');
    expect(first.json().invite).toMatchObject({ phoneNumber: phone, role: 'admin' });
    expect((await invite(phone)).statusCode).toBe(409);
    const mine = await invite(owner.phoneNumber);
    expect(mine.statusCode).toBe(409);
    expect(mine.json().detail).not.toContain('Owner Kavya');
  });
});

describe('the invitee answers', () => {
  it('signing in accepts nothing; the new account sees the invite and accepts it in the app', async () => {
    const { owner, orgId, invite } = await club('Lakeside Club');
    const phone = newPhone();
    const sent = (await invite(phone, 'admin')).json().invite;

    const invitee = await signUp(t, 'New Person', phone);
    expect((await req(invitee, 'GET', '/api/orgs')).json().orgs).toEqual([]);
    const pending = await req(invitee, 'GET', '/api/invites');
    expect(pending.json().invites).toEqual([
      {
        kind: 'org',
        id: sent.id,
        org: { id: orgId, name: 'Lakeside Club' },
        role: 'admin',
        invitedBy: { displayName: 'Owner Kavya' },
        createdAt: sent.createdAt,
      },
    ]);
    const stranger = await signUp(t, 'Stranger');
    expect((await answerOf(stranger, sent.id, 'accept')).statusCode).toBe(404);
    expect((await req(stranger, 'GET', '/api/invites')).json().invites).toEqual([]);

    const accepted = await answerOf(invitee, sent.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().org).toMatchObject({ id: orgId, name: 'Lakeside Club', role: 'admin' });
    expect((await req(invitee, 'GET', `/api/orgs/${orgId}`)).statusCode).toBe(200);
    expect((await req(invitee, 'GET', '/api/invites')).json().invites).toEqual([]);
    expect((await req(owner, 'GET', `/api/orgs/${orgId}/members`)).json().invites).toEqual([]);

    // Accepting again is harmless: the same answer, still one membership.
    const again = await answerOf(invitee, sent.id, 'accept');
    expect(again.json().org).toMatchObject({ id: orgId, role: 'admin' });
    expect(await memberCount(orgId, invitee.id)).toBe(1);
    expect((await answerOf(invitee, sent.id, 'decline')).statusCode).toBe(404);
  });

  it('declining changes nothing; the inviters see it declined, and may remove it or invite again', async () => {
    const { owner, orgId, invite } = await club();
    const invitee = await signUp(t, 'Busy Person');
    const first = (await invite(invitee.phoneNumber)).json().invite;

    expect((await answerOf(invitee, first.id, 'decline')).statusCode).toBe(204);
    expect((await answerOf(invitee, first.id, 'decline')).statusCode).toBe(204);
    expect((await answerOf(invitee, first.id, 'accept')).statusCode).toBe(404);
    expect((await req(invitee, 'GET', '/api/invites')).json().invites).toEqual([]);
    expect((await req(invitee, 'GET', `/api/orgs/${orgId}`)).statusCode).toBe(404);
    const members = `/api/orgs/${orgId}/members`;
    expect((await req(owner, 'GET', members)).json().invites).toEqual([
      expect.objectContaining({ id: first.id, status: 'declined' }),
    ]);

    // A new invite replaces the declined one on the list.
    const second = (await invite(invitee.phoneNumber)).json().invite;
    expect((await req(owner, 'GET', members)).json().invites).toEqual([
      expect.objectContaining({ id: second.id, status: 'pending' }),
    ]);
    expect((await answerOf(invitee, second.id, 'decline')).statusCode).toBe(204);
    expect((await req(owner, 'DELETE', `/api/orgs/${orgId}/invites/${second.id}`)).statusCode).toBe(
      204,
    );
    expect((await req(owner, 'GET', members)).json().invites).toEqual([]);
  });

  it('a revoked invite cannot be accepted, and an accepted one cannot be revoked', async () => {
    const { owner, orgId, invite } = await club();
    const invitee = await signUp(t, 'Late Person');
    const revoked = (await invite(invitee.phoneNumber)).json().invite;
    await req(owner, 'DELETE', `/api/orgs/${orgId}/invites/${revoked.id}`);
    expect((await answerOf(invitee, revoked.id, 'accept')).statusCode).toBe(404);
    expect(await memberCount(orgId, invitee.id)).toBe(0);

    const kept = (await invite(invitee.phoneNumber)).json().invite;
    expect((await answerOf(invitee, kept.id, 'accept')).statusCode).toBe(200);
    expect((await req(owner, 'DELETE', `/api/orgs/${orgId}/invites/${kept.id}`)).statusCode).toBe(
      404,
    );
    expect(await memberCount(orgId, invitee.id)).toBe(1);
  });

  it('two accepts at once make one membership; accept against revoke has exactly one winner', async () => {
    const { owner, orgId, invite } = await club();
    const twice = await signUp(t, 'Double Tap');
    const id = (await invite(twice.phoneNumber)).json().invite.id;
    const both = await Promise.all([answerOf(twice, id, 'accept'), answerOf(twice, id, 'accept')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await memberCount(orgId, twice.id)).toBe(1);

    for (let round = 0; round < 5; round++) {
      const invitee = await signUp(t, `Racer ${round}`);
      const inviteId = (await invite(invitee.phoneNumber)).json().invite.id;
      const [accepted, revoked] = await Promise.all([
        answerOf(invitee, inviteId, 'accept'),
        req(owner, 'DELETE', `/api/orgs/${orgId}/invites/${inviteId}`),
      ]);
      const isAccepted = accepted.statusCode === 200;
      expect([accepted.statusCode, revoked.statusCode]).toEqual(
        isAccepted ? [200, 404] : [404, 204],
      );
      expect(await memberCount(orgId, invitee.id)).toBe(isAccepted ? 1 : 0);
      const { rows } = await t.database.pool.query(
        'select accepted_at is not null as a, revoked_at is not null as r from org_invites where id = $1',
        [inviteId],
      );
      expect(rows[0]).toEqual({ a: isAccepted, r: !isAccepted });
    }
  });
});
