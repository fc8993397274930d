import type { ProfileEvent } from '@rally/shared/events';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { makeEvent, makeOrg, makeProfile, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('home page', () => {
  it('lists profiles, organisations and next events as links', async () => {
    const self = makeProfile({ displayName: 'Asha Rao', relationship: 'self' });
    const child = makeProfile({
      displayName: 'Kabir Rao',
      relationship: 'guardian',
      dateOfBirth: '2014-01-01',
    });
    const org = makeOrg({ name: 'Indiranagar Football Academy' });
    const event: ProfileEvent = {
      ...makeEvent({ title: 'Evening training', programName: 'Under-12s' }),
      profileId: child.id,
      profileName: 'Kabir Rao',
    };
    mockApi({
      'GET /api/auth/session': { user: makeUser({ displayName: 'Asha Rao' }) },
      'GET /api/home': { profiles: [self, child], orgs: [org], nextEvents: [event] },
      'GET /api/family/events': { events: [] },
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
    const eventLink = screen.getByRole('link', { name: /Evening training/ });
    expect(eventLink).toHaveAttribute('href', `/p/${child.id}/events/${event.id}`);
    expect(within(eventLink).getByText('Kabir Rao · Under-12s')).toBeInTheDocument();
  });

  it('shows empty states with a next step', async () => {
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/home': { profiles: [], orgs: [], nextEvents: [] },
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
      'GET /api/home': { profiles: [], orgs: [], nextEvents: [] },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: "What's your name?" })).toBeInTheDocument();
    expect(await screen.findByLabelText(/Your name/)).toBeInTheDocument();
  });

  it('adds a child profile with an optional date of birth', async () => {
    const child = makeProfile({ displayName: 'Kabir Rao', relationship: 'guardian' });
    let profiles: unknown[] = [];
    const requests = mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/home': () => ({ profiles, orgs: [], nextEvents: [] }),
      'GET /api/family/events': { events: [] },
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
