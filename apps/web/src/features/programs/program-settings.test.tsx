import type { FeePlan, Program, ProgramStaffMember } from '@rally/shared/programs';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem, type MockHandler } from '../../test/api-mock';
import {
  makeFeePlan,
  makeOrgMember,
  makeProgram,
  makeProgramDetail,
  makeUser,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const noContent = () => new Response(null, { status: 204 });

/** Mocks the settings page of `program` for its staff (or, with `staff: false`, a family). */
function settingsApi(
  program: Program,
  options: {
    feePlans?: FeePlan[];
    staff?: ProgramStaffMember[];
    isStaff?: boolean;
    extra?: Record<string, MockHandler>;
  } = {},
) {
  const state = {
    program,
    feePlans: options.feePlans ?? [],
    staff: options.staff ?? [],
  };
  const requests = mockApi({
    'GET /api/auth/session': { user: makeUser() },
    'GET /api/programs/:programId': () => makeProgramDetail(state.program, options.isStaff ?? true),
    'GET /api/programs/:programId/fee-plans': () => ({ feePlans: state.feePlans }),
    'GET /api/programs/:programId/staff': () => ({ staff: state.staff }),
    'GET /api/orgs/:orgId/members': {
      members: [makeOrgMember({ displayName: 'Meera Iyer' })],
      invites: [],
    },
    ...options.extra,
  });
  return { state, requests };
}

describe('program settings: fee plans', () => {
  it('sends a price typed in rupees as integer paise, billed per month by default', async () => {
    const program = makeProgram();
    const created = makeFeePlan({ programId: program.id, name: 'Monthly', priceMinor: 250050 });
    const { state, requests } = settingsApi(program, {
      extra: {
        'POST /api/programs/:programId/fee-plans': () => {
          state.feePlans = [created];
          return json({ feePlan: created }, 201);
        },
      },
    });
    const app = renderApp(`/programs/${program.id}/settings`);
    const form = await screen.findByRole('region', { name: 'New fee plan' });
    expect(within(form).getByLabelText(/^Currency/)).toHaveValue('INR');
    await app.user.type(within(form).getByLabelText(/^Plan name/), 'Monthly');
    await app.user.type(within(form).getByLabelText(/^Price/), '2,500.50');
    await app.user.click(within(form).getByRole('button', { name: 'Add fee plan' }));

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        name: 'Monthly',
        priceMinor: 250050,
        currency: 'INR',
        billing: 'period',
        period: 'month',
      }),
    );
    expect(await screen.findByText('₹2,500.50 · per month')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Price/)).toHaveValue('');
  });

  it('creates a pack of sessions', async () => {
    const program = makeProgram();
    const { requests } = settingsApi(program, {
      extra: {
        'POST /api/programs/:programId/fee-plans': json(
          { feePlan: makeFeePlan({ billing: 'pack', period: null, sessionsIncluded: 10 }) },
          201,
        ),
      },
    });
    const app = renderApp(`/programs/${program.id}/settings`);
    const form = await screen.findByRole('region', { name: 'New fee plan' });
    await app.user.type(within(form).getByLabelText(/^Plan name/), '10 sessions');
    await app.user.type(within(form).getByLabelText(/^Price/), '1999.99');
    await app.user.click(within(form).getByRole('radio', { name: 'Pack of sessions' }));
    await app.user.type(within(form).getByLabelText(/^Sessions in the pack/), '10');
    await app.user.click(within(form).getByRole('button', { name: 'Add fee plan' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        name: '10 sessions',
        priceMinor: 199999,
        currency: 'INR',
        billing: 'pack',
        sessionsIncluded: 10,
      }),
    );
  });

  it('refuses a price with too many decimals before calling the API', async () => {
    const program = makeProgram();
    const { requests } = settingsApi(program);
    const app = renderApp(`/programs/${program.id}/settings`);
    const form = await screen.findByRole('region', { name: 'New fee plan' });
    await app.user.type(within(form).getByLabelText(/^Plan name/), 'Monthly');
    await app.user.type(within(form).getByLabelText(/^Price/), '2500.005');
    await app.user.click(within(form).getByRole('button', { name: 'Add fee plan' }));
    expect(
      await within(form).findByText("INR prices can't have that many decimal places."),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('reprices a plan and deactivates it', async () => {
    const program = makeProgram();
    const plan = makeFeePlan({ programId: program.id, name: 'Monthly', priceMinor: 250000 });
    const { state, requests } = settingsApi(program, {
      feePlans: [plan],
      extra: {
        'PATCH /api/programs/:programId/fee-plans/:planId': (request) => {
          state.feePlans = [{ ...state.feePlans[0]!, ...(request.body as Partial<FeePlan>) }];
          return { feePlan: state.feePlans[0] };
        },
      },
    });
    const app = renderApp(`/programs/${program.id}/settings`);
    await app.user.click(await screen.findByRole('button', { name: 'Edit Monthly' }));
    const price = screen.getByLabelText(/^Price \(INR\)/);
    expect(price).toHaveValue('2500.00');
    await app.user.clear(price);
    await app.user.type(price, '2750');
    await app.user.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('₹2,750.00 · per month')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Deactivate Monthly' }));
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { name: 'Monthly', priceMinor: 275000 },
      { isActive: false },
    ]);
    expect(screen.getByRole('button', { name: 'Reactivate Monthly' })).toBeInTheDocument();
  });
});

describe('program settings: details', () => {
  it('saves only the changed fields, an empty capacity as no limit', async () => {
    const program = makeProgram({ capacity: 20, joinPolicy: 'open' });
    const { requests } = settingsApi(program, {
      extra: {
        'PATCH /api/programs/:programId': (request) => ({
          program: { ...program, ...(request.body as Partial<Program>) },
        }),
      },
    });
    const app = renderApp(`/programs/${program.id}/settings`);
    const capacity = await screen.findByLabelText(/^Capacity/);
    expect(capacity).toHaveValue('20');
    expect(
      screen.getByText(
        "Anyone with the link can ask to join; the program's staff approve each request.",
      ),
    ).toBeInTheDocument();
    await app.user.clear(capacity);
    await app.user.click(screen.getByRole('radio', { name: /Join on approval/ }));
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        capacity: null,
        joinPolicy: 'approval',
      }),
    );
  });

  it('shows the server field errors on their fields', async () => {
    const program = makeProgram();
    settingsApi(program, {
      extra: {
        'PATCH /api/programs/:programId': problem(400, 'validation_failed', {
          errors: [{ path: 'capacity', message: 'Capacity must be at most 100000' }],
        }),
      },
    });
    const app = renderApp(`/programs/${program.id}/settings`);
    await app.user.type(await screen.findByLabelText(/^Capacity/), '99999');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Capacity must be at most 100000')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Capacity/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sets the default answer to new events, explaining that capped events ignore it', async () => {
    const program = makeProgram({ defaultRsvp: 'none' });
    const { requests } = settingsApi(program, {
      extra: {
        'PATCH /api/programs/:programId': (request) => ({
          program: { ...program, ...(request.body as Partial<Program>) },
        }),
      },
    });
    const app = renderApp(`/programs/${program.id}/settings`);
    const nobody = await screen.findByRole('radio', { name: 'Nobody until they answer' });
    expect(nobody).toBeChecked();
    expect(screen.getByText(/Events with a capacity ignore this/)).toBeInTheDocument();
    await app.user.click(
      screen.getByRole('radio', { name: 'Everyone enrolled is going unless they decline' }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ defaultRsvp: 'going' }),
    );
  });
});

describe('program settings: staff, archive', () => {
  it('adds an org member as coach and removes staff after confirmation', async () => {
    const program = makeProgram();
    const coach: ProgramStaffMember = {
      userId: 'u-ravi',
      displayName: 'Ravi Kumar',
      role: 'coach',
    };
    const { state, requests } = settingsApi(program, {
      staff: [coach],
      extra: {
        'PUT /api/programs/:programId/staff/:userId': noContent,
        'DELETE /api/programs/:programId/staff/:userId': () => {
          state.staff = [];
          return noContent();
        },
      },
    });
    const app = renderApp(`/programs/${program.id}/settings`);
    const add = await screen.findByRole('region', { name: 'Add to staff' });
    const member = await within(add).findByLabelText('Member of the organisation');
    const meera = within(member).getByRole('option', { name: 'Meera Iyer' });
    await app.user.selectOptions(member, meera);
    await app.user.selectOptions(within(add).getByLabelText('Program role'), 'manager');
    await app.user.click(within(add).getByRole('button', { name: 'Add to staff' }));
    await waitFor(() => {
      const put = requests.find((r) => r.method === 'PUT');
      expect(put?.path).toBe(`/api/programs/${program.id}/staff/${meera.getAttribute('value')}`);
      expect(put?.body).toEqual({ role: 'manager' });
    });

    await app.user.click(screen.getByRole('button', { name: 'Remove Ravi Kumar from staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ravi Kumar from the staff?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove from staff' }));
    await waitFor(() => expect(screen.queryByText('Ravi Kumar')).toBeNull());
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(
      `/api/programs/${program.id}/staff/u-ravi`,
    );
  });

  it('archives only after confirmation, then shows the program read-only', async () => {
    const program = makeProgram({ name: 'Summer camp' });
    const { state, requests } = settingsApi(program, {
      extra: {
        'POST /api/programs/:programId/archive': () => {
          state.program = { ...program, status: 'archived' };
          return { program: state.program };
        },
      },
    });
    const app = renderApp(`/programs/${program.id}/settings`);
    await app.user.click(await screen.findByRole('button', { name: 'Archive program' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Summer camp?' });
    expect(requests.some((r) => r.path.endsWith('/archive'))).toBe(false);
    await app.user.click(within(dialog).getByRole('button', { name: 'Archive program' }));

    expect(await screen.findByText('This program is archived')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.path.endsWith('/archive'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Restore program' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add fee plan' })).toBeNull();
  });

  it('keeps an archived program read-only except "Restore program"', async () => {
    const program = makeProgram({ status: 'archived', name: 'Summer camp' });
    const { requests } = settingsApi(program, {
      feePlans: [makeFeePlan({ name: 'Monthly' })],
      staff: [{ userId: 'u-ravi', displayName: 'Ravi Kumar', role: 'coach' }],
      extra: {
        'POST /api/programs/:programId/restore': { program: { ...program, status: 'active' } },
      },
    });
    const app = renderApp(`/programs/${program.id}/settings`);
    expect(await screen.findByText('This program is archived')).toBeInTheDocument();
    expect(await screen.findByText('Monthly')).toBeInTheDocument();
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    // Even with edit permissions (a global admin), nothing but Restore is offered.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add fee plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Monthly' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove Ravi Kumar/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Add to staff' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive program' })).toBeNull();

    await app.user.click(screen.getByRole('button', { name: 'Restore program' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore Summer camp?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Restore program' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.path.endsWith('/restore'))).toHaveLength(1),
    );
  });

  it('shows a family the settings without any way to change them', async () => {
    const program = makeProgram();
    settingsApi(program, { isStaff: false, feePlans: [makeFeePlan({ name: 'Monthly' })] });
    renderApp(`/programs/${program.id}/settings`);
    expect(await screen.findByText('₹2,500.00 · per month')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive program' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Monthly' })).toBeNull();
  });
});
