import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../providers';
import { createI18n } from '../i18n';
import { createQueryClient } from '../query-client';
import { layOutNavRows } from '../../test/overflow-layout';
import { AreaNav } from './area-nav';
import type { AreaNavItem } from './area-nav';

const ITEMS: AreaNavItem[] = [
  { label: 'Overview', to: '/programs/p1' },
  { label: 'Calendar', to: '/programs/p1/calendar' },
  { label: 'Attendance', to: '/programs/p1/attendance' },
  {
    label: 'Conversations',
    to: '/programs/p1/conversations',
    badge: 3,
    badgeLabel: '3 unread conversations',
  },
  { label: 'Settings', to: '/programs/p1/settings' },
];

function renderNav(path: string) {
  const current: { pathname?: string } = {};
  function PathProbe() {
    current.pathname = useLocation().pathname;
    return null;
  }
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })} i18n={createI18n()}>
      <MemoryRouter initialEntries={[path]}>
        <AreaNav label="Program" items={ITEMS} />
        <PathProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return current;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AreaNav', () => {
  it('shows every page as a link, the current one marked, when they fit', () => {
    renderNav('/programs/p1/calendar');
    const nav = screen.getByRole('navigation', { name: 'Program' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Calendar', 'Attendance', 'Conversations3', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Calendar' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).queryByRole('button', { name: /More/ })).not.toBeInTheDocument();
  });

  it('moves the pages that do not fit into a keyboard-operable "More" menu with their badges', async () => {
    layOutNavRows(3);
    const current = renderNav('/programs/p1/settings');
    const nav = screen.getByRole('navigation', { name: 'Program' });
    await within(nav).findByRole('button', { name: 'More pages, 3 new' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Calendar']);

    // Back to jsdom's geometry, so the menu's positioning does not hide it as off screen.
    vi.restoreAllMocks();
    const user = userEvent.setup();
    // Queried again, synchronously before focusing: the menu's own button may
    // have replaced the placeholder found above once the page went idle.
    within(nav).getByRole('button', { name: 'More pages, 3 new' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const entries = await within(menu).findAllByRole('menuitem');
    expect(entries.map((entry) => entry.getAttribute('aria-label') ?? entry.textContent)).toEqual([
      'Attendance',
      'Conversations, 3 unread conversations',
      'Settings',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(current.pathname).toBe('/programs/p1/attendance'));
  });
});
