import { accountDeletionPreviewSchema, FORMER_MEMBER_NAME } from '@rally/shared/account-deletion';
import { PHONE_CODE } from '@rally/shared/constants';
import { DateTime } from 'luxon';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  acceptInvites,
  addToOrg,
  createOrg,
  createTestApp,
  makeGlobalAdmin,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import { createClub, createEvent, enrolFamily } from '../attendance/test-fixtures.ts';
import { familyThread, sendMessage } from '../conversations/test-fixtures.ts';

/*
 * Deleting an account (DESIGN.md §3, docs/decisions/025), on real
 * PostgreSQL: the re-verification, the sole-owner and child rules, what is
 * gone and what organisations keep, the race of two guardians, and the same
 * phone signing up as a new person.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;

/** Asks for a deletion code for `user` and returns its verification id and the texted code. */
async function deletionCode(user: TestUser): Promise<{ verificationId: string; code: string }> {
  ipCounter += 1;
  const res = await t.request({
    method: 'POST',
    url: '/api/account/deletion/code',
    token: user.token,
    remoteAddress: `198.51.100.${ipCounter % 250}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const sms = t.sms.messagesFor(user.phoneNumber)[0];
  expect(sms?.body).toMatch(/DELETE your Rally account/);
  return { verificationId: res.json().verificationId, code: sms!.code };
}

/** `POST /api/account/deletion` for `user` with a fresh code and `extra`. */
async function deleteAccount(user: TestUser, extra: Record<string, unknown> = {}) {
  const code = await deletionCode(user);
  return t.req(user, 'POST', '/api/account/deletion', { ...code, ...extra });
}

async function preview(user: TestUser) {
  const res = await t.req(user, 'GET', '/api/account/deletion');
  expect(res.statusCode, res.body).toBe(200);
  expect(accountDeletionPreviewSchema.strict().safeParse(res.json()).error).toBeUndefined();
  return res.json();
}

const rows = async (query: string, params: unknown[]) =>
  (await t.database.pool.query(query, params)).rows;

/** How many rows each personal table holds for `userId` or `phone`. */
async function traces(userId: string, phone: string) {
  const [counts] = await rows(
    `select
      (select count(*) from users where id = $1 or phone_number = $2)::int as users,
      (select count(*) from sessions where user_id = $1)::int as sessions,
      (select count(*) from sign_in_tokens where user_id = $1)::int as sign_in_tokens,
      (select count(*) from user_totp where user_id = $1)::int as totp,
      (select count(*) from totp_recovery_codes where user_id = $1)::int as recovery_codes,
      (select count(*) from clients where uid = $1 or phone_number = $2)::int as devices,
      (select count(*) from org_members where user_id = $1)::int as memberships,
      (select count(*) from profile_managers where user_id = $1)::int as managed,
      (select count(*) from program_staff where user_id = $1)::int as staffing,
      (select count(*) from notifications where user_id = $1)::int as notifications,
      (select count(*) from calendar_feeds where created_by = $1)::int as feeds,
      (select count(*) from org_invites where phone_number = $2)::int as org_invites,
      (select count(*) from profile_invites where phone_number = $2)::int as profile_invites,
      (select count(*) from phone_verifications where phone_number = $2 and consumed_at is null)::int as usable_codes`,
    [userId, phone],
  );
  return counts;
}

describe('the preview', () => {
  it('shows each organisation (role, sole owner, enrolments) and what happens to each profile', async () => {
    const { coach, programId } = await createClub(t, { name: 'Swim Squad' });
    const family = await enrolFamily(t, coach, programId, 'Asha');

    const ofCoach = await preview(coach);
    expect(ofCoach.canDelete).toBe(false);
    expect(ofCoach.orgs).toEqual([
      expect.objectContaining({ name: 'Rally Club', role: 'owner', isSoleOwner: true }),
    ]);

    const ofParent = await preview(family.parent);
    expect(ofParent).toMatchObject({
      phoneNumber: family.parent.phoneNumber,
      totpEnabled: false,
      canDelete: true,
      orgs: [
        {
          name: 'Rally Club',
          role: null,
          isSoleOwner: false,
          enrolments: [
            {
              programId,
              programName: 'Swim Squad',
              status: 'active',
              profileId: family.childId,
              profileName: 'Asha',
            },
          ],
        },
      ],
    });
    expect(
      ofParent.profiles.map((p: { displayName: string; outcome: string }) => [
        p.displayName,
        p.outcome,
      ]),
    ).toEqual([
      ['Parent of Asha', 'erased'],
      ['Asha', 'decide'],
    ]);
  });
});

describe('re-verification', () => {
  it('needs a deletion code of the account’s own phone: not a sign-in code, not someone else’s; wrong tries count', async () => {
    const user = await signUp(t, 'Ravi');
    const other = await signUp(t, 'Meera');

    // A sign-in code of the same phone does not delete.
    t.clock.advance(61_000);
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/phone/start',
      payload: { phoneNumber: user.phoneNumber },
      remoteAddress: '203.0.113.7',
    });
    const signInCode = t.sms.messagesFor(user.phoneNumber)[0]!.code;
    const withSignInCode = await t.req(user, 'POST', '/api/account/deletion', {
      verificationId: signIn.json().verificationId,
      code: signInCode,
    });
    expect(withSignInCode.statusCode).toBe(400);
    expect(withSignInCode.json().code).toBe('invalid_code');

    // Another person's deletion code does not delete this account.
    const othersCode = await deletionCode(other);
    const withOthers = await t.req(user, 'POST', '/api/account/deletion', othersCode);
    expect(withOthers.json().code).toBe('invalid_code');

    // A deletion code does not sign anyone in.
    const mine = await deletionCode(user);
    const signInWithIt = await t.request({
      method: 'POST',
      url: '/api/auth/phone/verify',
      payload: { ...mine, tokenDelivery: 'bearer' },
    });
    expect(signInWithIt.statusCode).toBe(400);
    expect(signInWithIt.json().code).toBe('invalid_code');

    // A wrong code is counted and changes nothing.
    const wrong = await t.req(user, 'POST', '/api/account/deletion', {
      verificationId: mine.verificationId,
      code: mine.code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code', attemptsLeft: 4 });
    expect((await t.req(user, 'GET', '/api/home')).statusCode).toBe(200);

    // Expired codes are refused.
    t.clock.advance(5 * 60_000 + 1000);
    const late = await t.req(user, 'POST', '/api/account/deletion', mine);
    expect(late.json().code).toBe('code_expired');
    expect((await t.req(user, 'GET', '/api/home')).statusCode).toBe(200);
    expect((await t.req(other, 'GET', '/api/home')).statusCode).toBe(200);
  });

  it('also needs the authenticator code when one is set up; a wrong one keeps the phone code usable', async () => {
    const user = await signUp(t, 'Tara');
    const start = await t.req(user, 'POST', '/api/auth/totp/enrolment');
    const { secret } = start.json() as { secret: string };
    const codeNow = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expect(
      (await t.req(user, 'POST', '/api/auth/totp/enrolment/confirm', { code: await codeNow() }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(30_000);
    expect((await preview(user)).totpEnabled).toBe(true);

    const phoneCode = await deletionCode(user);
    const missing = await t.req(user, 'POST', '/api/account/deletion', phoneCode);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'totpCode' }],
    });
    const wrong = await t.req(user, 'POST', '/api/account/deletion', {
      ...phoneCode,
      totpCode: '000000' === (await codeNow()) ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'totpCode' }],
    });

    const done = await t.req(user, 'POST', '/api/account/deletion', {
      ...phoneCode,
      totpCode: await codeNow(),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await traces(user.id, user.phoneNumber)).toMatchObject({ totp: 0, recovery_codes: 0 });
  });
});

describe('what must come first', () => {
  it('a sole owner transfers ownership first (409, the code is not used up); then the deletion goes ahead', async () => {
    const owner = await signUp(t, 'Owner Olu');
    const orgId = await createOrg(t, owner, 'Olu Academy');
    const code = await deletionCode(owner);
    const refused = await t.req(owner, 'POST', '/api/account/deletion', code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/only owner of Olu Academy/);

    const partner = await signUp(t, 'Partner Pia');
    await addToOrg(t, owner, orgId, partner, 'owner');
    const done = await t.req(owner, 'POST', '/api/account/deletion', code);
    expect(done.statusCode, done.body).toBe(200);
    const members = await t.req(partner, 'GET', `/api/orgs/${orgId}/members`);
    expect(members.json().members.map((m: { displayName: string }) => m.displayName)).toEqual([
      'Partner Pia',
    ]);
  });

  it('the last global admin appoints another first (409, the code is not used up)', async () => {
    const admin = await signUp(t, 'Admin Ada');
    await makeGlobalAdmin(t, admin);
    const { rows: admins } = await t.database.pool.query(
      'select id from users where is_global_admin',
    );
    expect(admins).toEqual([{ id: admin.id }]);
    const code = await deletionCode(admin);
    const refused = await t.req(admin, 'POST', '/api/account/deletion', code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/last global admin/);

    const other = await signUp(t, 'Admin Ben');
    await makeGlobalAdmin(t, other);
    const done = await t.req(admin, 'POST', '/api/account/deletion', code);
    expect(done.statusCode, done.body).toBe(200);
  });

  it('a child nobody else manages needs a decision (409), and a handover phone must be valid and not one’s own', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Kiran');
    const code = await deletionCode(family.parent);
    const undecided = await t.req(family.parent, 'POST', '/api/account/deletion', code);
    expect(undecided.statusCode).toBe(409);
    expect(undecided.json().detail).toMatch(/Nobody else manages Kiran/);

    for (const phoneNumber of ['12', family.parent.phoneNumber]) {
      const bad = await t.req(family.parent, 'POST', '/api/account/deletion', {
        ...code,
        decisions: [{ profileId: family.childId, action: 'handover', phoneNumber }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'validation_failed',
        errors: [{ path: 'decisions.0.phoneNumber' }],
      });
    }
    expect((await t.req(family.parent, 'GET', '/api/home')).statusCode).toBe(200);
  });
});

describe('deleting an account', () => {
  it('removes everything personal at once, keeps the club’s records as a former member, and the phone starts afresh', async () => {
    const { coach, programId } = await createClub(t, { name: 'Hockey U10' });
    const nila = await enrolFamily(t, coach, programId, 'Nila');
    const other = await enrolFamily(t, coach, programId, 'Omar');
    const parent = nila.parent;

    // History the club keeps: two marked sessions, a message from the parent, a calendar feed.
    const day = (n: number) =>
      DateTime.fromJSDate(t.clock.now(), { zone: 'Asia/Kolkata' })
        .plus({ days: n })
        .toFormat("yyyy-MM-dd'T'18:00");
    const first = await createEvent(t, coach, programId, { title: 'One', startLocal: day(1) });
    const second = await createEvent(t, coach, programId, { title: 'Two', startLocal: day(2) });
    for (const [eventId, marks] of [
      [first, { [nila.childId]: 'present', [other.childId]: 'absent' }],
      [second, { [nila.childId]: 'late', [other.childId]: 'present' }],
    ] as const) {
      const res = await t.req(
        coach,
        'PUT',
        `/api/programs/${programId}/events/${eventId}/attendance`,
        {
          marks: Object.entries(marks).map(([profileId, status]) => ({
            profileId,
            status,
            markedAt: t.clock.now().toISOString(),
          })),
        },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const sent = await sendMessage(
      t,
      parent,
      familyThread(nila.childId, programId),
      'Nila has a cold',
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const feed = await t.req(parent, 'POST', `/api/profiles/${nila.childId}/calendar-feed`);
    expect(feed.statusCode, feed.body).toBe(200);
    // A device the native app registered (SPEC.md §3 `clients`, §7).
    const device = await t.req(parent, 'PUT', `/api/clients/${parent.id}-dev1`, {
      deviceId: 'dev1',
      uid: parent.id,
      phoneNumber: parent.phoneNumber,
      deviceInfo: { platform: 'android' },
      bundleId: '1.0.0',
    });
    expect(device.statusCode, device.body).toBe(200);
    // An invite addressed to the parent's phone, still open.
    const orgId = (await rows('select org_id from programs where id = $1', [programId]))[0].org_id;
    expect(
      (
        await t.req(coach, 'POST', `/api/orgs/${orgId}/invites`, {
          phoneNumber: parent.phoneNumber,
          role: 'staff',
        })
      ).statusCode,
    ).toBe(201);

    const from = DateTime.fromJSDate(t.clock.now()).toUTC().startOf('minute');
    const range = `?from=${from.toISO()}&to=${from.plus({ days: 5 }).toISO()}`;
    const reportUrl = `/api/programs/${programId}/attendance${range}`;
    const before = (await t.req(coach, 'GET', reportUrl)).json();
    const coachNotices = async () =>
      (
        await rows(
          `select count(*)::int as n from notifications where user_id = $1 and data::text like '%Nila%'`,
          [coach.id],
        )
      )[0].n;
    expect(await coachNotices()).toBeGreaterThan(0);

    const res = await deleteAccount(parent, {
      decisions: [{ profileId: nila.childId, action: 'delete' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deletedAt).toEqual(expect.any(String));

    // At once: the token is dead, nothing personal is left.
    expect((await t.req(parent, 'GET', '/api/home')).statusCode).toBe(401);
    expect(await traces(parent.id, parent.phoneNumber)).toEqual({
      users: 0,
      sessions: 0,
      sign_in_tokens: 0,
      totp: 0,
      recovery_codes: 0,
      devices: 0,
      memberships: 0,
      managed: 0,
      staffing: 0,
      notifications: 0,
      feeds: 0,
      org_invites: 0,
      profile_invites: 0,
      usable_codes: 0,
    });
    const [child] = await rows(
      'select display_name, date_of_birth, photo_file_id, erased_at from profiles where id = $1',
      [nila.childId],
    );
    expect(child).toMatchObject({
      display_name: FORMER_MEMBER_NAME,
      date_of_birth: null,
      photo_file_id: null,
      erased_at: expect.any(Date),
    });
    expect(
      await rows('select count(*)::int as n from calendar_feeds where profile_id = $1', [
        nila.childId,
      ]),
    ).toEqual([{ n: 0 }]);

    // What the club keeps: the report adds up exactly as before, under "Former member".
    const after = (await t.req(coach, 'GET', reportUrl)).json();
    expect(after.overall).toEqual(before.overall);
    expect(after.events.map((e: { totals: unknown }) => e.totals)).toEqual(
      before.events.map((e: { totals: unknown }) => e.totals),
    );
    expect(after.cells).toEqual(before.cells);
    const names = (r: { profiles: { profileId: string; displayName: string }[] }) =>
      Object.fromEntries(r.profiles.map((p) => [p.profileId, p.displayName]));
    expect(names(after)).toEqual({
      ...names(before),
      [nila.childId]: FORMER_MEMBER_NAME,
    });
    // The enrolment ended (cancelled, by the deleted account); the message stays without its author.
    const [subscription] = await rows(
      'select status, created_by from subscriptions where id = $1',
      [nila.subscriptionId],
    );
    expect(subscription.status).toBe('cancelled');
    const [message] = await rows('select body, sender_user_id from messages where id = $1', [
      sent.json().message.id,
    ]);
    expect(message).toEqual({ body: 'Nila has a cold', sender_user_id: null });
    // The coach's notifications no longer name the parent or the child.
    expect(await coachNotices()).toBe(0);
    // The other family is untouched.
    expect((await t.req(other.parent, 'GET', `/api/profiles/${other.childId}`)).statusCode).toBe(
      200,
    );

    // The same phone signs up as a new person who sees nothing of the old account.
    t.clock.advance(61_000);
    const again = await signUp(t, 'New Person', parent.phoneNumber);
    expect(again.id).not.toBe(parent.id);
    const profiles = (await t.req(again, 'GET', '/api/profiles')).json().profiles;
    expect(profiles.map((p: { displayName: string }) => p.displayName)).toEqual(['New Person']);
    expect((await t.req(again, 'GET', '/api/invites')).json().invites).toEqual([]);
    expect((await t.req(again, 'GET', `/api/profiles/${nila.childId}`)).statusCode).toBe(404);
    expect((await t.req(again, 'GET', `/api/orgs`)).json().orgs).toEqual([]);

    // The last hour's codes still count against the per-phone limit (DESIGN.md §3):
    // a loop of sign-up and deletion cannot text a phone without limit.
    const sentThisHour = t.sms.messagesFor(parent.phoneNumber).length;
    const statuses: number[] = [];
    for (let i = 0; i < PHONE_CODE.perPhonePerHour; i++) {
      t.clock.advance(PHONE_CODE.resendCooldownMs + 1000);
      ipCounter += 1;
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/phone/start',
        payload: { phoneNumber: parent.phoneNumber },
        remoteAddress: `203.0.113.${ipCounter % 250}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(
      PHONE_CODE.perPhonePerHour - sentThisHour,
    );
  });

  it('answers deleted when a follow-up after the commit fails: the account is gone either way', async () => {
    const { coach, programId } = await createClub(t, { name: 'Chess Club' });
    const family = await enrolFamily(t, coach, programId, 'Meera');
    const release = vi
      .spyOn(t.services.rsvp, 'releaseFutureAnswers')
      .mockRejectedValueOnce(new Error('connection lost'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await deleteAccount(family.parent, {
        decisions: [{ profileId: family.childId, action: 'delete' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(release).toHaveBeenCalled();
      expect(logged).toHaveBeenCalledWith(
        'After deleting an account, a follow-up failed:',
        expect.any(Error),
      );
      expect((await traces(family.parent.id, family.parent.phoneNumber)).users).toBe(0);
    } finally {
      release.mockRestore();
      logged.mockRestore();
    }
  });

  it('hands a child to another guardian: an invite they accept; the child keeps its name and enrolment', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Zoya');
    const secondPhone = `+9198${String(Date.now() % 100_000_000).padStart(8, '0')}`;

    const res = await deleteAccount(family.parent, {
      decisions: [{ profileId: family.childId, action: 'handover', phoneNumber: secondPhone }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [child] = await rows('select display_name, erased_at from profiles where id = $1', [
      family.childId,
    ]);
    expect(child).toEqual({ display_name: 'Zoya', erased_at: null });
    // The new guardian's timeline of the child does not name the deleted parent.
    const named = await rows(
      `select count(*)::int as n from activities where profile_id = $1 and data::text like '%Parent of Zoya%'`,
      [family.childId],
    );
    expect(named).toEqual([{ n: 0 }]);
    const [subscription] = await rows('select status from subscriptions where id = $1', [
      family.subscriptionId,
    ]);
    expect(subscription.status).toBe('active');

    const guardian = await signUp(t, 'Second Guardian', secondPhone);
    expect(await acceptInvites(t, guardian)).toBe(1);
    const profile = await t.req(guardian, 'GET', `/api/profiles/${family.childId}`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().profile.displayName).toBe('Zoya');
  });

  it('leaves a child with its other guardian, whose timeline no longer names the deleted account', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Ira');
    const second = await signUp(t, 'Guardian Two');
    expect(
      (
        await t.req(family.parent, 'POST', `/api/profiles/${family.childId}/managers`, {
          phoneNumber: second.phoneNumber,
        })
      ).statusCode,
    ).toBe(201);
    await acceptInvites(t, second);
    const namedBefore = await rows(
      `select count(*)::int as n from activities where profile_id = $1 and data->>'managerName' = $2`,
      [family.childId, 'Parent of Ira'],
    );
    expect(namedBefore[0].n).toBeGreaterThan(0);
    const outcome = (await preview(family.parent)).profiles.find(
      (p: { profileId: string }) => p.profileId === family.childId,
    );
    expect(outcome).toMatchObject({ outcome: 'stays', otherManagers: ['Guardian Two'] });

    const res = await deleteAccount(family.parent);
    expect(res.statusCode, res.body).toBe(200);
    const managers = await t.req(second, 'GET', `/api/profiles/${family.childId}/managers`);
    expect(managers.json().managers.map((m: { displayName: string }) => m.displayName)).toEqual([
      'Guardian Two',
    ]);
    const named = await rows(
      `select count(*)::int as n from activities where profile_id = $1 and data->>'managerName' = $2`,
      [family.childId, 'Parent of Ira'],
    );
    expect(named).toEqual([{ n: 0 }]);
  });

  it('two guardians deleting at the same moment cannot both leave: the second must decide for the child', async () => {
    const { coach, programId } = await createClub(t);
    const family = await enrolFamily(t, coach, programId, 'Dev');
    const second = await signUp(t, 'Guardian B');
    await t.req(family.parent, 'POST', `/api/profiles/${family.childId}/managers`, {
      phoneNumber: second.phoneNumber,
    });
    await acceptInvites(t, second);

    const [a, b] = await Promise.all([deletionCode(family.parent), deletionCode(second)]);
    const results = await Promise.all([
      t.req(family.parent, 'POST', '/api/account/deletion', a),
      t.req(second, 'POST', '/api/account/deletion', b),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().detail).toMatch(/Nobody else manages Dev/);
    const [managers] = await rows(
      'select count(*)::int as n from profile_managers where profile_id = $1',
      [family.childId],
    );
    expect(managers.n).toBe(1);
  });
});
