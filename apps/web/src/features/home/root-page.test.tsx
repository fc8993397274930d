import type { FamilyEvent, StaffSession } from '@rally/shared/home';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem } from '../../test/api-mock';
import {
  makeEvent,
  makeHome,
  makeOrg,
  makeProfile,
  makeRsvpCounts,
  makeRsvpState,
  makeUser,
  newId,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** A family card of `names` (each unanswered) for an event titled `title`. */
function familyCard(title: string, names: string[]): FamilyEvent {
  return {
    event: makeEvent({ title, programName: 'Under-10s' }),
    profiles: names.map((displayName) => ({
      profileId: newId(),
      displayName,
      answer: null,
      isDefault: false,
      waitlistPosition: null,
    })),
    isRsvpOpen: true,
  };
}

function staffSession(title: string, overrides: Partial<StaffSession> = {}): StaffSession {
  return {
    event: makeEvent({ title, programName: 'Under-10s' }),
    orgName: 'Lakeside FC',
    counts: makeRsvpCounts({ going: 3, maybe: 1, declined: 2, noAnswer: 4 }),
    canTakeAttendance: true,
    ...overrides,
  };
}

describe('home page', () => {
  it('lists profiles and organisations as links', async () => {
    const self = makeProfile({ displayName: 'Asha Rao', relationship: 'self' });
    const child = makeProfile({
      displayName: 'Kabir Rao',
      relationship: 'guardian',
      dateOfBirth: '2014-01-01',
    });
    const org = makeOrg({ name: 'Indiranagar Football Academy' });
    mockApi({
      'GET /api/auth/session': { user: makeUser({ displayName: 'Asha Rao' }) },
      'GET /api/home': makeHome({ profiles: [self, child], orgs: [org] }),
    });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Hi, Asha Rao', level: 1 }),
    ).toBeInTheDocument();
    const childLink = await screen.findByRole('link', {
      name: /Kabir Rao.*Child.*Born Jan 1, 2014/,
    });
    expect(childLink).toHaveAttribute('href', `/p/${child.id}/calendar`);
    expect(screen.getByRole('link', { name: /Indiranagar Football Academy/ })).toHaveAttribute(
      'href',
      `/orgs/${org.id}`,
    );
  });

  it('shows staff today and tomorrow first, with counts and a one-tap Take attendance, never on a cancelled session', async () => {
    const session = staffSession('Evening nets');
    const cancelled = staffSession('Rained off', { canTakeAttendance: false });
    cancelled.event.status = 'cancelled';
    const programId = session.event.programId;
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/home': makeHome({
        staff: {
          sessions: [session, cancelled],
          joinRequests: [{ programId, programName: 'Under-10s', orgName: 'Lakeside FC', count: 2 }],
          unreadThreads: [{ programId, programName: 'Under-10s', count: 3 }],
        },
        family: { events: [familyCard('Match', ['Asha'])], dues: [], waitlist: [] },
      }),
    });
    renderApp('/');
    const staff = await screen.findByRole('region', { name: 'Today and tomorrow' });
    expect(within(staff).getByText("3 going · 1 maybe · 2 can't go · 4 no answer")).toBeVisible();
    const take = within(staff).getAllByRole('link', { name: /Take attendance/ });
    expect(take).toHaveLength(1);
    expect(take[0]).toHaveAccessibleName('Take attendance: Evening nets');
    expect(take[0]).toHaveAttribute(
      'href',
      `/programs/${programId}/events/${session.event.id}/attendance`,
    );
    expect(
      within(staff).getByRole('link', { name: /Under-10s: 2 requests to approve/ }),
    ).toHaveAttribute('href', `/programs/${programId}`);
    expect(
      within(staff).getByRole('link', { name: /Under-10s: 3 unread conversations/ }),
    ).toHaveAttribute('href', `/programs/${programId}/conversations`);
    // Staff first, then the family's events.
    const family = screen.getByRole('heading', { name: 'Next events' });
    expect(staff.compareDocumentPosition(family) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows one card per event with each child’s answer buttons, and answers for both children', async () => {
    const card = familyCard('Saturday match', ['Asha', 'Kabir']);
    const [asha, kabir] = card.profiles;
    // The server keeps each answer: home answers with it afterwards.
    const requests = mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/home': () => makeHome({ family: { events: [card], dues: [], waitlist: [] } }),
      'PUT /api/profiles/:profileId/events/:eventId/rsvp': (request, params) => {
        const { answer } = request.body as { answer: 'going' | 'maybe' | 'declined' };
        const profile = card.profiles.find((p) => p.profileId === params.profileId);
        if (profile) profile.answer = answer;
        return json({ rsvp: makeRsvpState({ answer }), counts: makeRsvpCounts() });
      },
    });
    const app = renderApp('/');
    const going = await screen.findByRole('button', { name: 'Asha: Going' });
    expect(screen.getAllByText('Saturday match')).toHaveLength(1);
    expect(going).toHaveAttribute('aria-pressed', 'false');
    await app.user.click(going);
    expect(screen.getByRole('button', { name: 'Asha: Going' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await app.user.click(screen.getByRole('button', { name: "Kabir: Can't go" }));
    expect(screen.getByRole('button', { name: "Kabir: Can't go" })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
        [`/api/profiles/${asha?.profileId}/events/${card.event.id}/rsvp`, { answer: 'going' }],
        [`/api/profiles/${kabir?.profileId}/events/${card.event.id}/rsvp`, { answer: 'declined' }],
      ]),
    );
    expect(await screen.findByText("Kabir can't go.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Asha: Going' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('keeps an answer given offline, says it will be sent, and sends it when back online', async () => {
    const card = familyCard('Saturday match', ['Asha']);
    let isUp = false;
    const requests = mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/home': makeHome({ family: { events: [card], dues: [], waitlist: [] } }),
      'PUT /api/profiles/:profileId/events/:eventId/rsvp': () =>
        isUp
          ? json({ rsvp: makeRsvpState({ answer: 'maybe' }), counts: makeRsvpCounts() })
          : Promise.reject(new TypeError('Failed to fetch')),
    });
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: 'Asha: Maybe' }));
    expect(
      await screen.findByText("You're offline — 1 answer will be sent when you're back online."),
    ).toBeInTheDocument();
    expect(screen.getByText("Asha's answer will be sent when you're back online.")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Asha: Maybe' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    isUp = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(/will be sent/)).toBeNull());
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ answer: 'maybe' });
  });

  it('shows what the family owes with a Pay link, and waitlist positions', async () => {
    const programId = newId();
    const subscriptionId = newId();
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/home': makeHome({
        family: {
          events: [],
          dues: [
            {
              subscriptionId,
              programId,
              programName: 'Under-10s',
              profileId: newId(),
              profileName: 'Asha',
              balanceMinor: 150000,
              currency: 'INR',
            },
          ],
          waitlist: [
            {
              subscriptionId: newId(),
              programId,
              programName: 'U10',
              profileId: newId(),
              profileName: 'Asha',
              position: 2,
            },
          ],
        },
      }),
    });
    renderApp('/');
    expect(await screen.findByText('₹1,500.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay for Asha, Under-10s' })).toHaveAttribute(
      'href',
      `/programs/${programId}/subscriptions/${subscriptionId}`,
    );
    expect(screen.getByText('Asha is #2 on the waitlist for U10')).toBeInTheDocument();
  });

  it('offers a new user two ways in: join by link, or create an organisation', async () => {
    const programId = newId();
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/home': makeHome({ isNewcomer: true }),
      'GET /api/programs/:programId': problem(404, 'not_found'),
      'GET /api/programs/:programId/public': problem(404, 'not_found'),
    });
    const app = renderApp('/');
    const start = await screen.findByRole('region', { name: 'Get started' });
    const field = within(start).getByLabelText('Join a program');
    await app.user.type(field, 'not a link');
    await app.user.click(within(start).getByRole('button', { name: 'Open join page' }));
    expect(await within(start).findByText(/doesn't look like a Rally join link/)).toBeVisible();
    await app.user.clear(field);
    await app.user.type(field, `https://rally.example/programs/${programId}?ref=whatsapp`);
    await app.user.click(within(start).getByRole('button', { name: 'Open join page' }));
    await waitFor(() => expect(app.currentPath()).toBe(`/programs/${programId}`));
  });

  it('shows empty states with a next step', async () => {
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/home': makeHome(),
    });
    const app = renderApp('/');
    expect(await screen.findByText(/No upcoming events/)).toBeInTheDocument();
    expect(screen.getByText(/You're not in any organisation yet/)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(app.currentPath()).toBe('/orgs/create'));
  });

  it('asks for the name when it is missing', async () => {
    mockApi({
      'GET /api/auth/session': { user: makeUser({ displayName: null }) },
      'GET /api/home': makeHome(),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: "What's your name?" })).toBeInTheDocument();
    expect(await screen.findByLabelText(/Your name/)).toBeInTheDocument();
  });

  it('adds a child profile with an optional date of birth', async () => {
    const child = makeProfile({ displayName: 'Kabir Rao', relationship: 'guardian' });
    let profiles: ReturnType<typeof makeProfile>[] = [];
    const requests = mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/home': () => makeHome({ profiles }),
      'POST /api/profiles': () => {
        profiles = [child];
        return json({ profile: child }, 201);
      },
    });
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: 'Add a child profile' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText(/Child's name/), 'Kabir Rao');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    expect(await screen.findByRole('link', { name: /Kabir Rao/ })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      displayName: 'Kabir Rao',
      dateOfBirth: null,
      relationship: 'guardian',
    });
  });
});
