import type { TotpStatus } from '@rally/shared/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem } from '../../test/api-mock';
import { makeAdminOrg, makePage, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// DESIGN.md §3: the admin API refuses a global admin's session that did not pass the
// authenticator step (403 totp_required); the page says how to get in instead of an error.

const admin = makeUser({ isGlobalAdmin: true });
const refused = problem(403, 'totp_required', {
  detail: 'Sign in with your authenticator app to use the global-admin area.',
});
const status = (over: Partial<TotpStatus>): TotpStatus => ({
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  required: true,
  sessionVerified: false,
  ...over,
});

describe('global admin: authenticator app required', () => {
  it('asks a global admin without an app to set one up, linking to the account section', async () => {
    mockApi({
      'GET /api/auth/session': { user: admin },
      'GET /api/admin/orgs': () => refused.clone(),
      'GET /api/auth/totp': status({ enabled: false }),
    });
    const app = renderApp('/global-admin');
    expect(
      await screen.findByRole('heading', {
        name: 'Set up an authenticator app to use the global-admin area',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    const link = screen.getByRole('link', { name: 'Set up authenticator app' });
    expect(link).toHaveAttribute('href', '/account#authenticator');

    await app.user.click(link);
    expect(await screen.findByRole('region', { name: 'Authenticator app' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/account#authenticator');
  });

  it('asks a global admin whose session skipped the app to sign in again, and signs out', async () => {
    const requests = mockApi({
      'GET /api/auth/session': { user: admin },
      'GET /api/admin/orgs': () => refused.clone(),
      'GET /api/auth/totp': status({ enabled: true, enabledAt: '2026-11-01T10:00:00Z' }),
      'POST /api/auth/signout': new Response(null, { status: 204 }),
    });
    const app = renderApp('/global-admin');
    expect(
      await screen.findByRole('heading', { name: 'Sign in again with your authenticator code' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Set up authenticator app' })).toBeNull();

    await app.user.click(screen.getByRole('button', { name: 'Sign out and sign in again' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Rally' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/auth/login?redirect=%2Fglobal-admin');
    expect(requests.some((r) => r.path === '/api/auth/signout')).toBe(true);
  });

  it('loads the area again once the session has passed the app', async () => {
    let isVerified = false;
    mockApi({
      'GET /api/auth/session': { user: admin },
      'GET /api/admin/orgs': () =>
        isVerified ? makePage([makeAdminOrg({ name: 'Hill Hockey Club' })]) : refused.clone(),
      'GET /api/auth/totp': () => {
        isVerified = true;
        return json(status({ enabled: true, sessionVerified: true }));
      },
    });
    const app = renderApp('/global-admin');
    expect(
      await screen.findByRole('heading', {
        name: 'Your session has passed the authenticator step',
      }),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Hill Hockey Club' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Users' })).toBeInTheDocument();
  });
});
