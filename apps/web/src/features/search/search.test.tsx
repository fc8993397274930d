import type { SearchResult } from '@rally/shared/search';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pending, type MockHandler } from '../../test/api-mock';
import { makeHome, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { captureEarlySearchKey } from './early-search-key';

const results: SearchResult[] = [
  {
    type: 'event',
    id: 'e1',
    title: 'Arjun’s trial',
    subtitle: 'Sat, Nov 22',
    path: '/programs/p1/events/e1',
  },
  {
    type: 'org',
    id: 'o1',
    title: 'Arjuna Sports Club',
    subtitle: 'arjuna-sports',
    path: '/orgs/o1',
  },
  {
    type: 'program',
    id: 'p1',
    title: 'Arjuna Under-12s',
    subtitle: 'Arjuna Sports Club',
    path: '/programs/p1',
  },
  {
    type: 'profile',
    id: 'f1',
    title: 'Arjun Mehta',
    subtitle: 'Born 2014',
    path: '/p/f1/calendar',
  },
];

function searchApi(search: MockHandler) {
  return mockApi({
    'GET /api/auth/session': { user: makeUser() },
    'GET /api/home': makeHome(),
    'GET /api/search': search,
    // Pages a chosen result opens.
    'GET /api/orgs/:orgId': pending,
    'GET /api/programs/:programId': pending,
  });
}

const searchRequests = (requests: ReturnType<typeof mockApi>) =>
  requests.filter((r) => r.path === '/api/search');

afterEach(() => {
  vi.useRealTimers();
});

describe('search palette', () => {
  it('opens with Ctrl+K on any signed-in page, with its input focused', async () => {
    searchApi({ results: [] });
    const app = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await app.user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('textbox', { name: 'Search Rally' });
    expect(input).toHaveAttribute('placeholder', 'Search Rally');
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByText(/Type to find organisations/)).toBeInTheDocument();

    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search Rally' })).toBeNull());
  });

  it('opens for a Ctrl+K pressed while the page was still loading', async () => {
    searchApi({ results: [] });
    const app = renderApp('/');
    // The header (and its search button) is a lazy chunk not loaded yet.
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    await app.user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('textbox', { name: 'Search Rally' })).toBeInTheDocument();
  });

  it('opens for a Ctrl+K pressed before the app first rendered (main.tsx catches it)', async () => {
    searchApi({ results: [] });
    captureEarlySearchKey();
    document.documentElement.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }),
    );
    renderApp('/');
    expect(await screen.findByRole('textbox', { name: 'Search Rally' })).toBeInTheDocument();
  });

  it('does not reopen after navigating to a result in another area', async () => {
    searchApi({ results });
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: 'Search' }));
    await app.user.type(await screen.findByRole('textbox', { name: 'Search Rally' }), 'arj');
    const orgs = await screen.findByRole('group', { name: 'Organisations' });
    await app.user.click(within(orgs).getByRole('button', { name: /Arjuna Sports Club/ }));
    await waitFor(() => expect(app.currentPath()).toBe('/orgs/o1'));
    // The org area has its own header (the home header is unmounted after the path
    // changes, so wait for the org's nav first): its search button must not open the
    // palette by itself.
    await screen.findByRole('navigation', { name: 'Organisation' });
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search Rally' })).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('textbox', { name: 'Search Rally' })).toBeNull();
  });

  it('opens from the header button "Search"', async () => {
    searchApi({ results: [] });
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('textbox', { name: 'Search Rally' })).toBeInTheDocument();
  });

  it('searches 150 ms after the last keystroke, once, with the trimmed text', async () => {
    const requests = searchApi({ results });
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: 'Search' }));
    const input = await screen.findByRole('textbox', { name: 'Search Rally' });

    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(input, { target: { value: 'ar' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(input, { target: { value: 'arj ' } });
    act(() => vi.advanceTimersByTime(149));
    expect(searchRequests(requests)).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(searchRequests(requests)).toHaveLength(1));
    expect(searchRequests(requests)[0]?.search.get('q')).toBe('arj');
    const orgs = await screen.findByRole('group', { name: 'Organisations' });
    expect(within(orgs).getByRole('button', { name: /Arjuna Sports Club/ })).toBeVisible();
  });

  it('cancels the request of text that changed before its answer came', async () => {
    const requests = searchApi((request) =>
      request.search.get('q') === 'ar' ? pending() : { results: [] },
    );
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: 'Search' }));
    const input = await screen.findByRole('textbox', { name: 'Search Rally' });
    await app.user.click(input);
    await app.user.paste('ar');
    await waitFor(() => expect(searchRequests(requests)).toHaveLength(1));
    await app.user.type(input, 'j');
    await waitFor(() => expect(searchRequests(requests)).toHaveLength(2));
    const [stale, current] = searchRequests(requests);
    expect(stale?.signal?.aborted).toBe(true);
    expect(current?.search.get('q')).toBe('arj');
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('groups results by type with their subtitles and opens the chosen one', async () => {
    searchApi({ results });
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: 'Search' }));
    await app.user.type(await screen.findByRole('textbox', { name: 'Search Rally' }), 'arj');

    const groups = await screen.findAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual([
      'Organisations',
      'Programs',
      'People',
      'Events',
    ]);
    const programs = screen.getByRole('group', { name: 'Programs' });
    const program = within(programs).getByRole('button', { name: /Arjuna Under-12s/ });
    expect(program).toHaveTextContent('Arjuna Sports Club');
    await app.user.click(program);
    await waitFor(() => expect(app.currentPath()).toBe('/programs/p1'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search Rally' })).toBeNull());
  });

  it('opens a result with the keyboard', async () => {
    searchApi({ results });
    const app = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await app.user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('textbox', { name: 'Search Rally' });
    await waitFor(() => expect(input).toHaveFocus());
    // One input event, so no later answer re-renders the list after the arrow key.
    await app.user.paste('arj');
    await screen.findByRole('group', { name: 'Organisations' });
    await app.user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(app.currentPath()).toBe('/orgs/o1'));
  });

  it('says "No results" when nothing matches', async () => {
    searchApi({ results: [] });
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: 'Search' }));
    await app.user.type(await screen.findByRole('textbox', { name: 'Search Rally' }), 'zzz');
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('is not offered to a signed-out visitor', async () => {
    mockApi({ 'GET /api/auth/session': { user: null } });
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to Rally' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
  });
});
