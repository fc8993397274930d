import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { makeEvent, makeEventDetail, makeUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';

/**
 * The chunks these tests make fail: while `navigator.onLine` is false their
 * import rejects as a browser's does when the network is gone, so
 * `route-modules.ts` takes the download as failed (`trackDownload`).
 */
const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/layout.js');

vi.mock('./layouts/main-layout', async (importOriginal) => {
  if (navigator.onLine === false) throw chunkFailure();
  return importOriginal();
});
vi.mock('./layouts/program-event-layout', async (importOriginal) => {
  if (navigator.onLine === false) throw chunkFailure();
  return importOriginal();
});
vi.mock('./pages/program-event-page', async (importOriginal) => {
  if (navigator.onLine === false) throw chunkFailure();
  return importOriginal();
});

/**
 * Sets what `navigator.onLine` says. Going back online also fires the
 * window's `online` event, as the browser does; going offline fires nothing,
 * so TanStack Query (which pauses on `offline`) still asks the mocked API.
 */
function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  if (!isOnline) return;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('an area layout whose download failed (docs/decisions/017)', () => {
  it('keeps the Rally header and navigation around the retry state, then shows the layout when back online', async () => {
    setOnline(false);
    mockApi({ 'GET /api/auth/session': { user: makeUser({ displayName: 'Asha Rao' }) } });
    renderApp('/no-such-page');

    expect(await screen.findByRole('alert')).toHaveTextContent("You're offline");
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Rally' })).toHaveAttribute('href', '/');
    const nav = within(header).getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('alert'));
    // The area shell itself is not there: its code is what failed.
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();

    setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open navigation' })).toBeInTheDocument();
  });

  it('on an event page offers the way back to the program, and loads layout and page together when back online', async () => {
    setOnline(false);
    const event = makeEvent({ title: 'Evening training' });
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event),
    });
    renderApp(`/programs/${event.programId}/events/${event.id}`);

    expect(await screen.findByRole('alert')).toHaveTextContent("You're offline");
    expect(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', {
        name: 'Back to the program',
      }),
    ).toHaveAttribute('href', `/programs/${event.programId}`);

    setOnline(true);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Evening training' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
