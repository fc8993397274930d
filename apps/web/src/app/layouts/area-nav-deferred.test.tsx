import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { createI18n } from '../i18n';
import { createQueryClient } from '../query-client';
import { layOutNavRows } from '../../test/overflow-layout';
import { AreaNav, type AreaNavItem } from './area-nav';
import type * as IdleModule from '../../lib/idle';

// The page's "load + idle" moment, under the test's control.
const idle = vi.hoisted(() => {
  let isIdle = false;
  const listeners = new Set<() => void>();
  return {
    get: () => isIdle,
    set(next: boolean) {
      isIdle = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
vi.mock('../../lib/idle', async (importOriginal) => ({
  ...(await importOriginal<typeof IdleModule>()),
  useAfterLoadWhenIdle: () => useSyncExternalStore(idle.subscribe, idle.get),
}));

// Counts the downloads of the menu's module (its chunk in a build). A
// module is imported once per file: the first test sees it.
const menuModule = vi.hoisted(() => ({ imports: 0 }));
vi.mock('./more-menu', async (importOriginal) => {
  menuModule.imports += 1;
  return importOriginal();
});

const ITEMS: AreaNavItem[] = [
  { label: 'Overview', to: '/programs/p1' },
  { label: 'Calendar', to: '/programs/p1/calendar' },
  { label: 'Settings', to: '/programs/p1/settings' },
];

function renderNav() {
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })} i18n={createI18n()}>
      <MemoryRouter initialEntries={['/programs/p1/settings']}>
        <AreaNav label="Program" items={ITEMS} />
      </MemoryRouter>
    </AppProviders>,
  );
  return screen.getByRole('navigation', { name: 'Program' });
}

beforeEach(() => {
  idle.set(false);
  menuModule.imports = 0;
  layOutNavRows(1);
});
afterEach(() => vi.restoreAllMocks());

describe('AreaNav\'s "More" menu until the page is idle (docs/decisions/018)', () => {
  it('shows the button without downloading the menu, then downloads it once idle', async () => {
    const nav = renderNav();
    const more = await within(nav).findByRole('button', { name: 'More pages' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(menuModule.imports).toBe(0);

    act(() => idle.set(true));
    await waitFor(() => expect(menuModule.imports).toBe(1));
  });

  it('opens the menu when it arrives after a tap on the button before idle', async () => {
    const nav = renderNav();
    const user = userEvent.setup();
    const more = await within(nav).findByRole('button', { name: 'More pages' });
    vi.restoreAllMocks(); // jsdom's geometry again, so the menu is not hidden as off screen
    await user.click(more);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('keeps the keyboard focus on "More" when the menu replaces the placeholder', async () => {
    const nav = renderNav();
    const user = userEvent.setup();
    const placeholder = await within(nav).findByRole('button', { name: 'More pages' });
    placeholder.focus();
    vi.restoreAllMocks();

    act(() => idle.set(true));
    // The menu's own button took the placeholder's place, and the focus.
    await waitFor(() => expect(placeholder).not.toBeInTheDocument());
    expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'More pages' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('does not take the focus back when it left the placeholder before the menu came', async () => {
    const nav = renderNav();
    const placeholder = await within(nav).findByRole('button', { name: 'More pages' });
    placeholder.focus();
    // Focus to nowhere with the button still there (a tap on the page, another window).
    await act(async () => placeholder.blur());
    vi.restoreAllMocks();

    act(() => idle.set(true));
    await waitFor(() => expect(placeholder).not.toBeInTheDocument());
    expect(within(nav).getByRole('button', { name: 'More pages' })).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });
});
