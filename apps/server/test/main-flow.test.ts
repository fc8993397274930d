import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createProgram,
  createTestApp,
  selfProfileId,
  signUp,
  type TestApp,
} from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nov = '?from=2030-11-01T00:00:00Z&to=2030-12-01T00:00:00Z';

describe('the main job: sign in, org, program, events, enrol, calendars', () => {
  it('onboarding creates the own profile once and later renames it', async () => {
    const user = await signUp(t, null);
    const first = await t.request({
      method: 'PUT',
      url: '/api/account',
      token: user.token,
      payload: { displayName: ' Asha Rao ' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      user: { displayName: 'Asha Rao' },
      selfProfile: { displayName: 'Asha Rao', relationship: 'self' },
    });
    await t.request({
      method: 'PUT',
      url: '/api/account',
      token: user.token,
      payload: { displayName: 'Asha R.' },
    });
    const profiles = (
      await t.request({ method: 'GET', url: '/api/profiles', token: user.token })
    ).json().profiles;
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ displayName: 'Asha R.', relationship: 'self' });
  });

  it('concurrent onboarding calls still leave one own profile', async () => {
    const user = await signUp(t, null);
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D'].map((n) =>
        t.request({
          method: 'PUT',
          url: '/api/account',
          token: user.token,
          payload: { displayName: n },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const profiles = (
      await t.request({ method: 'GET', url: '/api/profiles', token: user.token })
    ).json().profiles;
    expect(
      profiles.filter((p: { relationship: string }) => p.relationship === 'self'),
    ).toHaveLength(1);
  });

  it('runs end to end and shows the event on both calendars and on the home page', async () => {
    const coach = await signUp(t, 'Coach Ravi');
    const orgId = await createOrg(t, coach, 'Bengaluru Strikers FC');
    const orgs = (await t.request({ method: 'GET', url: '/api/orgs', token: coach.token })).json()
      .orgs;
    expect(orgs).toEqual([
      expect.objectContaining({
        id: orgId,
        role: 'owner',
        slug: 'bengaluru-strikers-fc',
        timeZone: 'Asia/Kolkata',
        country: 'IN',
      }),
    ]);

    const programId = await createProgram(t, coach, orgId, { name: 'U12 Evening Batch' });
    const created = await t.request({
      method: 'POST',
      url: `/api/programs/${programId}/events`,
      token: coach.token,
      payload: {
        title: 'Passing drills',
        kind: 'training',
        startLocal: '2030-11-12T18:00',
        endLocal: '2030-11-12T19:30',
        location: 'Turf 2',
      },
    });
    expect(created.statusCode).toBe(201);
    const event = created.json().event;
    // 18:00 in Asia/Kolkata (UTC+05:30) is 12:30 UTC.
    expect(event).toMatchObject({
      startsAt: '2030-11-12T12:30:00.000Z',
      endsAt: '2030-11-12T14:00:00.000Z',
      timeZone: 'Asia/Kolkata',
      location: 'Turf 2',
      status: 'scheduled',
    });

    const profileId = await selfProfileId(t, coach);
    const enrol = await t.request({
      method: 'POST',
      url: `/api/programs/${programId}/subscriptions`,
      token: coach.token,
      payload: { profileId },
    });
    expect(enrol.statusCode).toBe(201);
    expect(enrol.json().subscription).toMatchObject({ status: 'active', profileId, programId });

    const programCalendar = await t.request({
      method: 'GET',
      url: `/api/programs/${programId}/events${nov}`,
      token: coach.token,
    });
    expect(programCalendar.json().events.map((e: { id: string }) => e.id)).toEqual([event.id]);
    const profileCalendar = await t.request({
      method: 'GET',
      url: `/api/profiles/${profileId}/events${nov}`,
      token: coach.token,
    });
    expect(profileCalendar.json().events).toEqual([
      expect.objectContaining({ id: event.id, profileId, programName: 'U12 Evening Batch' }),
    ]);

    const detail = await t.request({
      method: 'GET',
      url: `/api/programs/${programId}/events/${event.id}`,
      token: coach.token,
    });
    expect(detail.json()).toMatchObject({
      canEdit: true,
      roster: [
        {
          profileId,
          displayName: 'Coach Ravi',
          rsvp: expect.objectContaining({ answer: null }),
          status: null,
        },
      ],
    });
    const profileEvent = await t.request({
      method: 'GET',
      url: `/api/profiles/${profileId}/events/${event.id}`,
      token: coach.token,
    });
    expect(profileEvent.json().event).toMatchObject({ id: event.id, title: 'Passing drills' });

    const home = (await t.request({ method: 'GET', url: '/api/home', token: coach.token })).json();
    expect(home.profiles.map((p: { id: string }) => p.id)).toEqual([profileId]);
    expect(home.orgs.map((o: { id: string }) => o.id)).toEqual([orgId]);
    expect(home.family.events.map((c: { event: { id: string } }) => c.event.id)).toEqual([
      event.id,
    ]);

    const org = (
      await t.request({ method: 'GET', url: `/api/orgs/${orgId}`, token: coach.token })
    ).json();
    expect(org.programs).toEqual([
      expect.objectContaining({ id: programId, activeSubscriptions: 1 }),
    ]);
    expect(org.permissions).toEqual({
      canEdit: true,
      canCreateProgram: true,
      canManageMembers: true,
      canManageAdmins: true,
      canDelete: true,
    });
    expect(org.staffSummary).toEqual({ owner: 1, admin: 0, staff: 0 });
    expect(org.programs[0].nextEvent).toMatchObject({ id: event.id, title: 'Passing drills' });
  });

  it('calendar ranges include events overlapping the edges and exclude the rest', async () => {
    const coach = await signUp(t, 'Edge');
    const programId = await createProgram(t, coach, await createOrg(t, coach, 'Edge Club'), {
      timeZone: 'UTC',
    });
    const make = (s: string, e: string) =>
      t.request({
        method: 'POST',
        url: `/api/programs/${programId}/events`,
        token: coach.token,
        payload: { title: s, startLocal: s, endLocal: e },
      });
    await make('2030-10-31T23:00', '2030-11-01T01:00');
    await make('2030-11-15T10:00', '2030-11-15T11:00');
    await make('2030-12-01T00:00', '2030-12-01T01:00');
    const res = await t.request({
      method: 'GET',
      url: `/api/programs/${programId}/events${nov}`,
      token: coach.token,
    });
    expect(res.json().events.map((e: { title: string }) => e.title)).toEqual([
      '2030-10-31T23:00',
      '2030-11-15T10:00',
    ]);
  });

  it('keeps 18:00 local across a daylight-saving change and refuses a time that does not exist', async () => {
    const coach = await signUp(t, 'London');
    const programId = await createProgram(t, coach, await createOrg(t, coach, 'London Club'), {
      timeZone: 'Europe/London',
    });
    const post = (startLocal: string, endLocal: string) =>
      t.request({
        method: 'POST',
        url: `/api/programs/${programId}/events`,
        token: coach.token,
        payload: { title: 'Session', startLocal, endLocal },
      });
    expect((await post('2030-03-28T18:00', '2030-03-28T19:00')).json().event.startsAt).toBe(
      '2030-03-28T18:00:00.000Z',
    );
    expect((await post('2030-04-04T18:00', '2030-04-04T19:00')).json().event.startsAt).toBe(
      '2030-04-04T17:00:00.000Z',
    );
    const gap = await post('2030-03-31T01:30', '2030-03-31T03:00');
    expect(gap.statusCode).toBe(400);
    expect(gap.json().errors[0].path).toBe('startLocal');
  });

  it('enrols a profile once even when asked twice at the same moment', async () => {
    const coach = await signUp(t, 'Twice');
    const programId = await createProgram(t, coach, await createOrg(t, coach, 'Twice Club'));
    const profileId = await selfProfileId(t, coach);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request({
          method: 'POST',
          url: `/api/programs/${programId}/subscriptions`,
          token: coach.token,
          payload: { profileId },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'conflict'),
    ).toBe(true);
    const list = await t.request({
      method: 'GET',
      url: `/api/programs/${programId}/subscriptions`,
      token: coach.token,
    });
    expect(list.json().subscriptions).toHaveLength(1);
  });
});

describe('families and roles', () => {
  it('a parent manages a child profile; another family cannot see it', async () => {
    const parent = await signUp(t, 'Parent');
    const other = await signUp(t, 'Other parent');
    const child = await t.request({
      method: 'POST',
      url: '/api/profiles',
      token: parent.token,
      payload: { displayName: 'Kiran', dateOfBirth: '2016-05-04' },
    });
    expect(child.statusCode).toBe(201);
    expect(child.json().profile).toMatchObject({
      displayName: 'Kiran',
      relationship: 'guardian',
      dateOfBirth: '2016-05-04',
    });
    const id = child.json().profile.id;
    expect(
      (await t.request({ method: 'GET', url: `/api/profiles/${id}`, token: parent.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/profiles/${id}`, token: other.token }))
        .statusCode,
    ).toBe(404);
  });

  it('a second own profile is refused', async () => {
    const user = await signUp(t, 'Solo');
    const res = await t.request({
      method: 'POST',
      url: '/api/profiles',
      token: user.token,
      payload: { displayName: 'Me again', relationship: 'self' },
    });
    expect(res.statusCode).toBe(409);
  });

  it("a family sees their child's program but not its roster, and cannot schedule events", async () => {
    const coach = await signUp(t, 'Coach');
    const parent = await signUp(t, 'Family');
    const programId = await createProgram(t, coach, await createOrg(t, coach, 'Family Club'), {
      timeZone: 'Asia/Kolkata',
    });
    const childId = (
      await t.request({
        method: 'POST',
        url: '/api/profiles',
        token: parent.token,
        payload: { displayName: 'Meera' },
      })
    ).json().profile.id;

    // The program is not open: the family cannot see it, and the coach cannot enrol a profile they do not manage.
    expect(
      (await t.request({ method: 'GET', url: `/api/programs/${programId}`, token: parent.token }))
        .statusCode,
    ).toBe(404);
    const byCoach = await t.request({
      method: 'POST',
      url: `/api/programs/${programId}/subscriptions`,
      token: coach.token,
      payload: { profileId: childId },
    });
    expect(byCoach.statusCode).toBe(404);

    // Enrolment by the family in an open program.
    await t.database.pool.query("update programs set join_policy = 'open' where id = $1", [
      programId,
    ]);
    const enrol = await t.request({
      method: 'POST',
      url: `/api/programs/${programId}/subscriptions`,
      token: parent.token,
      payload: { profileId: childId },
    });
    expect(enrol.statusCode).toBe(201);

    const seen = await t.request({
      method: 'GET',
      url: `/api/programs/${programId}`,
      token: parent.token,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().permissions).toEqual({
      canEdit: false,
      canManageStaff: false,
      canArchive: false,
      canManageEvents: false,
      canManageSubscriptions: false,
      canViewRoster: false,
    });
    const ev = await t.request({
      method: 'POST',
      url: `/api/programs/${programId}/events`,
      token: coach.token,
      payload: { title: 'Nets', startLocal: '2030-11-20T07:00', endLocal: '2030-11-20T08:00' },
    });
    const asFamily = await t.request({
      method: 'GET',
      url: `/api/programs/${programId}/events/${ev.json().event.id}`,
      token: parent.token,
    });
    expect(asFamily.json()).toMatchObject({ roster: null, canEdit: false });
    const create = await t.request({
      method: 'POST',
      url: `/api/programs/${programId}/events`,
      token: parent.token,
      payload: { title: 'Not mine', startLocal: '2030-11-21T07:00', endLocal: '2030-11-21T08:00' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('forbidden');
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/programs/${programId}/subscriptions`,
          token: parent.token,
        })
      ).statusCode,
    ).toBe(403);
    const childCalendar = await t.request({
      method: 'GET',
      url: `/api/profiles/${childId}/events${nov}`,
      token: parent.token,
    });
    expect(childCalendar.json().events.map((e: { title: string }) => e.title)).toEqual(['Nets']);
  });
});
