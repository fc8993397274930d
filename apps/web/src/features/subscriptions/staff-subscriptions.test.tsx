import type { SubscriptionSummary } from '@rally/shared/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, problem, type MockHandler } from '../../test/api-mock';
import { makeFeePlan, makeProgram, makeProgramDetail, makeUser, newId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

function makeSummary(overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary {
  return {
    id: newId(),
    programId: newId(),
    programName: 'Under-12 weekday batch',
    profileId: newId(),
    profileName: 'Kabir Rao',
    status: 'active',
    startsOn: '2025-11-01',
    endsOn: null,
    createdAt: '2025-11-01T00:00:00.000Z',
    orgId: newId(),
    orgName: 'Indiranagar Football Academy',
    planId: null,
    planName: null,
    priceMinor: null,
    currency: null,
    sessions: null,
    waitlistPosition: null,
    balanceMinor: 0,
    updatedAt: '2025-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const program = makeProgram({ capacity: 2, activeSubscriptions: 2 });
const plan = makeFeePlan({ programId: program.id, name: 'Monthly' });
const pack = makeFeePlan({ programId: program.id, name: 'Pack of 10', billing: 'pack' });

function staffPage(handlers: Record<string, MockHandler>) {
  return mockApi({
    'GET /api/auth/session': { user: makeUser() },
    'GET /api/programs/:programId': makeProgramDetail(program),
    'GET /api/programs/:programId/events': { events: [] },
    'GET /api/programs/:programId/staff': { staff: [] },
    'GET /api/profiles': { profiles: [] },
    'GET /api/programs/:programId/fee-plans': { feePlans: [plan, pack] },
    'GET /api/programs/:programId/waitlist': { waitlist: [] },
    'GET /api/programs/:programId/dues': { rows: [], totals: [] },
    ...handlers,
  });
}

const listRequests = (requests: ReturnType<typeof mockApi>) =>
  requests.filter(
    (r) => r.method === 'GET' && r.path === `/api/programs/${program.id}/subscriptions`,
  );

describe('program subscriptions for staff', () => {
  it('filters by status and plan through the URL and says when nothing matches', async () => {
    const active = makeSummary({
      programId: program.id,
      profileName: 'Isha Nair',
      planId: plan.id,
      planName: 'Monthly',
    });
    const requests = staffPage({
      'GET /api/programs/:programId/subscriptions': (request) =>
        request.search.get('status') === 'active' && !request.search.has('planId')
          ? { subscriptions: [active] }
          : { subscriptions: [] },
    });
    const app = renderApp(`/programs/${program.id}?status=active`);

    const link = await screen.findByRole('link', { name: 'Isha Nair' });
    expect(link).toHaveAttribute('href', `/programs/${program.id}/subscriptions/${active.id}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Monthly')).toBeInTheDocument();
    expect(within(row).getByText('Nov 1, 2025')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
    expect(listRequests(requests).at(-1)?.search.toString()).toBe('status=active');

    await app.user.selectOptions(
      await screen.findByRole('combobox', { name: 'Fee plan' }),
      pack.id,
    );
    expect(
      await screen.findByText(
        'No subscriptions with the status “Active” on the plan “Pack of 10”.',
      ),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe(`/programs/${program.id}?status=active&planId=${pack.id}`);
    const filtered = listRequests(requests).at(-1)!;
    expect(filtered.search.get('status')).toBe('active');
    expect(filtered.search.get('planId')).toBe(pack.id);

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    expect(
      await screen.findByText('No subscriptions on the plan “Pack of 10”.'),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe(`/programs/${program.id}?planId=${pack.id}`);
    expect(listRequests(requests).at(-1)?.search.toString()).toBe(`planId=${pack.id}`);

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Fee plan' }), '');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paused');
    expect(
      await screen.findByText('No subscriptions with the status “Paused”.'),
    ).toBeInTheDocument();
    expect(listRequests(requests).at(-1)?.search.toString()).toBe('status=paused');
  });

  it('says no one is enrolled without filters and shows no waitlist when nobody waits', async () => {
    const requests = staffPage({
      'GET /api/programs/:programId/subscriptions': { subscriptions: [] },
    });
    renderApp(`/programs/${program.id}`);
    expect(await screen.findByText('No one is enrolled yet.')).toBeInTheDocument();
    expect(listRequests(requests).at(-1)?.search.toString()).toBe('');
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/waitlist'))).toBe(true));
    expect(screen.queryByRole('region', { name: 'Waitlist' })).toBeNull();
  });
});

describe('program waitlist', () => {
  const first = makeSummary({
    programId: program.id,
    profileName: 'Asha Rao',
    status: 'pending',
    waitlistPosition: 1,
  });
  const second = makeSummary({
    programId: program.id,
    profileName: 'Kabir Rao',
    status: 'pending',
    waitlistPosition: 2,
  });
  const third = makeSummary({
    programId: program.id,
    profileName: 'Meera Iyer',
    status: 'pending',
    waitlistPosition: 3,
  });
  const waitlist = { waitlist: [first, second, third], spotsLeft: 1 };
  const common = {
    'GET /api/programs/:programId/subscriptions': { subscriptions: [] },
    'GET /api/programs/:programId/waitlist': waitlist,
  };

  it('lists the waitlist in order and puts the new order when moving someone', async () => {
    const requests = staffPage({ ...common, 'PUT /api/programs/:programId/waitlist': waitlist });
    const app = renderApp(`/programs/${program.id}`);
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^1\.Asha Rao/),
      expect.stringMatching(/^2\.Kabir Rao/),
      expect.stringMatching(/^3\.Meera Iyer/),
    ]);
    expect(within(section).getByRole('button', { name: 'Move Asha Rao up' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Move Meera Iyer down' })).toBeDisabled();

    await app.user.click(within(section).getByRole('button', { name: 'Move Meera Iyer up' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      subscriptionIds: [first.id, third.id, second.id],
    });

    await app.user.click(
      await within(section).findByRole('button', { name: 'Move Asha Rao down' }),
    );
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PUT')[1]?.body).toEqual({
      subscriptionIds: [second.id, first.id, third.id],
    });
  });

  it('keeps keyboard focus with the person moved, on "Down" once they reach the top', async () => {
    let order = [first, second, third];
    const current = () => ({
      waitlist: order.map((entry, index) => ({ ...entry, waitlistPosition: index + 1 })),
    });
    staffPage({
      ...common,
      'GET /api/programs/:programId/waitlist': () => current(),
      'PUT /api/programs/:programId/waitlist': (request) => {
        const { subscriptionIds } = request.body as { subscriptionIds: string[] };
        order = subscriptionIds.map((id) => [first, second, third].find((s) => s.id === id)!);
        return current();
      },
    });
    const app = renderApp(`/programs/${program.id}`);
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    const names = () =>
      within(section)
        .getAllByRole('link')
        .map((link) => link.textContent);
    const button = (name: string) => within(section).getByRole('button', { name });

    button('Move Meera Iyer up').focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(names()).toEqual(['Asha Rao', 'Meera Iyer', 'Kabir Rao']));
    await waitFor(() => expect(button('Move Meera Iyer up')).toHaveFocus());

    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(names()).toEqual(['Meera Iyer', 'Asha Rao', 'Kabir Rao']));
    expect(button('Move Meera Iyer up')).toBeDisabled();
    await waitFor(() => expect(button('Move Meera Iyer down')).toHaveFocus());
  });

  it('reloads the waitlist and says so when it changed meanwhile (409)', async () => {
    const requests = staffPage({
      ...common,
      'PUT /api/programs/:programId/waitlist': problem(409, 'conflict', {
        detail: 'The list is not the current waitlist',
      }),
    });
    const app = renderApp(`/programs/${program.id}`);
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    const loads = () => requests.filter((r) => r.method === 'GET' && r.path.endsWith('/waitlist'));
    const before = loads().length;
    await app.user.click(within(section).getByRole('button', { name: 'Move Kabir Rao up' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The waitlist changed while you were reordering it. It has been reloaded',
    );
    await waitFor(() => expect(loads().length).toBeGreaterThan(before));
  });

  it('promotes only after confirmation', async () => {
    const requests = staffPage({
      ...common,
      'POST /api/programs/:programId/waitlist/promote': {
        subscription: { ...second, status: 'active', waitlistPosition: null },
      },
    });
    const app = renderApp(`/programs/${program.id}`);
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    const promotes = () => requests.filter((r) => r.path.endsWith('/waitlist/promote'));

    await app.user.click(within(section).getByRole('button', { name: 'Promote Kabir Rao' }));
    let dialog = await screen.findByRole('dialog', { name: 'Promote Kabir Rao?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(promotes()).toHaveLength(0);

    await app.user.click(within(section).getByRole('button', { name: 'Promote Kabir Rao' }));
    dialog = await screen.findByRole('dialog', { name: 'Promote Kabir Rao?' });
    expect(promotes()).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Promote Kabir Rao' }));
    await waitFor(() => expect(promotes()).toHaveLength(1));
    expect(promotes()[0]?.body).toEqual({ subscriptionId: second.id });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('disables Promote, saying why, while every place is taken', async () => {
    const requests = staffPage({
      ...common,
      'GET /api/programs/:programId/waitlist': { ...waitlist, spotsLeft: 0 },
    });
    renderApp(`/programs/${program.id}`);
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    const promote = within(section).getByRole('button', { name: 'Promote Asha Rao' });
    expect(promote).toBeDisabled();
    expect(promote).toHaveAccessibleDescription(
      /Every place is taken, so nobody can be promoted yet/,
    );
    expect(requests.some((r) => r.path.endsWith('/waitlist/promote'))).toBe(false);
  });

  it('shows a capacity conflict (409) in the dialog', async () => {
    staffPage({
      ...common,
      'POST /api/programs/:programId/waitlist/promote': problem(409, 'conflict', {
        detail: 'The program is full: no free place to promote into.',
      }),
    });
    const app = renderApp(`/programs/${program.id}`);
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    await app.user.click(within(section).getByRole('button', { name: 'Promote Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote Asha Rao?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Promote Asha Rao' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The program is full: no free place to promote into.',
    );
  });

  it('shows the waitlist without changes to staff who cannot manage enrolments', async () => {
    const detail = makeProgramDetail(program);
    detail.permissions.canManageSubscriptions = false;
    staffPage({ ...common, 'GET /api/programs/:programId': detail });
    renderApp(`/programs/${program.id}`);
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    expect(within(section).getByRole('link', { name: 'Kabir Rao' })).toBeInTheDocument();
    expect(within(section).queryByRole('button')).toBeNull();
  });
});

describe('join requests on the program page (docs/decisions/020)', () => {
  it('shows open requests at the top with their count, and approves one in place', async () => {
    const asking = makeSummary({
      programId: program.id,
      profileName: 'Zoya Khan',
      status: 'pending',
    });
    const other = makeSummary({ programId: program.id, profileName: 'Ira Das', status: 'pending' });
    const waiting = makeSummary({
      programId: program.id,
      profileName: 'Asha Rao',
      status: 'pending',
      waitlistPosition: 1,
    });
    let pending = [asking, other, waiting];
    const requests = staffPage({
      'GET /api/programs/:programId/subscriptions': (request) => ({
        subscriptions: request.search.get('status') === 'pending' ? pending : [],
      }),
      'POST /api/programs/:programId/subscriptions/:subscriptionId/transitions': () => {
        pending = [other, waiting];
        return { subscription: { ...asking, status: 'active' } };
      },
    });
    const app = renderApp(`/programs/${program.id}`);
    const section = await screen.findByRole('region', { name: 'Join requests' });
    expect(within(section).getByLabelText('2 requests waiting for an answer')).toHaveTextContent(
      '2',
    );
    // The waitlist is its own section: only those asking to join are here.
    expect(within(section).queryByText('Asha Rao')).toBeNull();
    // It comes before the program's facts and events.
    const title = screen.getByRole('heading', { name: /Next 30 days/ });
    expect(section.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await app.user.click(within(section).getByRole('button', { name: 'Approve Zoya Khan' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ action: 'approve' }),
    );
    await waitFor(() => expect(within(section).queryByText('Zoya Khan')).toBeNull());
    expect(within(section).getByLabelText('1 request waiting for an answer')).toBeInTheDocument();
  });
});

describe('who owes what (docs/decisions/020)', () => {
  it('shows staff the total owed and each balance, with claims waiting', async () => {
    const asha = newId();
    staffPage({
      'GET /api/programs/:programId/subscriptions': { subscriptions: [] },
      'GET /api/programs/:programId/dues': {
        rows: [
          {
            subscriptionId: asha,
            profileId: newId(),
            profileName: 'Asha Rao',
            status: 'active',
            currency: 'INR',
            balanceMinor: 150000,
            openClaim: {
              id: newId(),
              subscriptionId: asha,
              amountMinor: 150000,
              currency: 'INR',
              method: 'upi',
              reference: '',
              status: 'open',
              claimedBy: null,
              claimedAt: '2025-11-21T10:00:00.000Z',
              decidedAt: null,
            },
          },
          {
            subscriptionId: newId(),
            profileId: newId(),
            profileName: 'Kabir Rao',
            status: 'active',
            currency: 'INR',
            balanceMinor: -5000,
            openClaim: null,
          },
        ],
        totals: [{ currency: 'INR', owedMinor: 150000 }],
      },
    });
    renderApp(`/programs/${program.id}`);
    const section = await screen.findByRole('region', { name: 'Who owes what' });
    expect(within(section).getByText('Owed in total: ₹1,500.00')).toBeInTheDocument();
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Asha RaoSays paid₹1,500.00',
      'Kabir Rao₹50.00 credit',
    ]);
    expect(within(section).getByRole('link', { name: 'Asha Rao' })).toHaveAttribute(
      'href',
      `/programs/${program.id}/subscriptions/${asha}`,
    );
  });
});
