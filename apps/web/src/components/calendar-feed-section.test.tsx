import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../test/api-mock';
import { makeProfile, makeProgram, makeProgramDetail, makeUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { feedUrls } from './calendar-feed-section';

const session = { 'GET /api/auth/session': { user: makeUser() } };
const permissions = { canEdit: true, canDelete: true, canGiveOwnLogin: true };

describe('feedUrls', () => {
  it('gives the https address, its webcal twin and the Google Calendar link', () => {
    expect(feedUrls('/api/feeds/abc_-1.ics', 'https://rally.example')).toEqual({
      https: 'https://rally.example/api/feeds/abc_-1.ics',
      webcal: 'webcal://rally.example/api/feeds/abc_-1.ics',
      google:
        'https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Frally.example%2Fapi%2Ffeeds%2Fabc_-1.ics',
    });
  });
});

describe('calendar feed section', () => {
  it('creates a private link, copies it, and rotates it only after a confirmation', async () => {
    const profile = makeProfile({ displayName: 'Kabir Rao' });
    let token = 'first-secret';
    let posts = 0;
    const requests = mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [], permissions },
      'GET /api/profiles/:profileId/events': { events: [] },
      'GET /api/profiles/:profileId/calendar-feed': { feed: null },
      'POST /api/profiles/:profileId/calendar-feed': () => {
        posts += 1;
        if (posts > 1) token = 'second-secret';
        return json({
          feed: { path: `/api/feeds/${token}.ics`, createdAt: '2025-11-20T00:00:00Z' },
        });
      },
    });
    const app = renderApp(`/p/${profile.id}/calendar`);

    const section = (
      await screen.findByRole('heading', { name: 'Subscribe in your calendar app' })
    ).closest('section') as HTMLElement;
    expect(within(section).getByText(/See Kabir Rao's events/)).toBeInTheDocument();
    await app.user.click(
      await within(section).findByRole('button', { name: 'Create a private calendar link' }),
    );
    const url = `${window.location.origin}/api/feeds/first-secret.ics`;
    expect(await within(section).findByLabelText('Private calendar link')).toHaveValue(url);
    const webcal = url.replace(/^https?:/, 'webcal:');
    expect(
      within(section).getByRole('link', { name: 'Open in Apple Calendar / Outlook' }),
    ).toHaveAttribute('href', webcal);
    expect(within(section).getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    );
    expect(
      within(section).getByText(/Anyone with this link can see these events/),
    ).toBeInTheDocument();

    await app.user.click(within(section).getByRole('button', { name: 'Copy link' }));
    expect(await within(section).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);

    // Rotating asks first; cancelling changes nothing.
    await app.user.click(within(section).getByRole('button', { name: 'Get a new link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Get a new link?' });
    expect(dialog).toHaveTextContent('The old link stops working at once');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toBe(1);

    await app.user.click(within(section).getByRole('button', { name: 'Get a new link' }));
    dialog = await screen.findByRole('dialog', { name: 'Get a new link?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Get a new link' }));
    await waitFor(() =>
      expect(within(section).getByLabelText('Private calendar link')).toHaveValue(
        `${window.location.origin}/api/feeds/second-secret.ics`,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it("shows the program's feed and New event to staff, and neither to a family", async () => {
    const program = makeProgram({ name: 'Under-12s' });
    mockApi({
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/events': { events: [] },
      'GET /api/programs/:programId/calendar-feed': {
        feed: { path: '/api/feeds/team.ics', createdAt: '2025-11-20T00:00:00Z' },
      },
    });
    const staffView = renderApp(`/programs/${program.id}/calendar`);
    expect(await screen.findByLabelText('Private calendar link')).toHaveValue(
      `${window.location.origin}/api/feeds/team.ics`,
    );
    expect(screen.getByText(/See the events of Under-12s/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New event' })).toHaveAttribute(
      'href',
      `/programs/${program.id}/events/new`,
    );
    staffView.unmount();

    // No calendar-feed handler: a family's page must not ask for it.
    mockApi({
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program, false),
      'GET /api/programs/:programId/events': { events: [] },
    });
    renderApp(`/programs/${program.id}/calendar`);
    expect(await screen.findByRole('heading', { name: 'Under-12s calendar' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Subscribe in your calendar app' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New event' })).toBeNull();
  });
});
