import type { PublicProgram } from '@rally/shared/public-programs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, pending } from '../../test/api-mock';
import {
  makeEvent,
  makeEventDetail,
  makeProgram,
  makeProgramDetail,
  makeUser,
  newId,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const session = { 'GET /api/auth/session': { user: makeUser() } };

const tabNames = async (navName: string) => {
  const nav = await screen.findByRole('navigation', { name: navName });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

function programPageHandlers(staff: boolean) {
  const program = makeProgram({ name: 'Under-12 weekday batch' });
  return {
    program,
    handlers: {
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program, staff),
      'GET /api/programs/:programId/events': { events: [] },
      'GET /api/programs/:programId/staff': { staff: [] },
      'GET /api/programs/:programId/subscriptions': { subscriptions: [] },
      'GET /api/programs/:programId/fee-plans': { feePlans: [] },
      'GET /api/programs/:programId/waitlist': { waitlist: [] },
      'GET /api/programs/:programId/dues': { rows: [], totals: [] },
      'GET /api/profiles': { profiles: [] },
    },
  };
}

function makeJoinPage(canEnrolAnyone: boolean): PublicProgram {
  return {
    program: {
      id: newId(),
      name: 'Tennis juniors',
      description: '',
      category: '',
      location: '',
      timeZone: 'Asia/Kolkata',
      orgId: newId(),
      orgName: 'Cubbon Tennis Club',
      joinPolicy: 'open',
      status: 'active',
      capacity: null,
      placesTaken: 0,
      spotsLeft: null,
      waitlistLength: 0,
    },
    schedule: { nextEvents: [], weeklyPattern: null },
    feePlans: [],
    viewer: { profiles: [], canJoin: true, canEnrolAnyone },
  };
}

describe('program tabs by role (docs/decisions/020)', () => {
  it('gives a family only the overview and calendar', async () => {
    const { program, handlers } = programPageHandlers(false);
    mockApi(handlers);
    renderApp(`/programs/${program.id}`);
    expect(await tabNames('Program')).toEqual(['Overview', 'Calendar']);
  });

  it('gives staff every program page', async () => {
    const { program, handlers } = programPageHandlers(true);
    mockApi(handlers);
    renderApp(`/programs/${program.id}`);
    expect(await tabNames('Program')).toEqual([
      'Overview',
      'Calendar',
      'Attendance',
      'Conversations',
      'Settings',
    ]);
  });

  it('shows an applicant the join page from the public program only, without tabs', async () => {
    const data = makeJoinPage(false);
    // No handler for GET /api/programs/:programId: asking for it fails the test.
    const requests = mockApi({ ...session, 'GET /api/programs/:programId/public': data });
    renderApp(`/programs/${data.program.id}/subscriptions/new`);
    expect(await screen.findByRole('heading', { name: 'Join Tennis juniors' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Cubbon Tennis Club' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Program' })).toBeNull();
    expect(requests.filter((r) => r.path.startsWith('/api/programs')).map((r) => r.path)).toEqual([
      `/api/programs/${data.program.id}/public`,
    ]);
  });

  it("keeps staff's tabs when they preview the join page", async () => {
    const data = makeJoinPage(true);
    const requests = mockApi({ ...session, 'GET /api/programs/:programId/public': data });
    renderApp(`/programs/${data.program.id}/subscriptions/new`);
    expect(await tabNames('Program')).toContain('Settings');
    expect(requests.some((r) => r.path === `/api/programs/${data.program.id}`)).toBe(false);
  });
});

describe('event tabs by role (docs/decisions/020)', () => {
  const eventPath = (programId: string, eventId: string) =>
    `/programs/${programId}/events/${eventId}`;

  it('gives a family no staff tabs and no match page for a training', async () => {
    const event = makeEvent({ title: 'Evening training' });
    mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event, {}, false),
    });
    renderApp(eventPath(event.programId, event.id));
    expect(await screen.findByRole('heading', { name: 'Evening training' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Event' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Attendance' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('holds the title and tabs places while the event loads on a staff page, and not the tabs on the event page', async () => {
    const event = makeEvent({ title: 'Evening training' });
    let answer = () => {};
    mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json(makeEventDetail(event)));
        }),
      'GET /api/programs/:programId/events/:eventId/attendance': () => pending(),
    });
    const app = renderApp(`${eventPath(event.programId, event.id)}/attendance`);
    expect(await screen.findByTestId('area-title-pending')).toBeInTheDocument();
    expect(screen.getByTestId('area-nav-pending')).toBeInTheDocument();
    answer();
    expect(await tabNames('Event')).toEqual(['Event', 'Attendance', 'Edit']);
    expect(screen.queryByTestId('area-title-pending')).toBeNull();
    expect(screen.queryByTestId('area-nav-pending')).toBeNull();
    app.unmount();

    // The event page: a family has no tabs, so none are reserved.
    mockApi({ ...session, 'GET /api/programs/:programId/events/:eventId': () => pending() });
    renderApp(eventPath(event.programId, event.id));
    expect(await screen.findByTestId('area-title-pending')).toBeInTheDocument();
    expect(screen.queryByTestId('area-nav-pending')).toBeNull();
  });

  it('gives staff attendance and edit, and the match page only for a match', async () => {
    const training = makeEvent({ title: 'Evening training' });
    mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(training),
    });
    const app = renderApp(eventPath(training.programId, training.id));
    expect(await tabNames('Event')).toEqual(['Event', 'Attendance', 'Edit']);
    app.unmount();

    const match = makeEvent({ title: 'League match', kind: 'match' });
    mockApi({ ...session, 'GET /api/programs/:programId/events/:eventId': makeEventDetail(match) });
    renderApp(eventPath(match.programId, match.id));
    expect(await tabNames('Event')).toEqual(['Event', 'Attendance', 'Match', 'Edit']);
  });

  it('does not offer "Take attendance" on a cancelled event', async () => {
    const event = makeEvent({ title: 'Evening training', status: 'cancelled' });
    mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event, {
        permissions: { canEdit: true, canMarkAttendance: true, canViewRoster: true },
      }),
    });
    renderApp(eventPath(event.programId, event.id));
    expect(await screen.findByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Take attendance' })).toBeNull();
  });
});
