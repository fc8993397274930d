import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { makeRsvpCounts, makeRsvpState, makeUser, newId } from '../test/fixtures';
import { renderApp } from '../test/render-app';

describe('the RSVP outbox in the app shell', () => {
  it('sends an answer given offline on another page, wherever the user is now', async () => {
    const user = makeUser();
    const profileId = newId();
    const eventId = newId();
    localStorage.setItem(
      `rally.outbox.rsvps:${user.id}`,
      JSON.stringify([
        {
          key: `${eventId}:${profileId}`,
          id: 'queued-1',
          payload: { profileId, eventId, answer: 'going' },
          queuedAt: '2025-11-20T10:00:00.000Z',
        },
      ]),
    );
    const requests = mockApi({
      'GET /api/auth/session': { user },
      'PUT /api/profiles/:profileId/events/:eventId/rsvp': () => ({
        rsvp: makeRsvpState({ answer: 'going' }),
        counts: makeRsvpCounts(),
      }),
    });
    renderApp('/no-such-page');
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
        [`/api/profiles/${profileId}/events/${eventId}/rsvp`, { answer: 'going' }],
      ]),
    );
    await waitFor(() => expect(localStorage.getItem(`rally.outbox.rsvps:${user.id}`)).toBeNull());
  });
});
