import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem } from '../../test/api-mock';
import { makeOrg, makeOrgDetail, makeProgram, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const session = { 'GET /api/auth/session': { user: makeUser() } };

describe('create organisation', () => {
  it('creates the org with the default zone and country, then opens it', async () => {
    const org = makeOrg({ name: 'Whitefield Chess Club' });
    const requests = mockApi({
      ...session,
      'POST /api/orgs': json({ org }, 201),
      'GET /api/orgs/:orgId': makeOrgDetail(org),
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
    const existing = {
      ...makeProgram({ orgId: org.id, name: 'Weekend batch', activeSubscriptions: 12 }),
      nextEvent: null,
    };
    const created = makeProgram({ orgId: org.id, name: 'Evening batch' });
    const requests = mockApi({
      ...session,
      'GET /api/orgs/:orgId': makeOrgDetail(org, { programs: [existing] }),
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
      'GET /api/programs/:programId/staff': { staff: [] },
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

  it("shows the logo, people by role and each program's next event", async () => {
    const org = makeOrg({ name: 'HAL Football Club', logoUrl: '/api/files/logo-1' });
    const program = {
      ...makeProgram({ orgId: org.id, name: 'Weekend batch', timeZone: 'Asia/Kolkata' }),
      nextEvent: { id: 'e1', title: 'Sunday drills', startsAt: '2025-11-23T03:30:00.000Z' },
    };
    mockApi({
      ...session,
      'GET /api/orgs/:orgId': makeOrgDetail(org, {
        programs: [program],
        staffSummary: { owner: 1, admin: 2, staff: 5 },
      }),
    });
    renderApp(`/orgs/${org.id}`);
    expect(await screen.findByRole('img', { name: 'Logo of HAL Football Club' })).toHaveAttribute(
      'src',
      '/api/files/logo-1',
    );
    const people = screen.getByRole('region', { name: 'People' });
    expect(within(people).getByText('Owner').previousElementSibling).toHaveTextContent('1');
    expect(within(people).getByText('Admins').previousElementSibling).toHaveTextContent('2');
    expect(within(people).getByText('Staff members').previousElementSibling).toHaveTextContent('5');
    const link = screen.getByRole('link', { name: /Weekend batch/ });
    expect(
      within(link).getByText('Next: Sunday drills, Nov 23, 2025, 9:00 AM GMT+5:30'),
    ).toBeVisible();
  });

  it('offers an owner every quick action, leading to settings and the invite form', async () => {
    const org = makeOrg({ role: 'owner' });
    mockApi({
      ...session,
      'GET /api/orgs/:orgId': makeOrgDetail(org),
      'GET /api/orgs/:orgId/members': { members: [], invites: [] },
      'GET /api/orgs/:orgId/match-formats': { formats: [], canEdit: true },
    });
    const app = renderApp(`/orgs/${org.id}`);
    const actions = await screen.findByRole('group', { name: 'Quick actions' });
    expect(within(actions).getByRole('button', { name: 'New program' })).toBeInTheDocument();
    await app.user.click(within(actions).getByRole('button', { name: 'Invite someone' }));
    await waitFor(() => expect(app.currentPath()).toBe(`/orgs/${org.id}/settings#invite`));
    expect(await screen.findByRole('region', { name: 'Invite someone' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('link', { name: 'Overview' }));
    await app.user.click(await screen.findByRole('button', { name: 'Settings' }));
    await waitFor(() => expect(app.currentPath()).toBe(`/orgs/${org.id}/settings`));
  });

  it('offers staff no quick actions', async () => {
    const org = makeOrg({ role: 'staff' });
    mockApi({ ...session, 'GET /api/orgs/:orgId': makeOrgDetail(org) });
    renderApp(`/orgs/${org.id}`);
    expect(await screen.findByText('This organisation has no programs yet.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Quick actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New program' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });
});
