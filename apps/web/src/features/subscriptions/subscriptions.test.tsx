import type { PublicProgram } from '@rally/shared/public-programs';
import type { SubscriptionDetail, SubscriptionSummary } from '@rally/shared/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem } from '../../test/api-mock';
import { makeProfile, makeUser, newId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The program layout asks for the program (not on the join page, docs/decisions/020); a family
// without an active place gets 404.
const session = {
  'GET /api/auth/session': { user: makeUser() },
  'GET /api/programs/:programId': () => problem(404, 'not_found'),
  'GET /api/programs/:programId/fee-plans': { feePlans: [] },
};
const signedOut = { 'GET /api/auth/session': { user: null } };

function makePublicProgram(overrides: Partial<PublicProgram> = {}): PublicProgram {
  const id = newId();
  return {
    program: {
      id,
      name: 'Tennis juniors',
      description: 'Ages 8 to 12.',
      category: 'Tennis',
      location: 'KSLTA, Bengaluru',
      timeZone: 'Asia/Kolkata',
      orgId: newId(),
      orgName: 'Cubbon Tennis Club',
      joinPolicy: 'approval',
      status: 'active',
      capacity: 10,
      placesTaken: 7,
      spotsLeft: 3,
      waitlistLength: 0,
    },
    schedule: {
      nextEvents: [
        {
          title: 'Evening drills',
          kind: 'training',
          startsAt: '2025-11-21T12:30:00.000Z',
          endsAt: '2025-11-21T14:00:00.000Z',
          location: 'Court 2',
        },
      ],
      weeklyPattern: [{ weekday: 2, startTime: '18:00', endTime: '19:30' }],
    },
    feePlans: [
      {
        id: newId(),
        programId: id,
        name: 'Monthly',
        priceMinor: 250050,
        currency: 'INR',
        billing: 'period',
        period: 'month',
        sessionsIncluded: null,
        isActive: true,
      },
    ],
    viewer: null,
    ...overrides,
  };
}

function makeSummary(overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary {
  return {
    id: newId(),
    programId: newId(),
    programName: 'Tennis juniors',
    profileId: newId(),
    profileName: 'Kabir Rao',
    status: 'active',
    startsOn: '2025-11-01',
    endsOn: null,
    createdAt: '2025-11-01T00:00:00.000Z',
    orgId: newId(),
    orgName: 'Cubbon Tennis Club',
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

function makeDetail(
  subscription: SubscriptionSummary,
  overrides: Partial<SubscriptionDetail> = {},
): SubscriptionDetail {
  return {
    subscription,
    history: [],
    dues: { currency: null, chargedMinor: 0, paidMinor: 0, balanceMinor: 0, entries: [] },
    upiPayment: null,
    sessionUsages: [],
    permissions: { allowedActions: [], canEdit: false, canRecordPayments: false },
    paymentClaim: null,
    ...overrides,
  };
}

describe('public join page', () => {
  it('shows the program signed out, with a sign-in link that comes back', async () => {
    const data = makePublicProgram();
    mockApi({ ...signedOut, 'GET /api/programs/:programId/public': data });
    const path = `/programs/${data.program.id}/subscriptions/new`;
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Join Tennis juniors', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('By Cubbon Tennis Club · KSLTA, Bengaluru')).toBeInTheDocument();
    expect(screen.getByText('Ages 8 to 12.')).toBeInTheDocument();
    expect(screen.getByText('3 places left')).toBeInTheDocument();
    expect(
      screen.getByText('Every week: Tuesday 6:00 PM–7:30 PM (Asia/Kolkata time)'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Evening drills · Fri, Nov 21, 2025, 6:00/)).toBeInTheDocument();
    expect(screen.getByText('₹2,500.50 per month')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to join' })).toHaveAttribute(
      'href',
      `/auth/login?redirect=${encodeURIComponent(path)}`,
    );
    expect(screen.queryByRole('button', { name: 'Request a place' })).toBeNull();
  });

  it('shows the waitlist when the program is full', async () => {
    const data = makePublicProgram();
    data.program.spotsLeft = 0;
    data.program.waitlistLength = 4;
    mockApi({ ...signedOut, 'GET /api/programs/:programId/public': data });
    renderApp(`/programs/${data.program.id}/subscriptions/new`);
    expect(
      await screen.findByText('Full: new requests join the waitlist (4 waiting)'),
    ).toBeInTheDocument();
  });

  it('adds a child inline, requires a plan and requests a place', async () => {
    const self = makeProfile({ displayName: 'Asha Rao' });
    const child = makeProfile({ displayName: 'Kabir Rao', relationship: 'guardian' });
    const base = makePublicProgram();
    const plan = base.feePlans[0]!;
    base.feePlans.push({ ...plan, id: newId(), name: 'Pack of 10', priceMinor: 300000 });
    let profiles: NonNullable<PublicProgram['viewer']>['profiles'] = [
      { profileId: self.id, displayName: 'Asha Rao', relationship: 'self', subscription: null },
    ];
    const created = makeSummary({
      programId: base.program.id,
      profileId: child.id,
      status: 'pending',
    });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/public': () => ({
        ...base,
        viewer: { profiles, canJoin: true, canEnrolAnyone: false },
      }),
      'POST /api/profiles': () => {
        profiles = [
          ...profiles,
          {
            profileId: child.id,
            displayName: 'Kabir Rao',
            relationship: 'guardian',
            subscription: null,
          },
        ];
        return json({ profile: { ...child, photoUrl: null } }, 201);
      },
      'POST /api/programs/:programId/subscriptions': () => {
        profiles = profiles.map((p) =>
          p.profileId === child.id
            ? { ...p, subscription: { id: created.id, status: 'pending', waitlistPosition: null } }
            : p,
        );
        return json({ subscription: created }, 201);
      },
    });
    const app = renderApp(`/programs/${base.program.id}/subscriptions/new`);
    await app.user.click(await screen.findByRole('button', { name: 'Add a child profile' }));
    await app.user.type(screen.getByLabelText(/^Child's name/), 'Kabir Rao');
    await app.user.type(screen.getByLabelText('Date of birth'), '2015-04-02');
    await app.user.click(screen.getByRole('button', { name: 'Save child profile' }));
    await waitFor(() => expect(screen.getByLabelText(/^Profile/)).toHaveValue(child.id));
    expect(requests.find((r) => r.path === '/api/profiles')?.body).toEqual({
      displayName: 'Kabir Rao',
      dateOfBirth: '2015-04-02',
      relationship: 'guardian',
    });

    await app.user.click(screen.getByRole('button', { name: 'Request a place' }));
    expect(await screen.findByText('Choose a fee plan.')).toBeInTheDocument();
    expect(requests.some((r) => r.path.endsWith('/subscriptions'))).toBe(false);

    await app.user.selectOptions(screen.getByRole('combobox', { name: /^Fee plan/ }), plan.id);
    await app.user.click(screen.getByRole('button', { name: 'Request a place' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Kabir Rao's request is sent. The staff will approve or decline it.",
    );
    expect(requests.find((r) => r.path.endsWith('/subscriptions'))?.body).toEqual({
      profileId: child.id,
      planId: plan.id,
    });
    const yours = screen.getByRole('region', { name: 'Your profiles' });
    expect(await within(yours).findByText('Waiting for approval')).toBeInTheDocument();
    expect(within(yours).getByText('Not in this program')).toBeInTheDocument();
  });

  it('shows a waitlisted result with its position and says "Join" for open programs', async () => {
    const self = makeProfile({ displayName: 'Asha Rao' });
    const data = makePublicProgram({
      feePlans: [],
      viewer: {
        profiles: [
          { profileId: self.id, displayName: 'Asha Rao', relationship: 'self', subscription: null },
        ],
        canJoin: true,
        canEnrolAnyone: false,
      },
    });
    data.program.joinPolicy = 'open';
    mockApi({
      ...session,
      'GET /api/programs/:programId/public': data,
      'POST /api/programs/:programId/subscriptions': json(
        {
          subscription: makeSummary({
            profileName: 'Asha Rao',
            waitlistPosition: 3,
            status: 'pending',
          }),
        },
        201,
      ),
    });
    const app = renderApp(`/programs/${data.program.id}/subscriptions/new`);
    await app.user.selectOptions(await screen.findByLabelText(/^Profile/), self.id);
    await app.user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The program is full: Asha Rao is number 3 on the waitlist.',
    );
  });

  it('shows the 409 detail when the profile already has a place', async () => {
    const self = makeProfile();
    const data = makePublicProgram({
      feePlans: [],
      viewer: {
        profiles: [
          { profileId: self.id, displayName: 'Asha Rao', relationship: 'self', subscription: null },
        ],
        canJoin: true,
        canEnrolAnyone: false,
      },
    });
    mockApi({
      ...session,
      'GET /api/programs/:programId/public': data,
      'POST /api/programs/:programId/subscriptions': problem(409, 'conflict', {
        detail: 'Asha Rao already has a place in Tennis juniors',
      }),
    });
    const app = renderApp(`/programs/${data.program.id}/subscriptions/new`);
    await app.user.selectOptions(await screen.findByLabelText(/^Profile/), self.id);
    await app.user.click(screen.getByRole('button', { name: 'Request a place' }));
    expect(
      await screen.findByText('Asha Rao already has a place in Tennis juniors'),
    ).toBeInTheDocument();
  });

  it('shows not-found for a program that is not public', async () => {
    mockApi({ ...signedOut, 'GET /api/programs/:programId/public': problem(404, 'not_found') });
    renderApp(`/programs/${newId()}/subscriptions/new`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('subscription page', () => {
  it('shows the enrolment, its history and pack, and approves after confirming', async () => {
    let subscription = makeSummary({
      status: 'pending',
      planName: 'Pack of 10',
      priceMinor: 300000,
      currency: 'INR',
      sessions: { included: 10, used: 4, left: 6, overdrawn: 0 },
    });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/subscriptions/:subscriptionId': () =>
        makeDetail(subscription, {
          history: [
            {
              id: newId(),
              action: 'requested',
              fromStatus: null,
              toStatus: 'pending',
              actor: { userId: newId(), displayName: 'Asha Rao' },
              at: '2025-11-01T04:30:00.000Z',
              data: {},
            },
          ],
          permissions: {
            allowedActions: subscription.status === 'pending' ? ['approve', 'reject'] : ['pause'],
            canEdit: true,
            canRecordPayments: false,
          },
        }),
      'POST /api/programs/:programId/subscriptions/:subscriptionId/transitions': () => {
        subscription = { ...subscription, status: 'active' };
        return { subscription };
      },
    });
    const app = renderApp(`/programs/${subscription.programId}/subscriptions/${subscription.id}`);
    expect(
      await screen.findByRole('heading', { name: 'Enrolment of Kabir Rao' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Waiting for approval')).toBeInTheDocument();
    expect(screen.getByText('Pack of 10 · ₹3,000.00')).toBeInTheDocument();
    expect(screen.getByText('4 of 10 used, 6 left')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText(/Requested a place · Asha Rao/)).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(requests.some((r) => r.path.endsWith('/transitions'))).toBe(false);
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(requests.find((r) => r.path.endsWith('/transitions'))?.body).toEqual({
      action: 'approve',
    });
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
  });

  it('shows a 409 in the confirmation dialog', async () => {
    const subscription = makeSummary({ status: 'pending' });
    mockApi({
      ...session,
      'GET /api/programs/:programId/subscriptions/:subscriptionId': makeDetail(subscription, {
        permissions: { allowedActions: ['approve'], canEdit: true, canRecordPayments: false },
      }),
      'POST /api/programs/:programId/subscriptions/:subscriptionId/transitions': problem(
        409,
        'conflict',
        { detail: 'Tennis juniors is full: promote from the waitlist when a place frees up' },
      ),
    });
    const app = renderApp(`/programs/${subscription.programId}/subscriptions/${subscription.id}`);
    await app.user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Tennis juniors is full: promote from the waitlist when a place frees up',
    );
  });

  it('shows dues with a UPI QR code, and staff record a payment in minor units', async () => {
    const subscription = makeSummary({ currency: 'INR', balanceMinor: 150050 });
    const intent = 'upi://pay?pa=club@okhdfc&pn=Cubbon%20Tennis&am=1500.50&cu=INR&tn=Kabir';
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/subscriptions/:subscriptionId': makeDetail(subscription, {
        dues: {
          currency: 'INR',
          chargedMinor: 250050,
          paidMinor: 100000,
          balanceMinor: 150050,
          entries: [
            {
              id: newId(),
              kind: 'charge',
              amountMinor: 250050,
              currency: 'INR',
              description: 'Monthly fee',
              method: null,
              reference: '',
              occurredOn: '2025-11-01',
              recordedBy: null,
              createdAt: '2025-11-01T00:00:00.000Z',
            },
            {
              id: newId(),
              kind: 'payment',
              amountMinor: 100000,
              currency: 'INR',
              description: '',
              method: 'upi',
              reference: 'UTR123',
              occurredOn: '2025-11-02',
              recordedBy: null,
              createdAt: '2025-11-02T00:00:00.000Z',
            },
          ],
        },
        upiPayment: {
          intent,
          payeeVpa: 'club@okhdfc',
          payeeName: 'Cubbon Tennis',
          amountMinor: 150050,
          currency: 'INR',
          note: 'Kabir',
        },
        permissions: { allowedActions: [], canEdit: true, canRecordPayments: true },
      }),
      'POST /api/programs/:programId/subscriptions/:subscriptionId/payments': (request) =>
        json({ entry: {}, dues: request.body }, 201),
    });
    const app = renderApp(`/programs/${subscription.programId}/subscriptions/${subscription.id}`);
    expect(await screen.findByText('Balance due: ₹1,500.50')).toBeInTheDocument();
    const ledger = screen.getByRole('table', { name: 'Dues ledger' });
    expect(within(ledger).getByRole('row', { name: /Monthly fee ₹2,500.50/ })).toBeInTheDocument();
    expect(
      within(ledger).getByRole('row', { name: /Payment · UPI · UTR123 −₹1,000.00/ }),
    ).toBeInTheDocument();
    // A large button that opens the UPI app on a phone; the QR code is for wider screens.
    expect(screen.getByRole('link', { name: 'Pay ₹1,500.50 with UPI' })).toHaveAttribute(
      'href',
      intent,
    );
    const qr = await screen.findByRole('img', {
      name: 'UPI QR code to pay ₹1,500.50 to Cubbon Tennis',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    await app.user.type(screen.getByLabelText(/^Amount \(INR\)/), '19.99');
    await app.user.selectOptions(screen.getByLabelText('Method'), 'bank_transfer');
    await app.user.type(screen.getByLabelText('Reference'), 'NEFT-42');
    await app.user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/payments'))?.body).toEqual({
        amountMinor: 1999,
        method: 'bank_transfer',
        reference: 'NEFT-42',
      }),
    );
  });

  it("lets the family say they've paid, then shows it waiting for the staff", async () => {
    const subscription = makeSummary({ currency: 'INR' });
    const dues = {
      currency: 'INR',
      chargedMinor: 150000,
      paidMinor: 0,
      balanceMinor: 150000,
      entries: [],
    };
    let claim: SubscriptionDetail['paymentClaim'] = null;
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/subscriptions/:subscriptionId': () =>
        makeDetail(subscription, { dues, paymentClaim: claim }),
      'POST /api/programs/:programId/subscriptions/:subscriptionId/payment-claims': () => {
        claim = {
          id: newId(),
          subscriptionId: subscription.id,
          amountMinor: 150000,
          currency: 'INR',
          method: 'upi',
          reference: 'T-42',
          status: 'open',
          claimedBy: null,
          claimedAt: '2025-11-21T10:00:00.000Z',
          decidedAt: null,
        };
        return json({ claim }, 201);
      },
    });
    const app = renderApp(`/programs/${subscription.programId}/subscriptions/${subscription.id}`);
    await app.user.click(await screen.findByRole('button', { name: "I've paid" }));
    await app.user.type(screen.getByLabelText(/^Reference/), 'T-42');
    await app.user.click(screen.getByRole('button', { name: "Tell the staff I've paid" }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        method: 'upi',
        reference: 'T-42',
      }),
    );
    expect(await screen.findByText('Waiting for the staff to confirm')).toBeInTheDocument();
    expect(screen.getByText(/you paid ₹1,500.00 by UPI \(reference T-42\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I've paid" })).toBeNull();
  });

  it("lets staff confirm a family's claim", async () => {
    const subscription = makeSummary({ currency: 'INR' });
    const claim = {
      id: newId(),
      subscriptionId: subscription.id,
      amountMinor: 150000,
      currency: 'INR',
      method: 'upi' as const,
      reference: '',
      status: 'open' as const,
      claimedBy: null,
      claimedAt: '2025-11-21T10:00:00.000Z',
      decidedAt: null,
    };
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/subscriptions/:subscriptionId': makeDetail(subscription, {
        paymentClaim: claim,
        permissions: { allowedActions: [], canEdit: true, canRecordPayments: true },
      }),
      'POST /api/programs/:programId/subscriptions/:subscriptionId/payment-claims/:claimId/decision':
        { claim: { ...claim, status: 'confirmed' } },
    });
    const app = renderApp(`/programs/${subscription.programId}/subscriptions/${subscription.id}`);
    expect(await screen.findByText("The family says they've paid")).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/decision'))?.body).toEqual({
        decision: 'confirm',
      }),
    );
  });

  it('refuses an amount that is not positive without asking the API', async () => {
    const subscription = makeSummary({ currency: 'INR' });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/subscriptions/:subscriptionId': makeDetail(subscription, {
        permissions: { allowedActions: [], canEdit: true, canRecordPayments: true },
      }),
    });
    const app = renderApp(`/programs/${subscription.programId}/subscriptions/${subscription.id}`);
    await app.user.type(await screen.findByLabelText(/^Amount/), '0');
    await app.user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(
      await screen.findByText('Enter an amount greater than zero, e.g. 1500.50.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('staff edit the enrolment, sending only the changed fields', async () => {
    let subscription = makeSummary({
      currency: 'INR',
      endsOn: '2026-03-31',
      planId: null,
    });
    const plan: PublicProgram['feePlans'][number] = {
      id: newId(),
      programId: subscription.programId,
      name: 'Monthly',
      priceMinor: 250050,
      currency: 'INR',
      billing: 'period',
      period: 'month',
      sessionsIncluded: null,
      isActive: true,
    };
    const retired = { ...plan, id: newId(), name: 'Old plan', isActive: false };
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/fee-plans': { feePlans: [plan, retired] },
      'GET /api/programs/:programId/subscriptions/:subscriptionId': () =>
        makeDetail(subscription, {
          permissions: { allowedActions: [], canEdit: true, canRecordPayments: false },
        }),
      'PATCH /api/programs/:programId/subscriptions/:subscriptionId': (request) => {
        const body = request.body as { planId?: string | null; endsOn?: string | null };
        subscription = {
          ...subscription,
          ...body,
          planName: body.planId ? plan.name : subscription.planName,
          updatedAt: new Date().toISOString(),
        };
        return { subscription };
      },
    });
    const app = renderApp(`/programs/${subscription.programId}/subscriptions/${subscription.id}`);
    const form = await screen.findByRole('form', { name: 'Edit enrolment' });
    const planSelect = within(form).getByRole('combobox', { name: 'Fee plan' });
    await waitFor(() =>
      expect(within(planSelect).getByRole('option', { name: 'Monthly · ₹2,500.50' })).toBeTruthy(),
    );
    expect(within(planSelect).queryByRole('option', { name: /Old plan/ })).toBeNull();
    expect(within(form).getByLabelText(/^Starts on/)).toHaveValue('2025-11-01');
    expect(within(form).getByLabelText(/^Ends on/)).toHaveValue('2026-03-31');

    await app.user.selectOptions(planSelect, plan.id);
    await app.user.click(within(form).getByRole('button', { name: 'Save enrolment' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        { planId: plan.id },
      ]),
    );
    expect(await screen.findByText("Kabir Rao's enrolment is saved.")).toBeInTheDocument();
    expect(await screen.findByText('Monthly')).toBeInTheDocument();

    const saved = await screen.findByRole('form', { name: 'Edit enrolment' });
    await app.user.clear(within(saved).getByLabelText(/^Ends on/));
    await app.user.click(within(saved).getByRole('button', { name: 'Save enrolment' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        { planId: plan.id },
        { endsOn: null },
      ]),
    );
    expect(await screen.findByText('No end date')).toBeInTheDocument();
  });

  it('shows a server field error of the enrolment edit on its field', async () => {
    const subscription = makeSummary();
    mockApi({
      ...session,
      'GET /api/programs/:programId/subscriptions/:subscriptionId': makeDetail(subscription, {
        permissions: { allowedActions: [], canEdit: true, canRecordPayments: false },
      }),
      'PATCH /api/programs/:programId/subscriptions/:subscriptionId': problem(
        400,
        'validation_failed',
        {
          errors: [{ path: 'endsOn', message: 'The end date cannot be before the start date' }],
        },
      ),
    });
    const app = renderApp(`/programs/${subscription.programId}/subscriptions/${subscription.id}`);
    const form = await screen.findByRole('form', { name: 'Edit enrolment' });
    const endsOn = within(form).getByLabelText(/^Ends on/);
    await app.user.type(endsOn, '2025-10-01');
    await app.user.click(within(form).getByRole('button', { name: 'Save enrolment' }));
    expect(
      await within(form).findByText('The end date cannot be before the start date'),
    ).toBeInTheDocument();
    expect(endsOn).toHaveAttribute('aria-invalid', 'true');
  });

  it('staff add a charge in minor units', async () => {
    const subscription = makeSummary({ currency: 'INR' });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/subscriptions/:subscriptionId': makeDetail(subscription, {
        dues: { currency: 'INR', chargedMinor: 0, paidMinor: 0, balanceMinor: 0, entries: [] },
        permissions: { allowedActions: [], canEdit: true, canRecordPayments: true },
      }),
      'POST /api/programs/:programId/subscriptions/:subscriptionId/charges': (request) =>
        json({ entry: {}, dues: request.body }, 201),
    });
    const app = renderApp(`/programs/${subscription.programId}/subscriptions/${subscription.id}`);
    const form = await screen.findByRole('form', { name: 'Add charge' });
    await app.user.type(within(form).getByLabelText(/^Charge amount \(INR\)/), '1,500.50');
    await app.user.type(within(form).getByLabelText(/^Description/), 'Tournament entry');
    await app.user.type(within(form).getByLabelText('Charged on'), '2025-11-15');
    await app.user.click(within(form).getByRole('button', { name: 'Add charge' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/charges'))?.body).toEqual({
        amountMinor: 150050,
        description: 'Tournament entry',
        chargedOn: '2025-11-15',
      }),
    );
    expect(await screen.findByText('Charge of ₹1,500.50 added.')).toBeInTheDocument();
  });

  it('shows a family no staff tools', async () => {
    const subscription = makeSummary({ status: 'pending', waitlistPosition: 2 });
    mockApi({
      ...session,
      'GET /api/programs/:programId/subscriptions/:subscriptionId': makeDetail(subscription, {
        permissions: { allowedActions: ['withdraw'], canEdit: false, canRecordPayments: false },
      }),
    });
    renderApp(`/programs/${subscription.programId}/subscriptions/${subscription.id}`);
    expect(await screen.findByText('Number 2 on the waitlist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save enrolment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add charge' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Edit enrolment' })).toBeNull();
    expect(screen.queryByLabelText(/^Charge amount/)).toBeNull();
  });

  it('shows not-found for an enrolment the user may not see', async () => {
    mockApi({
      ...session,
      'GET /api/programs/:programId/subscriptions/:subscriptionId': problem(404, 'not_found'),
    });
    renderApp(`/programs/${newId()}/subscriptions/${newId()}`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
