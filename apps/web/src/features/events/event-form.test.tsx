import type { UpdateEvent } from '@rally/shared/events';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem } from '../../test/api-mock';
import {
  makeEvent,
  makeEventDetail,
  makeEventSeriesInfo,
  makeProgram,
  makeProgramDetail,
  makeUser,
  newId,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const session = { 'GET /api/auth/session': { user: makeUser() } };

describe('new event', () => {
  it('creates a one-off event from wall-clock times in the program zone and opens it', async () => {
    const program = makeProgram({ timeZone: 'Europe/London', location: 'Hackney Marshes' });
    const event = makeEvent({ programId: program.id, title: 'Cup final', kind: 'match' });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program),
      'POST /api/programs/:programId/events': json({ event }, 201),
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event),
    });
    const app = renderApp(`/programs/${program.id}/events/new`);
    await app.user.type(await screen.findByLabelText(/^Title/), 'Cup final');
    await app.user.selectOptions(screen.getByLabelText(/^Kind/), 'match');
    fireEvent.change(screen.getByLabelText(/^Starts/), { target: { value: '2025-12-06T10:00' } });
    expect(screen.getByLabelText(/^Ends/)).toHaveValue('2025-12-06T11:00');
    expect(screen.getAllByText('Local time in Europe/London')).toHaveLength(2);
    expect(screen.getByLabelText('Location')).toHaveValue('Hackney Marshes');
    expect(screen.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Hackney%20Marshes',
    );
    await app.user.type(screen.getByLabelText(/^Places/), '22');
    await app.user.selectOptions(screen.getByLabelText(/^Answers close/), '120');
    await app.user.click(screen.getByRole('button', { name: 'Create event' }));

    await waitFor(() =>
      expect(app.currentPath()).toBe(`/programs/${program.id}/events/${event.id}`),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Cup final',
      kind: 'match',
      startLocal: '2025-12-06T10:00',
      endLocal: '2025-12-06T11:00',
      isAllDay: false,
      location: 'Hackney Marshes',
      description: '',
      capacity: 22,
      rsvpCloseMinutes: 120,
      recurrence: null,
    });
  });

  it('sends a weekly repeat with its days and count, summarised as it is built', async () => {
    const program = makeProgram();
    const event = makeEvent({ programId: program.id, title: 'Evening training' });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program),
      'POST /api/programs/:programId/events': json({ event }, 201),
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event),
    });
    const app = renderApp(`/programs/${program.id}/events/new`);
    await app.user.type(await screen.findByLabelText(/^Title/), 'Evening training');
    // 2025-12-01 is a Monday.
    fireEvent.change(screen.getByLabelText(/^Starts/), { target: { value: '2025-12-01T18:00' } });
    await app.user.selectOptions(screen.getByLabelText('Repeats'), 'weekly');
    const days = screen.getByRole('group', { name: 'On' });
    expect(within(days).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(days).getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(screen.getByText('Weekly on Mon')).toBeInTheDocument();
    await app.user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    await app.user.click(screen.getByRole('radio', { name: 'After a number of times' }));
    expect(screen.getByLabelText('Number of times')).toHaveValue('10');
    expect(screen.getByText('Weekly on Mon and Wed, 10 times')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Create event' }));

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
        startLocal: '2025-12-01T18:00',
        endLocal: '2025-12-01T19:00',
        recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO', 'WE'], count: 10 },
      }),
    );
  });

  it('sends an all-day event as its first and last day', async () => {
    const program = makeProgram();
    const event = makeEvent({ programId: program.id, title: 'Summer camp', isAllDay: true });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program),
      'POST /api/programs/:programId/events': json({ event }, 201),
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event),
    });
    const app = renderApp(`/programs/${program.id}/events/new`);
    await app.user.type(await screen.findByLabelText(/^Title/), 'Summer camp');
    await app.user.click(screen.getByRole('switch', { name: 'All day' }));
    expect(screen.queryByLabelText(/^Starts/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^First day/), { target: { value: '2026-05-04' } });
    expect(screen.getByLabelText(/^Last day/)).toHaveValue('2026-05-04');
    fireEvent.change(screen.getByLabelText(/^Last day/), { target: { value: '2026-05-08' } });
    await app.user.click(screen.getByRole('button', { name: 'Create event' }));

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
        isAllDay: true,
        startLocal: '2026-05-04T00:00',
        endLocal: '2026-05-08T00:00',
      }),
    );
  });

  it('shows the shared schema messages on their fields and sends nothing', async () => {
    const program = makeProgram();
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program),
    });
    const app = renderApp(`/programs/${program.id}/events/new`);
    await app.user.type(await screen.findByLabelText(/^Title/), 'Training');
    fireEvent.change(screen.getByLabelText(/^Starts/), { target: { value: '2025-12-06T10:00' } });
    fireEvent.change(screen.getByLabelText(/^Ends/), { target: { value: '2025-12-06T09:00' } });
    await app.user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('The end must be after the start')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Ends/)).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText(/^Ends/), { target: { value: '2025-12-06T11:00' } });
    await app.user.type(screen.getByLabelText(/^Places/), 'lots');
    await app.user.selectOptions(screen.getByLabelText('Repeats'), 'weekly');
    await app.user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await app.user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Capacity must be a whole number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Places/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose at least one day')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('asks for the missing dates in words, not a format', async () => {
    const program = makeProgram();
    mockApi({ ...session, 'GET /api/programs/:programId': makeProgramDetail(program) });
    const app = renderApp(`/programs/${program.id}/events/new`);
    await app.user.type(await screen.findByLabelText(/^Title/), 'Training');
    await app.user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findAllByText('Choose a date and time')).toHaveLength(2);
    expect(screen.getByLabelText(/^Starts/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's field errors on the fields they name, the repeat's too", async () => {
    const program = makeProgram();
    mockApi({
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program),
      'POST /api/programs/:programId/events': problem(400, 'validation_failed', {
        errors: [
          { path: 'startLocal', message: 'This time does not exist in Asia/Kolkata' },
          { path: 'recurrence.count', message: 'Number of times must be at most 520' },
        ],
      }),
    });
    const app = renderApp(`/programs/${program.id}/events/new`);
    await app.user.type(await screen.findByLabelText(/^Title/), 'Training');
    fireEvent.change(screen.getByLabelText(/^Starts/), { target: { value: '2025-12-06T10:00' } });
    await app.user.selectOptions(screen.getByLabelText('Repeats'), 'daily');
    await app.user.click(screen.getByRole('radio', { name: 'After a number of times' }));
    await app.user.click(screen.getByRole('button', { name: 'Create event' }));

    expect(await screen.findByText('This time does not exist in Asia/Kolkata')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Starts/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Number of times must be at most 520')).toBeInTheDocument();
    expect(screen.getByLabelText('Number of times')).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells a family member they cannot create events', async () => {
    const program = makeProgram({ name: 'Swim squad' });
    mockApi({ ...session, 'GET /api/programs/:programId': makeProgramDetail(program, false) });
    renderApp(`/programs/${program.id}/events/new`);
    expect(
      await screen.findByText(/Only the staff of Swim squad can create its events/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
  });

  it('still asks a signed-out visitor to sign in, with no form', async () => {
    const requests = mockApi({ 'GET /api/auth/session': { user: null } });
    const programId = newId();
    renderApp(`/programs/${programId}/events/new`);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/auth/login?redirect=${encodeURIComponent(`/programs/${programId}/events/new`)}`,
    );
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create event' })).toBeNull();
    expect(requests.some((r) => r.path.startsWith('/api/programs'))).toBe(false);
  });
});

describe('edit event', () => {
  const occurrence = () =>
    makeEvent({
      title: 'Evening training',
      startsAt: '2025-12-08T12:30:00.000Z',
      endsAt: '2025-12-08T14:00:00.000Z',
      seriesId: newId(),
      capacity: 20,
      rsvpCloseMinutes: 120,
    });

  it('prefills an occurrence in its zone and sends the scope chosen before saving', async () => {
    const event = occurrence();
    const detail = makeEventDetail(event, { series: makeEventSeriesInfo() });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': detail,
      'PATCH /api/programs/:programId/events/:eventId': (request) => ({
        event: { ...event, ...(request.body as object) },
      }),
    });
    const app = renderApp(`/programs/${event.programId}/events/${event.id}/edit`);
    const title = await screen.findByLabelText(/^Title/);
    expect(title).toHaveValue('Evening training');
    expect(screen.getByLabelText(/^Starts/)).toHaveValue('2025-12-08T18:00');
    expect(screen.getByLabelText(/^Ends/)).toHaveValue('2025-12-08T19:30');
    expect(screen.getByLabelText(/^Places/)).toHaveValue('20');
    expect(screen.getByLabelText(/^Answers close/)).toHaveValue('120');
    expect(screen.getByLabelText('Repeats')).toHaveValue('weekly');
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(screen.getByText('Weekly on Mon, 10 times')).toBeInTheDocument();

    await app.user.type(title, ' (turf)');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save changes to a repeating event' });
    expect(
      within(dialog).getByText(/Sessions already held keep their times and attendance/),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    await app.user.click(within(dialog).getByRole('radio', { name: /This and following events/ }));
    expect(within(dialog).getByLabelText('Number of times from this event on')).toHaveValue('9');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(app.currentPath()).toBe(`/programs/${event.programId}/events/${event.id}`),
    );
    const body = requests.find((r) => r.method === 'PATCH')?.body as UpdateEvent;
    expect(body).toMatchObject({
      scope: 'following',
      title: 'Evening training (turf)',
      startLocal: '2025-12-08T18:00',
      endLocal: '2025-12-08T19:30',
      timeZone: 'Asia/Kolkata',
      capacity: 20,
      rsvpCloseMinutes: 120,
      recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO'], count: 9 },
    });
  });

  it('saves one occurrence on its own with the "this" scope', async () => {
    const event = occurrence();
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event, {
        series: makeEventSeriesInfo(),
      }),
      'PATCH /api/programs/:programId/events/:eventId': { event },
    });
    const app = renderApp(`/programs/${event.programId}/events/${event.id}/edit`);
    fireEvent.change(await screen.findByLabelText(/^Starts/), {
      target: { value: '2025-12-08T17:00' },
    });
    expect(screen.getByLabelText(/^Ends/)).toHaveValue('2025-12-08T18:30');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: /^This event/ })).toBeChecked();
    await app.user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
        scope: 'this',
        startLocal: '2025-12-08T17:00',
        endLocal: '2025-12-08T18:30',
      }),
    );
  });

  it('saves a one-off without asking, and turns it into a series when given a repeat', async () => {
    const event = makeEvent({
      startsAt: '2025-12-08T12:30:00.000Z',
      endsAt: '2025-12-08T14:00:00.000Z',
    });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event),
      'PATCH /api/programs/:programId/events/:eventId': { event },
    });
    const app = renderApp(`/programs/${event.programId}/events/${event.id}/edit`);
    await app.user.selectOptions(await screen.findByLabelText('Repeats'), 'monthly');
    await app.user.click(screen.getByRole('radio', { name: 'The 2nd Monday of the month' }));
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
        scope: 'all',
        recurrence: { frequency: 'monthly', monthlyBy: 'weekdayOfMonth' },
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells someone who may not edit the event so, with no form', async () => {
    const event = makeEvent();
    mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event, {}, false),
    });
    renderApp(`/programs/${event.programId}/events/${event.id}/edit`);
    expect(
      await screen.findByText("Only the program's staff can change this event."),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
  });
});
