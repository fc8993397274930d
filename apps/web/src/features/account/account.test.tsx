import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { makeProfile, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('account pages', () => {
  it('shows the phone and name, saves a new name and signs out', async () => {
    const user = makeUser({ displayName: 'Asha Rao', phoneNumber: '+919876543210' });
    const requests = mockApi({
      'GET /api/auth/session': { user },
      'PUT /api/account': (request) =>
        json({
          user: { ...user, ...(request.body as object) },
          selfProfile: makeProfile({ displayName: 'Asha R.' }),
        }),
      'POST /api/auth/signout': new Response(null, { status: 204 }),
    });
    const app = renderApp('/account');
    expect(await screen.findByText('+919876543210')).toBeInTheDocument();
    const name = screen.getByLabelText(/Your name/);
    expect(name).toHaveValue('Asha Rao');
    await app.user.clear(name);
    await app.user.type(name, 'Asha R.');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ displayName: 'Asha R.' }),
    );

    await app.user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Rally' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/auth/login?redirect=%2Faccount');
    expect(requests.some((r) => r.path === '/api/auth/signout')).toBe(true);
  });

  it.each([
    [false, []],
    [true, ['App updates']],
  ])(
    'shows "App updates" (the recommended package) only to global admins (admin: %s)',
    async (isGlobalAdmin, expected) => {
      mockApi({
        'GET /api/auth/session': { user: makeUser({ isGlobalAdmin }) },
        'GET /api/config/client': {
          url: 'https://updates.example/bundle-2026.11.1.zip',
          disableLiveUpdate: false,
        },
      });
      renderApp('/account');
      expect(await screen.findByRole('heading', { name: 'Signing out' })).toBeInTheDocument();
      const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
      expect(headings.filter((text) => text === 'App updates')).toEqual(expected);
      if (isGlobalAdmin) {
        expect(await screen.findByText('Recommended app package: 2026.11.1')).toBeInTheDocument();
      } else {
        expect(screen.queryByText(/Recommended app package/)).not.toBeInTheDocument();
      }
    },
  );

  it('explains that accounts cannot be deleted yet, listing what the account holds', async () => {
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/profiles': {
        profiles: [makeProfile({ displayName: 'Kabir Rao', relationship: 'guardian' })],
      },
    });
    renderApp('/account/delete');
    expect(await screen.findByRole('heading', { name: 'Delete account' })).toBeInTheDocument();
    expect(await screen.findByText('Kabir Rao')).toBeInTheDocument();
    expect(screen.getByText("Accounts can't be deleted in Rally yet")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('tells a user who is not a global admin that they have no access', async () => {
    const requests = mockApi({
      'GET /api/auth/session': { user: makeUser({ isGlobalAdmin: false }) },
    });
    renderApp('/global-admin');
    expect(
      await screen.findByText(/You don't have access to the global admin area/),
    ).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/session']);
  });
});
