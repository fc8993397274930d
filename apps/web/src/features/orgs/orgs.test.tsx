import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem } from '../../test/api-mock';
import { makeOrg, makeProgram, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const session = { 'GET /api/auth/session': { user: makeUser() } };

describe('create organisation', () => {
  it('creates the org with the default zone and country, then opens it', async () => {
    const org = makeOrg({ name: 'Whitefield Chess Club' });
    const requests = mockApi({
      ...session,
      'POST /api/orgs': json({ org }, 201),
      'GET /api/orgs/:orgId': {
        org,
        programs: [],
        permissions: { canEdit: true, canCreateProgram: true },
      },
    });
    const app = renderApp('/orgs/create');
    expect(await screen.findByLabelText(/Time zone/)).toHaveValue('Asia/Kolkata');
    expect(screen.getByLabelText(/Country/)).toHaveValue('IN');
    await app.user.type(screen.getByLabelText(/Organisation name/), 'Whitefield Chess Club');
    await app.user.click(screen.getByRole('button', { name: 'Create organisation' }));

    await waitFor(() => expect(app.currentPath()).toBe(`/orgs/${org.id}`));
    expect(requests.find((r) => r.path === '/api/orgs')?.body).toEqual({
      name: 'Whitefield Chess Club',
      timeZone: 'Asia/Kolkata',
      country: 'IN',
    });
    expect(
      await screen.findByRole('heading', { name: 'Whitefield Chess Club', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/No programs yet/)).toBeInTheDocument();
  });

  it('checks the name with the shared schema before calling the API', async () => {
    const requests = mockApi(session);
    const app = renderApp('/orgs/create');
    await app.user.type(await screen.findByLabelText(/Organisation name/), 'A');
    await app.user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(
      await screen.findByText('Organisation name must be at least 2 characters'),
    ).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/session']);
  });

  it('shows the server validation message on the field', async () => {
    mockApi({
      ...session,
      'POST /api/orgs': problem(400, 'validation_failed', {
        errors: [{ path: 'name', message: 'This name is taken' }],
      }),
    });
    const app = renderApp('/orgs/create');
    await app.user.type(await screen.findByLabelText(/Organisation name/), 'Taken Club');
    await app.user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('This name is taken')).toBeInTheDocument();
    expect(screen.getByLabelText(/Organisation name/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('organisation page', () => {
  it('lists programs with their enrolments and creates a program in the org zone', async () => {
    const org = makeOrg({ timeZone: 'Asia/Dubai' });
    const existing = makeProgram({ orgId: org.id, name: 'Weekend batch', activeSubscriptions: 12 });
    const created = makeProgram({ orgId: org.id, name: 'Evening batch' });
    const requests = mockApi({
      ...session,
      'GET /api/orgs/:orgId': {
        org,
        programs: [existing],
        permissions: { canEdit: true, canCreateProgram: true },
      },
      'POST /api/orgs/:orgId/programs': json({ program: created }, 201),
      'GET /api/programs/:programId': {
        program: created,
        permissions: {
          canEdit: true,
          canManageEvents: true,
          canManageSubscriptions: true,
          canViewRoster: true,
        },
      },
      'GET /api/programs/:programId/events': { events: [] },
      'GET /api/programs/:programId/subscriptions': { subscriptions: [] },
      'GET /api/profiles': { profiles: [] },
    });
    const app = renderApp(`/orgs/${org.id}`);
    const link = await screen.findByRole('link', { name: /Weekend batch/ });
    expect(link).toHaveAttribute('href', `/programs/${existing.id}`);
    expect(within(link).getByText('12 active enrolments')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'New program' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Time zone/)).toHaveValue('Asia/Dubai');
    await app.user.type(within(dialog).getByLabelText(/Program name/), 'Evening batch');
    await app.user.type(within(dialog).getByLabelText('Location'), 'Al Barsha Park');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create program' }));

    await waitFor(() => expect(app.currentPath()).toBe(`/programs/${created.id}`));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Evening batch',
      timeZone: 'Asia/Dubai',
      location: 'Al Barsha Park',
      description: '',
    });
  });

  it('offers no "New program" to someone who may not create one', async () => {
    const org = makeOrg({ role: 'staff' });
    mockApi({
      ...session,
      'GET /api/orgs/:orgId': {
        org,
        programs: [],
        permissions: { canEdit: false, canCreateProgram: false },
      },
    });
    renderApp(`/orgs/${org.id}`);
    expect(await screen.findByText('This organisation has no programs yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New program' })).toBeNull();
  });

  it('shows the settings read-only', async () => {
    const org = makeOrg({ slug: 'ifa', country: 'IN' });
    mockApi({
      ...session,
      'GET /api/orgs/:orgId': {
        org,
        programs: [],
        permissions: { canEdit: true, canCreateProgram: true },
      },
    });
    renderApp(`/orgs/${org.id}/settings`);
    expect(await screen.findByText('ifa')).toBeInTheDocument();
    expect(screen.getByText('India (IN)')).toBeInTheDocument();
    expect(screen.getByText('Asia/Kolkata')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
