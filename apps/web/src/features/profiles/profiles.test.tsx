import type { Activity } from '@rally/shared/activities';
import type { ProfileEvent } from '@rally/shared/events';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem } from '../../test/api-mock';
import {
  makeEvent,
  makeHome,
  makeProfile,
  makeProfileEventDetail,
  makeUser,
  newId,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const session = { 'GET /api/auth/session': { user: makeUser() } };

describe('profile pages', () => {
  it('shows a profile event with its program and time zone', async () => {
    const profile = makeProfile({ displayName: 'Kabir Rao' });
    const event: ProfileEvent = {
      ...makeEvent({ title: 'Cup final', kind: 'match', programName: 'Under-12s' }),
      profileId: profile.id,
      profileName: 'Kabir Rao',
    };
    mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [] },
      'GET /api/profiles/:profileId/events/:eventId': makeProfileEventDetail(event),
      // A match whose match page cannot be read shows no live card.
      'GET /api/programs/:programId/events/:eventId/match': problem(404, 'not_found'),
    });
    renderApp(`/p/${profile.id}/events/${event.id}`);
    expect(await screen.findByRole('heading', { name: 'Cup final', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('For Kabir Rao · Under-12s')).toBeInTheDocument();
    expect(screen.getByText('Match')).toBeInTheDocument();
    // The tests run in UTC: the event's zone differs, so it is named once.
    expect(screen.getByText('Times in Asia/Kolkata, GMT+5:30')).toBeInTheDocument();
  });

  it('shows not-found for a profile the user does not manage', async () => {
    mockApi({ ...session, 'GET /api/profiles/:profileId': problem(404, 'not_found') });
    renderApp(`/p/${newId()}/settings`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

const permissions = { canEdit: true, canDelete: true, canGiveOwnLogin: true };

function settingsApi(profile: ReturnType<typeof makeProfile>, extra = {}) {
  return {
    ...session,
    'GET /api/profiles/:profileId': {
      profile: { ...profile, photoUrl: null },
      programs: [],
      permissions,
    },
    'GET /api/profiles/:profileId/managers': {
      managers: [
        {
          userId: newId(),
          displayName: 'Asha Rao',
          phoneNumber: '+919876543210',
          relationship: 'guardian',
          isYou: true,
          addedAt: '2025-01-01T00:00:00.000Z',
        },
      ],
      invites: [],
    },
    'GET /api/profiles/:profileId/subscriptions': { subscriptions: [] },
    ...extra,
  };
}

describe('profile settings', () => {
  it('saves only the changed fields and invites a guardian by phone', async () => {
    const profile = makeProfile({
      displayName: 'Kabir Rao',
      dateOfBirth: '2014-03-09',
      relationship: 'guardian',
    });
    const requests = mockApi(
      settingsApi(profile, {
        'PATCH /api/profiles/:profileId': { profile: { ...profile, photoUrl: null } },
        'POST /api/profiles/:profileId/managers': json(
          {
            invite: {
              id: newId(),
              phoneNumber: '+919812345678',
              relationship: 'guardian',
              status: 'pending',
              createdAt: '2025-01-01T00:00:00.000Z',
            },
          },
          201,
        ),
      }),
    );
    const app = renderApp(`/p/${profile.id}/settings`);
    expect(await screen.findByText("A child's profile you manage")).toBeInTheDocument();
    const dob = screen.getByLabelText('Date of birth');
    expect(dob).toHaveValue('2014-03-09');
    await app.user.clear(dob);
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ dateOfBirth: null }),
    );

    await app.user.type(screen.getByLabelText('Phone number (Invite a guardian)'), '98123 45678');
    await app.user.click(screen.getByRole('button', { name: 'Invite a guardian' }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.path.endsWith('/managers') && r.method === 'POST')?.body,
      ).toEqual({ phoneNumber: '98123 45678', relationship: 'guardian' }),
    );
    expect(
      await screen.findByText(
        '+919812345678 is invited. They manage this profile once they accept the invite in Rally.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Give Kabir Rao their own login' }),
    ).toBeInTheDocument();
  });

  it('shows the last-manager 409 in the dialog when leaving', async () => {
    const profile = makeProfile({ displayName: 'Kabir Rao', relationship: 'guardian' });
    mockApi(
      settingsApi(profile, {
        'DELETE /api/profiles/:profileId/managers/:userId': problem(409, 'conflict', {
          detail: 'Kabir Rao needs at least one manager',
        }),
      }),
    );
    const app = renderApp(`/p/${profile.id}/settings`);
    await app.user.click(await screen.findByRole('button', { name: 'Stop managing' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Stop managing' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Kabir Rao needs at least one manager',
    );
  });

  it('deletes the profile only once its name is typed, then goes home', async () => {
    const profile = makeProfile({ displayName: 'Kabir Rao', relationship: 'guardian' });
    const requests = mockApi(
      settingsApi(profile, {
        'DELETE /api/profiles/:profileId': () => new Response(null, { status: 204 }),
        'GET /api/home': makeHome(),
      }),
    );
    const app = renderApp(`/p/${profile.id}/settings`);
    await app.user.click(await screen.findByRole('button', { name: 'Delete profile' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete profile' });
    expect(confirm).toBeDisabled();
    await app.user.type(within(dialog).getByLabelText('Type Kabir Rao to confirm'), 'Kabir Rao');
    await app.user.click(confirm);
    await waitFor(() => expect(app.currentPath()).toBe('/'));
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ confirmName: 'Kabir Rao' });
  });
});

function makeActivity(overrides: Partial<Activity> = {}): Activity {
  const programId = newId();
  const subscriptionId = newId();
  return {
    id: newId(),
    profileId: newId(),
    kind: 'approved',
    at: '2025-11-02T04:30:00.000Z',
    actor: { userId: newId(), displayName: 'Coach Meera' },
    target: {
      kind: 'subscription',
      programId,
      subscriptionId,
      path: `/programs/${programId}/subscriptions/${subscriptionId}`,
    },
    data: { programName: 'Tennis juniors' },
    ...overrides,
  };
}

describe('profile activities', () => {
  it('lists the timeline newest first with links and loads older entries', async () => {
    const profile = makeProfile({ displayName: 'Kabir Rao' });
    const approved = makeActivity();
    const requested = makeActivity({ kind: 'requested', actor: null });
    const requests = mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [], permissions },
      'GET /api/profiles/:profileId/subscriptions': { subscriptions: [] },
      'GET /api/profiles/:profileId/match-stats': { profileId: profile.id, programs: [] },
      'GET /api/profiles/:profileId/activities': (request) =>
        request.search.get('cursor') === 'page2'
          ? { activities: [requested], nextCursor: null }
          : { activities: [approved], nextCursor: 'page2' },
    });
    const app = renderApp(`/p/${profile.id}/activities`);
    expect(await screen.findByRole('link', { name: 'Approved in Tennis juniors' })).toHaveAttribute(
      'href',
      approved.target.path,
    );
    expect(screen.getByText(/by Coach Meera/)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await screen.findByRole('link', { name: 'Requested a place in Tennis juniors' }),
    ).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      'Approved in Tennis juniors',
      'Requested a place in Tennis juniors',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests.filter((r) => r.path.endsWith('/activities'))[1]?.search.get('cursor')).toBe(
      'page2',
    );
  });

  it('describes event entries and links them to the event', async () => {
    const profile = makeProfile({ displayName: 'Kabir Rao' });
    const eventId = newId();
    const eventTarget = {
      kind: 'event' as const,
      profileId: profile.id,
      eventId,
      path: `/p/${profile.id}/events/${eventId}`,
    };
    // Mon 6 Jan 2025, 18:00 in Kolkata (12:30 UTC).
    const eventData = {
      eventTitle: 'Training',
      startsAt: '2025-01-06T12:30:00.000Z',
      timeZone: 'Asia/Kolkata',
    };
    mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [], permissions },
      'GET /api/profiles/:profileId/subscriptions': { subscriptions: [] },
      'GET /api/profiles/:profileId/match-stats': { profileId: profile.id, programs: [] },
      'GET /api/profiles/:profileId/activities': {
        activities: [
          makeActivity({
            kind: 'attended',
            target: eventTarget,
            data: { ...eventData, status: 'late' },
          }),
          makeActivity({
            kind: 'attended',
            target: eventTarget,
            data: { ...eventData, status: 'present' },
          }),
          makeActivity({
            kind: 'rsvp',
            target: eventTarget,
            data: { ...eventData, answer: 'going' },
          }),
          makeActivity({
            kind: 'event_cancelled',
            target: eventTarget,
            data: { ...eventData, reason: 'Waterlogged pitch' },
          }),
          makeActivity({
            kind: 'event_cancelled',
            actor: null,
            target: eventTarget,
            data: eventData,
          }),
        ],
        nextCursor: null,
      },
    });
    renderApp(`/p/${profile.id}/activities`);
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const links = within(timeline).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Attended Training on Mon, Jan 6 (late)',
      'Attended Training on Mon, Jan 6',
      'Answered Going to Training on Mon, Jan 6',
      'Training on Mon, Jan 6 was cancelled: Waterlogged pitch',
      'Training on Mon, Jan 6 was cancelled',
    ]);
    for (const link of links) expect(link).toHaveAttribute('href', eventTarget.path);
  });

  it('describes match entries with the opponent and minute, linked to the event', async () => {
    const profile = makeProfile({ displayName: 'Kabir Rao' });
    const eventId = newId();
    const target = {
      kind: 'event' as const,
      profileId: profile.id,
      eventId,
      path: `/p/${profile.id}/events/${eventId}`,
    };
    const match = { eventTitle: 'League match', opponent: 'Hawks', period: 1 };
    const entry = (kind: Activity['kind'], data: Record<string, unknown>) =>
      makeActivity({ kind, target, data: { ...match, ...data } });
    mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [], permissions },
      'GET /api/profiles/:profileId/subscriptions': { subscriptions: [] },
      'GET /api/profiles/:profileId/match-stats': { profileId: profile.id, programs: [] },
      'GET /api/profiles/:profileId/activities': {
        activities: [
          entry('played', { minutes: 34, goals: 2, assists: 0 }),
          entry('played', { minutes: 12, goals: 0, assists: 0, opponent: '' }),
          entry('scored', { minute: "23'" }),
          entry('assisted', { minute: "25+2'" }),
          entry('yellow_card', { minute: "5'" }),
          entry('red_card', { minute: "6'" }),
          entry('subbed_on', { minute: "30'" }),
          entry('subbed_off', { minute: "31'" }),
          entry('injured', { minute: "40'" }),
        ],
        nextCursor: null,
      },
    });
    renderApp(`/p/${profile.id}/activities`);
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const links = within(timeline).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Played 34 min against Hawks and scored 2 goals',
      'Played 12 min in League match',
      "Scored against Hawks (23')",
      "Assisted a goal against Hawks (25+2')",
      "Yellow card against Hawks (5')",
      "Red card against Hawks (6')",
      "Came on against Hawks (30')",
      "Came off against Hawks (31')",
      "Injured against Hawks (40')",
    ]);
    for (const link of links) expect(link).toHaveAttribute('href', target.path);
  });

  it('has an empty state', async () => {
    const profile = makeProfile({ displayName: 'Kabir Rao' });
    mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [], permissions },
      'GET /api/profiles/:profileId/subscriptions': { subscriptions: [] },
      'GET /api/profiles/:profileId/match-stats': { profileId: profile.id, programs: [] },
      'GET /api/profiles/:profileId/activities': { activities: [], nextCursor: null },
    });
    renderApp(`/p/${profile.id}/activities`);
    expect(await screen.findByText(/Nothing has happened yet/)).toBeInTheDocument();
    expect(await screen.findByText('Not enrolled in any program yet.')).toBeInTheDocument();
  });
});

describe('profile calendar', () => {
  it("asks for the profile's events beside the profile, not after it, and shows them while the profile loads", async () => {
    const profile = makeProfile({ displayName: 'Kabir Rao' });
    // Today 12:00-13:00 UTC, inside the month shown at any hour of any day: an
    // event relative to now would cross midnight late in the evening (jsdom's
    // month grid does not show a multi-day segment) or the month's end.
    const now = new Date();
    const startsAt = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
    let answerProfile = () => {};
    const requests = mockApi({
      ...session,
      'GET /api/profiles/:profileId': () =>
        new Promise<Response>((resolve) => {
          answerProfile = () =>
            resolve(json({ profile, programs: [], permissions: { canEdit: false } }));
        }),
      'GET /api/profiles/:profileId/events': {
        events: [
          {
            ...makeEvent({
              title: 'Cup final',
              startsAt: new Date(startsAt).toISOString(),
              endsAt: new Date(startsAt + 3600_000).toISOString(),
            }),
            profileId: profile.id,
            profileName: 'Kabir Rao',
          },
        ],
      },
    });
    renderApp(`/p/${profile.id}/calendar`);

    expect(await screen.findByText('Cup final')).toBeInTheDocument();
    // Both asked for while the profile's answer is still pending.
    expect(
      requests
        .filter((request) => request.path.startsWith('/api/profiles/'))
        .map((request) => request.path)
        .sort(),
    ).toEqual([`/api/profiles/${profile.id}`, `/api/profiles/${profile.id}/events`]);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    answerProfile();
    expect(
      await screen.findByRole('heading', { level: 1, name: "Kabir Rao's calendar" }),
    ).toBeInTheDocument();
  });

  it("shows the not-found page, and no calendar, for a profile that isn't yours", async () => {
    mockApi({
      ...session,
      'GET /api/profiles/:profileId': problem(404, 'not_found'),
      'GET /api/profiles/:profileId/events': problem(404, 'not_found'),
    });
    renderApp(`/p/${newId()}/calendar`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: /view/i })).not.toBeInTheDocument();
  });
});
