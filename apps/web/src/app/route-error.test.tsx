import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { takeConsoleErrors } from '../test/console-errors';
import { makeUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';

// The account page throws while rendering: the route's error boundary
// (router.tsx) must show RouteError in its place, inside the layout.
vi.mock('./pages/account-page', () => ({
  AccountPage: function Boom(): never {
    throw new Error('render failed');
  },
}));

describe('a page that throws (router errors, SPEC.md §8)', () => {
  it('shows "This page didn’t load" with a reload inside the layout, and logs the error to the console', async () => {
    mockApi({ 'GET /api/auth/session': { user: makeUser() } });
    renderApp('/account');

    expect(
      await screen.findByRole('heading', { name: "This page didn't load" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    // The shell stays: the header with the home link and the main region around the message.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Rally' })).toBeVisible();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: "This page didn't load" }),
    );
    const logged = takeConsoleErrors();
    expect(
      logged.some(
        (args) =>
          args[0] === 'Route error' &&
          args[1] instanceof Error &&
          args[1].message === 'render failed',
      ),
    ).toBe(true);
  });
});
