import type { AttendanceReport, AttendanceTotals } from '@rally/shared/attendance';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '../../test/api-mock';
import { makeEvent, makeProgram, makeProgramDetail, makeUser, newId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

function totals(overrides: Partial<AttendanceTotals> = {}): AttendanceTotals {
  return {
    present: 0,
    late: 0,
    absent: 0,
    excused: 0,
    rsvpGoing: 0,
    goingAndAttended: 0,
    attendedWithoutGoing: 0,
    rate: null,
    ...overrides,
  };
}

const program = makeProgram({ name: 'Under-12s', timeZone: 'Asia/Kolkata' });
const training = newId();
const match = newId();
const rainedOff = newId();
const kabir = newId();
const asha = newId();
const ravi = newId();

/** Three events of November 2025 (one cancelled), three profiles, sparse cells. */
const report: AttendanceReport = {
  from: '2025-10-31T18:30:00.000Z',
  to: '2025-11-28T18:30:00.000Z',
  timeZone: 'Asia/Kolkata',
  events: [
    {
      id: training,
      title: 'Training',
      kind: 'training',
      status: 'scheduled',
      startsAt: '2025-11-03T12:30:00.000Z',
      totals: totals({ present: 1, absent: 1, rate: 0.5 }),
    },
    {
      id: match,
      title: 'Match',
      kind: 'match',
      status: 'scheduled',
      startsAt: '2025-11-08T04:30:00.000Z',
      totals: totals({ late: 1, excused: 1, rate: 1 }),
    },
    {
      id: rainedOff,
      title: 'Rained off',
      kind: 'training',
      status: 'cancelled',
      startsAt: '2025-11-10T12:30:00.000Z',
      totals: totals(),
    },
  ],
  profiles: [
    {
      profileId: kabir,
      displayName: 'Kabir Rao',
      totals: totals({ present: 1, late: 1, rsvpGoing: 2, goingAndAttended: 2, rate: 1 }),
    },
    {
      profileId: asha,
      displayName: 'Asha Rao',
      totals: totals({ absent: 1, excused: 1, rsvpGoing: 1, rate: 0 }),
    },
    { profileId: ravi, displayName: 'Ravi Kumar', totals: totals() },
  ],
  cells: [
    { eventId: training, profileId: kabir, status: 'present', rsvp: 'going' },
    { eventId: match, profileId: kabir, status: 'late', rsvp: 'going' },
    { eventId: training, profileId: asha, status: 'absent', rsvp: 'going' },
    { eventId: match, profileId: asha, status: 'excused', rsvp: null },
  ],
  overall: totals({
    present: 1,
    late: 1,
    absent: 1,
    excused: 1,
    rsvpGoing: 3,
    goingAndAttended: 2,
    attendedWithoutGoing: 0,
    rate: 2 / 3,
  }),
};

const todaysSession = makeEvent({
  programId: program.id,
  title: 'Evening training',
  startsAt: '2025-11-24T12:30:00.000Z',
  endsAt: '2025-11-24T14:00:00.000Z',
});

function reportApi(answer: AttendanceReport | Response = report, staff = true) {
  return mockApi({
    'GET /api/auth/session': { user: makeUser() },
    'GET /api/programs/:programId': makeProgramDetail(program, staff),
    'GET /api/programs/:programId/events': { events: [todaysSession] },
    'GET /api/programs/:programId/attendance': () =>
      answer instanceof Response ? answer.clone() : answer,
    'GET /api/programs/:programId/match-stats': { programId: program.id, players: [] },
  });
}

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name }).closest('tr') as HTMLTableRowElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeEach(() => {
  // Only the clock: "today" is Mon 24 Nov 2025, 11:30 in Kolkata; timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-11-24T06:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('attendance report', () => {
  it('shows the matrix, rates and RSVP figures of the range in the URL, with a CSV of the same range', async () => {
    const requests = reportApi();
    renderApp(`/programs/${program.id}/attendance?from=2025-11-01&to=2025-11-28`);

    const table = await screen.findByRole('table', { name: 'Attendance by profile and event' });
    const asked = requests.find((r) => r.path === `/api/programs/${program.id}/attendance`);
    // Whole days in the program's zone: Kolkata midnight is 18:30 UTC the day before.
    expect(asked?.search.get('from')).toBe('2025-10-31T18:30:00.000Z');
    expect(asked?.search.get('to')).toBe('2025-11-28T18:30:00.000Z');

    // Letters with the full word for screen readers; cancelled events never counted.
    expect(cellsOf(rowOf('Kabir Rao'))).toEqual([
      'PPresent',
      'LLate',
      'Not marked',
      '100%',
      '2',
      '2',
      '0',
    ]);
    expect(cellsOf(rowOf('Asha Rao'))).toEqual([
      'AAbsent',
      'EExcused',
      'Not marked',
      '0%',
      '1',
      '0',
      '0',
    ]);
    expect(cellsOf(rowOf('Ravi Kumar')).slice(3, 4)).toEqual(['—']);
    expect(within(rowOf('Kabir Rao')).getByRole('cell', { name: 'Present' })).toBeInTheDocument();
    expect(cellsOf(rowOf('Rate per event'))).toEqual(['50%', '100%', '—', '67%', '3', '2', '0']);
    const headers = within(table).getAllByRole('columnheader');
    expect(headers[3]).toHaveTextContent(/Rained off.*Cancelled/);
    expect(headers[1]?.querySelector('a')).toHaveAttribute(
      'href',
      `/programs/${program.id}/events/${training}/attendance`,
    );

    expect(
      screen.getByText('Overall attendance 67%: 1 present, 1 late, 1 absent, 1 excused.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'RSVP vs attended: 2 of 3 going answers attended; 0 attended without a going answer.',
      ),
    ).toBeInTheDocument();

    const csv = new URL(
      screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href') ?? '',
      'http://localhost',
    );
    expect(csv.pathname).toBe(`/api/programs/${program.id}/attendance.csv`);
    expect(csv.searchParams.get('from')).toBe('2025-10-31T18:30:00.000Z');
    expect(csv.searchParams.get('to')).toBe('2025-11-28T18:30:00.000Z');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('download');
  });

  it("puts today's sessions first, with a way to take attendance", async () => {
    const morning = newId();
    const evening = newId();
    const today = (id: string, title: string, startsAt: string) => ({
      id,
      title,
      kind: 'training' as const,
      status: 'scheduled' as const,
      startsAt,
      totals: totals(),
    });
    reportApi({
      ...report,
      events: [
        ...report.events,
        today(morning, 'Morning nets', '2025-11-24T01:30:00.000Z'),
        today(evening, 'Evening training', '2025-11-24T12:30:00.000Z'),
      ],
    });
    renderApp(`/programs/${program.id}/attendance?from=2025-11-01&to=2025-11-28`);
    const take = await screen.findByRole('link', { name: 'Take attendance' });
    expect(take).toHaveAttribute(
      'href',
      `/programs/${program.id}/events/${todaysSession.id}/attendance`,
    );
    expect(take.closest('.mantine-Card-root')).toHaveTextContent(/Evening training.*Today/);

    // The sessions of the range: today's in time order, then the others newest first.
    const sessions = await screen.findByRole('heading', { name: 'Sessions in these dates' });
    const links = within(sessions.closest('section') as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      [morning, evening, rainedOff, match, training].map(
        (id) => `/programs/${program.id}/events/${id}/attendance`,
      ),
    );
  });

  it('defaults to the last 4 weeks and puts another range in the URL', async () => {
    const requests = reportApi();
    const app = renderApp(`/programs/${program.id}/attendance`);
    await screen.findByRole('table');
    const reportRequests = () =>
      requests.filter((r) => r.path === `/api/programs/${program.id}/attendance`);
    // 28 days up to today (Mon 24 Nov) in Kolkata.
    expect(screen.getByLabelText(/^From/)).toHaveValue('2025-10-28');
    expect(screen.getByLabelText(/^To/)).toHaveValue('2025-11-24');
    expect(reportRequests()[0]?.search.get('from')).toBe('2025-10-27T18:30:00.000Z');
    expect(reportRequests()[0]?.search.get('to')).toBe('2025-11-24T18:30:00.000Z');

    // An end before the start is refused with a message.
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2025-10-01' } });
    await app.user.click(screen.getByRole('button', { name: 'Show' }));
    expect(
      await screen.findByText('The end date must be on or after the start date.'),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe(`/programs/${program.id}/attendance`);

    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2025-09-01' } });
    await app.user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(app.currentPath()).toBe(
        `/programs/${program.id}/attendance?from=2025-09-01&to=2025-10-01`,
      ),
    );
    await waitFor(() =>
      expect(reportRequests().at(-1)?.search.get('from')).toBe('2025-08-31T18:30:00.000Z'),
    );
    expect(reportRequests().at(-1)?.search.get('to')).toBe('2025-10-01T18:30:00.000Z');
    expect(await screen.findByLabelText(/^From/)).toHaveValue('2025-09-01');
  });

  it("shows a family the server's 403 as a clear message", async () => {
    reportApi(problem(403, 'forbidden', { detail: 'Staff only' }), false);
    renderApp(`/programs/${program.id}/attendance`);
    expect(
      await screen.findByText("Only the program's staff can see attendance reports."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Take attendance' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });
});
