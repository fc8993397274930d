import type { AccountSession } from '@rally/shared/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem } from '../../test/api-mock';
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
      'GET /api/auth/sessions': { sessions: [] },
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

  it('signs out here too when the session had already ended (401)', async () => {
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'POST /api/auth/signout': problem(401, 'unauthenticated'),
      'GET /api/auth/sessions': { sessions: [] },
    });
    const app = renderApp('/account');
    await app.user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Rally' })).toBeInTheDocument();
  });

  it.each([
    [false, []],
    [true, ['App updates']],
  ])(
    'shows "App updates" (the recommended package) only to global admins (admin: %s)',
    async (isGlobalAdmin, expected) => {
      mockApi({
        'GET /api/auth/session': { user: makeUser({ isGlobalAdmin }) },
        'GET /api/auth/sessions': { sessions: [] },
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

  it('lists where the user is signed in, signs one device out and then all others, each after a confirmation', async () => {
    const session = (over: Partial<AccountSession>): AccountSession => ({
      id: '0190f3c2-5c4a-7000-8000-000000000001',
      clientKind: 'browser',
      browser: 'Chrome',
      os: 'Android',
      deviceType: 'mobile',
      createdAt: '2026-11-01T10:00:00Z',
      lastUsedAt: new Date().toISOString(),
      isCurrent: false,
      ...over,
    });
    let sessions = [
      session({ id: '0190f3c2-5c4a-7000-8000-00000000000a', isCurrent: true }),
      session({
        id: '0190f3c2-5c4a-7000-8000-00000000000b',
        clientKind: 'app',
        browser: 'Safari',
        os: 'iOS',
      }),
      session({
        id: '0190f3c2-5c4a-7000-8000-00000000000c',
        browser: 'Firefox',
        os: 'Windows',
        deviceType: 'desktop',
      }),
    ];
    const requests = mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/auth/sessions': () => json({ sessions }),
      'DELETE /api/auth/sessions/:sessionId': (request) => {
        sessions = sessions.filter((s) => !request.path.endsWith(s.id));
        return new Response(null, { status: 204 });
      },
      'POST /api/auth/sessions/revoke-others': () => {
        const revoked = sessions.filter((s) => !s.isCurrent).length;
        sessions = sessions.filter((s) => s.isCurrent);
        return json({ revoked });
      },
    });
    const app = renderApp('/account');
    const section = await screen.findByRole('region', { name: "Where you're signed in" });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Chrome on AndroidThis deviceSigned in Nov 1, 2026 · Active today$/),
      expect.stringMatching(/^Rally app on iOS/),
      expect.stringMatching(/^Firefox on Windows/),
    ]);
    // This device has no button of its own: "Sign out" below is for it.
    expect(within(items[0]!).queryByRole('button')).toBeNull();

    await app.user.click(
      within(section).getByRole('button', { name: 'Sign out of Rally app on iOS' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of Rally app on iOS?' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await app.user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(
        '/api/auth/sessions/0190f3c2-5c4a-7000-8000-00000000000b',
      ),
    );
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));

    await app.user.click(within(section).getByRole('button', { name: 'Sign out everywhere else' }));
    const others = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    await app.user.click(within(others).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out of 1 other device.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('makes a single-use sign-in link for another device, as a QR code and an address, with a warning', async () => {
    const token = 'Hk3b0ZqQ9x2V7c1mNw4eRt6yUi8oPa5sDf0gJh2kLzX';
    const requests = mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'POST /api/auth/sign-in-links': () =>
        json(
          {
            token,
            path: `/auth/token/${token}`,
            expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
          },
          201,
        ),
    });
    const app = renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Sign in on another device' });
    expect(requests.some((r) => r.path === '/api/auth/sign-in-links')).toBe(false);
    await app.user.click(within(section).getByRole('button', { name: 'Make a sign-in link' }));
    expect(await within(section).findByLabelText('Sign-in link')).toHaveValue(
      `${window.location.origin}/auth/token/${token}`,
    );
    expect(
      await within(section).findByRole('img', { name: 'QR code of your sign-in link' }),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(/Anyone who opens this link is signed in as you/),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Make a sign-in link' })).toBeNull();
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
