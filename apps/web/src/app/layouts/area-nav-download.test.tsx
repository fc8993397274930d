import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { createI18n } from '../i18n';
import { createQueryClient } from '../query-client';
import { layOutNavRows } from '../../test/overflow-layout';
import { AreaNav, type AreaNavItem } from './area-nav';
import type * as IdleModule from '../../lib/idle';

// The page is idle at once; the menu's chunk arrives when the test says so.
vi.mock('../../lib/idle', async (importOriginal) => ({
  ...(await importOriginal<typeof IdleModule>()),
  useAfterLoadWhenIdle: () => true,
}));
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('./more-menu', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const ITEMS: AreaNavItem[] = [
  { label: 'Overview', to: '/programs/p1' },
  { label: 'Calendar', to: '/programs/p1/calendar' },
  { label: 'Settings', to: '/programs/p1/settings' },
];

afterEach(() => vi.restoreAllMocks());

describe('AreaNav\'s "More" menu while its chunk downloads', () => {
  it("moves the focus from the button shown meanwhile to the menu's own", async () => {
    layOutNavRows(1);
    render(
      <AppProviders queryClient={createQueryClient({ retry: false })} i18n={createI18n()}>
        <MemoryRouter initialEntries={['/programs/p1/settings']}>
          <AreaNav label="Program" items={ITEMS} />
        </MemoryRouter>
      </AppProviders>,
    );
    const nav = screen.getByRole('navigation', { name: 'Program' });
    const meanwhile = await within(nav).findByRole('button', { name: 'More pages' });
    vi.restoreAllMocks(); // jsdom's geometry again, so the menu is not hidden as off screen
    meanwhile.focus();

    await act(async () => chunk.arrive());
    await waitFor(() => expect(meanwhile).not.toBeInTheDocument());
    expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'More pages' }));
    await userEvent.setup().keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });
});
