import type { Subscription } from '@rally/shared/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem } from '../../test/api-mock';
import {
  makeEvent,
  makeProfile,
  makeProgram,
  makeProgramDetail,
  makeUser,
  newId,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const session = { 'GET /api/auth/session': { user: makeUser() } };

function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
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
    ...overrides,
  };
}

describe('program page', () => {
  it('lets staff enrol one of their profiles and lists the enrolments', async () => {
    const program = makeProgram({ activeSubscriptions: 1 });
    const child = makeProfile({ displayName: 'Kabir Rao', relationship: 'guardian' });
    const existing = makeSubscription({ programId: program.id, profileName: 'Isha Nair' });
    const enrolled = makeSubscription({ programId: program.id, profileId: child.id });
    let subscriptions = [existing];
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/events': {
        events: [makeEvent({ programId: program.id, title: 'Sunday drills', status: 'cancelled' })],
      },
      'GET /api/programs/:programId/staff': { staff: [] },
      'GET /api/programs/:programId/subscriptions': () => ({ subscriptions }),
      'GET /api/programs/:programId/fee-plans': { feePlans: [] },
      'GET /api/programs/:programId/waitlist': { waitlist: [] },
      'GET /api/programs/:programId/dues': { rows: [], totals: [] },
      'GET /api/profiles': { profiles: [child] },
      'POST /api/programs/:programId/subscriptions': () => {
        subscriptions = [existing, enrolled];
        return json({ subscription: enrolled }, 201);
      },
    });
    const app = renderApp(`/programs/${program.id}`);
    expect(await screen.findByText('1 active enrolment')).toBeInTheDocument();
    const eventLink = await screen.findByRole('link', { name: /Sunday drills/ });
    expect(within(eventLink).getByText('Cancelled')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Isha Nair' })).toHaveAttribute(
      'href',
      `/programs/${program.id}/subscriptions/${existing.id}`,
    );

    await app.user.selectOptions(await screen.findByLabelText(/^Profile/), child.id);
    await app.user.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await screen.findByRole('link', { name: 'Kabir Rao' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ profileId: child.id });
  });

  it('lets staff enrol someone new by name and guardian phone, with field errors in place', async () => {
    const program = makeProgram();
    const enrolled = makeSubscription({ programId: program.id, profileName: 'Zoya Khan' });
    let answer: 'ok' | 'bad' = 'bad';
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/events': { events: [] },
      'GET /api/programs/:programId/staff': { staff: [] },
      'GET /api/programs/:programId/subscriptions': { subscriptions: [] },
      'GET /api/programs/:programId/fee-plans': { feePlans: [] },
      'GET /api/programs/:programId/waitlist': { waitlist: [] },
      'GET /api/programs/:programId/dues': { rows: [], totals: [] },
      'GET /api/profiles': { profiles: [] },
      'POST /api/programs/:programId/subscriptions': () =>
        answer === 'bad'
          ? problem(400, 'validation_failed', {
              errors: [{ path: 'newProfile.dateOfBirth', message: 'Must be a date YYYY-MM-DD' }],
            })
          : json({ subscription: enrolled }, 201),
    });
    const app = renderApp(`/programs/${program.id}`);
    const submit = await screen.findByRole('button', { name: 'Enrol new participant' });
    await app.user.click(submit);
    expect(await screen.findByText("Enter the participant's name")).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await app.user.type(screen.getByLabelText(/Participant's name/), 'Zoya Khan');
    await app.user.type(screen.getByLabelText(/Guardian's phone number/), '98765 43210');
    await app.user.click(submit);
    expect(await screen.findByText('Must be a date YYYY-MM-DD')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      newProfile: { displayName: 'Zoya Khan', guardianPhone: '98765 43210' },
    });

    answer = 'ok';
    await app.user.click(submit);
    await waitFor(() => expect(screen.getByLabelText(/Participant's name/)).toHaveValue(''));
  });

  it('says so when the profile is already enrolled', async () => {
    const program = makeProgram();
    const child = makeProfile({ displayName: 'Kabir Rao' });
    mockApi({
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/events': { events: [] },
      'GET /api/programs/:programId/staff': { staff: [] },
      'GET /api/programs/:programId/subscriptions': { subscriptions: [] },
      'GET /api/programs/:programId/fee-plans': { feePlans: [] },
      'GET /api/programs/:programId/waitlist': { waitlist: [] },
      'GET /api/programs/:programId/dues': { rows: [], totals: [] },
      'GET /api/profiles': { profiles: [child] },
      'POST /api/programs/:programId/subscriptions': problem(409, 'conflict'),
    });
    const app = renderApp(`/programs/${program.id}`);
    await app.user.selectOptions(await screen.findByLabelText(/^Profile/), child.id);
    await app.user.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(
      await screen.findByText('This profile is already enrolled in this program.'),
    ).toBeInTheDocument();
  });

  it('shows a family neither staff tools nor enrolments, but the way to join', async () => {
    const program = makeProgram({ joinPolicy: 'open' });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program, false),
      'GET /api/programs/:programId/events': { events: [] },
      'GET /api/programs/:programId/staff': {
        staff: [{ userId: newId(), displayName: 'Coach Meera', role: 'coach' }],
      },
    });
    renderApp(`/programs/${program.id}`);
    const staff = await screen.findByRole('region', { name: 'Staff' });
    expect(await within(staff).findByText('Coach Meera')).toBeInTheDocument();
    expect(within(staff).getByText('Coach')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Join this program' })).toHaveAttribute(
      'href',
      `/programs/${program.id}/subscriptions/new`,
    );
    expect(screen.queryByRole('button', { name: 'New event' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enrol' })).toBeNull();
    expect(requests.some((r) => r.path.endsWith('/subscriptions'))).toBe(false);
  });
});

describe('archived program page', () => {
  it('says the program is archived and offers no way to change it', async () => {
    const program = makeProgram({ status: 'archived', activeSubscriptions: 3 });
    mockApi({
      ...session,
      // Staff permissions as a global admin gets them: the page stays read-only anyway.
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/events': { events: [] },
      'GET /api/programs/:programId/staff': { staff: [] },
      'GET /api/programs/:programId/subscriptions': { subscriptions: [] },
      'GET /api/programs/:programId/fee-plans': { feePlans: [] },
      'GET /api/programs/:programId/waitlist': { waitlist: [] },
      'GET /api/programs/:programId/dues': { rows: [], totals: [] },
    });
    renderApp(`/programs/${program.id}`);
    expect(await screen.findByText('This program is archived')).toBeInTheDocument();
    expect(screen.getByText('3 active enrolments')).toBeInTheDocument();
    expect(await screen.findByText('No one is enrolled yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New event' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enrol' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Join this program' })).toBeNull();
  });
});
