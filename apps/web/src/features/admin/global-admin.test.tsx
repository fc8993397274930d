import type { AdminUser } from '@rally/shared/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, problem, type MockHandler } from '../../test/api-mock';
import {
  makeAdminOrg,
  makeAdminUser,
  makeClientDevice,
  makePage,
  makeUser,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const admin = makeUser({ displayName: 'Asha Rao', isGlobalAdmin: true });

function adminApi(handlers: Record<string, MockHandler>) {
  return mockApi({ 'GET /api/auth/session': { user: admin }, ...handlers });
}

const adminRequests = (requests: ReturnType<typeof mockApi>, list: string) =>
  requests.filter((r) => r.path === `/api/admin/${list}`);

describe('global admin', () => {
  it('tells a user who is not a global admin they have no access, and asks for nothing', async () => {
    const requests = mockApi({ 'GET /api/auth/session': { user: makeUser() } });
    renderApp('/global-admin');
    expect(await screen.findByText('No access')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(requests.filter((r) => r.path.startsWith('/api/admin'))).toHaveLength(0);
  });

  it('pages through organisations and searches them from page 1', async () => {
    const requests = adminApi({
      'GET /api/admin/orgs': (request) => {
        const page = Number(request.search.get('page'));
        const q = request.search.get('q') ?? '';
        const name = q === '' ? `Club on page ${page}` : `Match for ${q}`;
        return makePage([makeAdminOrg({ name })], { total: q === '' ? 45 : 1, page });
      },
    });
    const app = renderApp('/global-admin');
    expect(await screen.findByRole('link', { name: 'Club on page 1' })).toBeInTheDocument();
    expect(screen.getByText('45 organisations · showing 1–20')).toBeInTheDocument();
    const first = adminRequests(requests, 'orgs')[0];
    expect(Object.fromEntries(first?.search ?? [])).toEqual({ q: '', page: '1', pageSize: '20' });

    await app.user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Club on page 3' })).toBeInTheDocument();
    expect(screen.getByText('45 organisations · showing 41–45')).toBeInTheDocument();
    expect(adminRequests(requests, 'orgs').at(-1)?.search.get('page')).toBe('3');

    await app.user.type(screen.getByRole('searchbox', { name: 'Search organisations' }), 'hal');
    expect(await screen.findByRole('link', { name: 'Match for hal' })).toBeInTheDocument();
    const searches = adminRequests(requests, 'orgs').filter((r) => r.search.get('q') !== '');
    // Debounced: one request for the whole text, and back on page 1.
    expect(searches.map((r) => [r.search.get('q'), r.search.get('page')])).toEqual([['hal', '1']]);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('grants global admin after confirmation', async () => {
    const ravi = makeAdminUser({ displayName: 'Ravi Kumar' });
    let users: AdminUser[] = [ravi];
    const requests = adminApi({
      'GET /api/admin/orgs': makePage([]),
      'GET /api/admin/users': () => makePage(users),
      'PUT /api/admin/users/:userId/global-admin': () => {
        users = [{ ...ravi, isGlobalAdmin: true }];
        return { user: users[0] };
      },
    });
    const app = renderApp('/global-admin');
    await app.user.click(await screen.findByRole('tab', { name: 'Users' }));
    expect(await screen.findByText('1 user · showing 1–1')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Make Ravi Kumar a global admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Ravi Kumar a global admin?' });
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await app.user.click(within(dialog).getByRole('button', { name: 'Make global admin' }));

    expect(
      await screen.findByRole('button', { name: 'Remove global admin from Ravi Kumar' }),
    ).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/api/admin/users/${ravi.id}/global-admin`);
    expect(put?.body).toEqual({ isGlobalAdmin: true });
  });

  it('shows the "last global admin" refusal in the dialog', async () => {
    const lastAdmin =
      'This is the last global admin. Make someone else a global admin first, so Rally always has one.';
    const self = makeAdminUser({ id: admin.id, displayName: 'Asha Rao', isGlobalAdmin: true });
    const requests = adminApi({
      'GET /api/admin/orgs': makePage([]),
      'GET /api/admin/users': makePage([self]),
      'PUT /api/admin/users/:userId/global-admin': problem(409, 'conflict', { detail: lastAdmin }),
    });
    const app = renderApp('/global-admin');
    await app.user.click(await screen.findByRole('tab', { name: 'Users' }));
    await app.user.click(
      await screen.findByRole('button', { name: 'Remove global admin from Asha Rao' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove global admin from Asha Rao?',
    });
    expect(within(dialog).getByText(/You will lose access to this page/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove global admin' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(lastAdmin);
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ isGlobalAdmin: false });
  });

  it('lists registered devices with a summary of each', async () => {
    adminApi({
      'GET /api/admin/orgs': makePage([]),
      'GET /api/admin/clients': makePage([
        makeClientDevice({ phoneNumber: '+919811122233', deviceId: 'dev-42', bundleId: '1.4.2' }),
      ]),
    });
    const app = renderApp('/global-admin');
    await app.user.click(await screen.findByRole('tab', { name: 'Devices' }));
    const row = (await screen.findByText('+919811122233')).closest('tr')!;
    expect(within(row).getByText('dev-42')).toBeInTheDocument();
    expect(within(row).getByText('1.4.2')).toBeInTheDocument();
    expect(within(row).getByText('Google Pixel 8 · android 15')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search devices' })).toBeInTheDocument();
  });
});

describe('global admin: live update configuration', () => {
  const configApi = (extra: Record<string, MockHandler> = {}) =>
    adminApi({
      'GET /api/admin/orgs': makePage([]),
      'GET /api/config/client': { url: null, disableLiveUpdate: false },
      ...extra,
    });

  it('shows the package id read from the URL and saves the record', async () => {
    const url = 'https://cdn.example.com/rally/bundle-1.4.2.zip';
    const requests = configApi({
      'PUT /api/admin/config/client': { url, disableLiveUpdate: true },
    });
    const app = renderApp('/global-admin');
    await app.user.click(await screen.findByRole('tab', { name: 'Live update' }));
    const field = await screen.findByLabelText(/Update package URL/);
    await app.user.type(field, url);
    expect(await screen.findByText('1.4.2')).toBeInTheDocument();
    await app.user.click(screen.getByRole('switch', { name: /Turn off live updates/ }));
    await app.user.click(screen.getByRole('button', { name: 'Save configuration' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        url,
        disableLiveUpdate: true,
      }),
    );
  });

  it('checks the URL with the shared schema before saving', async () => {
    const requests = configApi();
    const app = renderApp('/global-admin');
    await app.user.click(await screen.findByRole('tab', { name: 'Live update' }));
    await app.user.type(
      await screen.findByLabelText(/Update package URL/),
      'https://cdn.example.com/app.zip',
    );
    expect(await screen.findByText(/file name isn't bundle-\{id\}\.zip/)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(
      await screen.findByText('The file name of url must have the form bundle-{id}.zip'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the server validation message on its field', async () => {
    configApi({
      'PUT /api/admin/config/client': problem(400, 'validation_failed', {
        errors: [{ path: 'url', message: 'url must be at most 2000 characters' }],
      }),
    });
    const app = renderApp('/global-admin');
    await app.user.click(await screen.findByRole('tab', { name: 'Live update' }));
    const field = await screen.findByLabelText(/Update package URL/);
    await app.user.type(field, 'https://cdn.example.com/bundle-2.zip');
    await app.user.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(await screen.findByText('url must be at most 2000 characters')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});
