import type { ProfileEvent } from '@rally/shared/events';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../test/api-mock';
import { makeEvent, makeProfile, makeUser, newId } from '../../test/fixtures';
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
      'GET /api/profiles/:profileId/events/:eventId': { event },
    });
    renderApp(`/p/${profile.id}/events/${event.id}`);
    expect(await screen.findByRole('heading', { name: 'Cup final', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('For Kabir Rao · Under-12s')).toBeInTheDocument();
    expect(screen.getByText('Match')).toBeInTheDocument();
    expect(screen.getByText('Times in Asia/Kolkata')).toBeInTheDocument();
  });

  it('shows the profile settings: name and date of birth', async () => {
    const profile = makeProfile({
      displayName: 'Kabir Rao',
      dateOfBirth: '2014-03-09',
      relationship: 'guardian',
    });
    mockApi({ ...session, 'GET /api/profiles/:profileId': { profile, programs: [] } });
    renderApp(`/p/${profile.id}/settings`);
    expect(await screen.findByText('Mar 9, 2014')).toBeInTheDocument();
    expect(screen.getByText("A child's profile you manage")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute(
      'href',
      `/p/${profile.id}/calendar`,
    );
  });

  it('shows not-found for a profile the user does not manage', async () => {
    mockApi({ ...session, 'GET /api/profiles/:profileId': problem(404, 'not_found') });
    renderApp(`/p/${newId()}/settings`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
