import {
  MAX_MARKS_PER_REQUEST,
  type AttendanceMark,
  type AttendanceSummary,
  type EventAttendance,
  type SaveAttendance,
} from '@rally/shared/attendance';
import type { Event, RosterEntry } from '@rally/shared/events';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  mockApi,
  pending,
  problem,
  type MockAnswer,
  type MockHandler,
  type RecordedRequest,
} from '../../test/api-mock';
import {
  makeEvent,
  makeEventDetail,
  makeRosterEntry,
  makeRsvpState,
  makeUser,
  newId,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { ATTENDANCE_SEND_TIMEOUT_MS, MARKS_PER_REQUEST } from './use-attendance-outbox';

afterEach(() => localStorage.clear());

const coach = { userId: newId(), displayName: 'Coach Meera' };

function summarize(roster: readonly RosterEntry[]): AttendanceSummary {
  const summary = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0 };
  for (const entry of roster) {
    if (entry.status === null) summary.unmarked += 1;
    else summary[entry.status] += 1;
  }
  return summary;
}

/**
 * A fake attendance API for one event: `GET` answers the roster, `PUT`
 * applies the marks (as Coach Meera, 18:05 local) unless `onPut` answers
 * instead. `puts` records every PUT body, including failed ones.
 */
function attendanceApi(
  event: Event,
  initial: RosterEntry[],
  options: { canMark?: boolean; onPut?: (body: SaveAttendance) => MockAnswer | undefined } = {},
) {
  let roster = initial;
  const puts: AttendanceMark[][] = [];
  const answer = (): EventAttendance => ({ event, roster, summary: summarize(roster) });
  const handlers: Record<string, MockHandler> = {
    'GET /api/auth/session': { user: makeUser({ displayName: 'Coach Meera' }) },
    'GET /api/programs/:programId/events/:eventId': makeEventDetail(event, {
      roster,
      permissions: {
        canEdit: options.canMark ?? true,
        canMarkAttendance: options.canMark ?? true,
        canViewRoster: true,
      },
    }),
    'GET /api/programs/:programId/events/:eventId/attendance': () => answer(),
    'PUT /api/programs/:programId/events/:eventId/attendance': (request) => {
      const body = request.body as SaveAttendance;
      puts.push(body.marks);
      const override = options.onPut?.(body);
      if (override !== undefined) return override;
      roster = roster.map((entry) => {
        const mark = body.marks.find((m) => m.profileId === entry.profileId);
        if (!mark) return entry;
        return {
          ...entry,
          status: mark.status,
          note: mark.note === undefined ? entry.note : mark.note,
          markedAt: '2025-11-21T12:35:00.000Z',
          markedBy: coach,
        };
      });
      return {
        ...answer(),
        results: body.marks.map((m) => ({ profileId: m.profileId, outcome: 'applied' })),
      };
    },
  };
  return { handlers, puts };
}

const PUT_ATTENDANCE = 'PUT /api/programs/:programId/events/:eventId/attendance';

/**
 * `handlers` with the attendance `PUT` answered by `instead` while it gives
 * an answer (recording the body in `puts` as the fake API does), and by the
 * fake API once it gives undefined.
 */
function interceptPut(
  api: ReturnType<typeof attendanceApi>,
  instead: () => Promise<MockAnswer> | undefined,
): Record<string, MockHandler> {
  const put = api.handlers[PUT_ATTENDANCE];
  return {
    ...api.handlers,
    [PUT_ATTENDANCE]: (request, params) => {
      const answer = instead();
      if (answer === undefined && typeof put === 'function') return put(request, params);
      api.puts.push((request.body as SaveAttendance).marks);
      return answer ?? null;
    },
  };
}

const pathOf = (event: Event) => `/programs/${event.programId}/events/${event.id}/attendance`;
const rowOf = (name: string) =>
  screen.getByText(name, { selector: 'p' }).closest('li') as HTMLElement;
const summaryCount = (label: string) =>
  within(screen.getByRole('group', { name: 'Summary' })).getByText(label).previousElementSibling
    ?.textContent;

describe('taking attendance', () => {
  it('marks present with one tap: the mark shows at once and goes in a PUT with the tap time', async () => {
    const event = makeEvent({ title: 'Evening training' });
    const kabir = makeRosterEntry({
      displayName: 'Kabir Rao',
      rsvp: makeRsvpState({ answer: 'going' }),
    });
    const asha = makeRosterEntry({
      displayName: 'Asha Rao',
      rsvp: makeRsvpState({ answer: 'going', waitlistPosition: 2 }),
    });
    const api = attendanceApi(event, [kabir, asha]);
    const requests = mockApi(api.handlers);
    const app = renderApp(pathOf(event));

    expect(
      await screen.findByRole('heading', { name: 'Attendance: Evening training', level: 1 }),
    ).toBeInTheDocument();
    expect(within(rowOf('Asha Rao')).getByText('Waitlist #2')).toBeInTheDocument();
    expect(summaryCount('Unmarked')).toBe('2');

    const before = Date.now();
    await app.user.click(screen.getByRole('button', { name: 'Mark Kabir Rao present' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    const [mark] = api.puts[0] ?? [];
    expect(mark).toMatchObject({ profileId: kabir.profileId, status: 'present' });
    const markedAt = Date.parse(mark?.markedAt ?? '');
    expect(markedAt).toBeGreaterThanOrEqual(before);
    expect(markedAt).toBeLessThanOrEqual(Date.now());
    expect(requests.filter((r) => r.method === 'PUT')[0]?.path).toBe(
      `/api/programs/${event.programId}/events/${event.id}/attendance`,
    );

    // The server's answer replaces the roster: who marked and when (18:05 in Kolkata).
    expect(
      await within(rowOf('Kabir Rao')).findByText('Marked by Coach Meera at 6:05 PM'),
    ).toBeInTheDocument();
    expect(summaryCount('Present')).toBe('1');
    expect(summaryCount('Unmarked')).toBe('1');
    expect(localStorage.length).toBe(0);
  });

  it('keeps marks made offline, says how many wait, and sends them once when back online', async () => {
    const event = makeEvent();
    const roster = [
      makeRosterEntry({ displayName: 'Kabir Rao' }),
      makeRosterEntry({ displayName: 'Asha Rao' }),
      makeRosterEntry({ displayName: 'Ravi Kumar' }),
    ];
    let isUp = false;
    const api = attendanceApi(event, roster);
    const put = api.handlers['PUT /api/programs/:programId/events/:eventId/attendance'];
    mockApi({
      ...api.handlers,
      // A rejected fetch is what a browser gives without a connection.
      'PUT /api/programs/:programId/events/:eventId/attendance': (request, params) => {
        if (isUp && typeof put === 'function') return put(request, params);
        api.puts.push((request.body as SaveAttendance).marks);
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    const app = renderApp(pathOf(event));

    await app.user.click(await screen.findByRole('button', { name: 'Mark Kabir Rao present' }));
    expect(
      await screen.findByText("Offline — 1 mark will sync when you're back online"),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Mark Asha Rao present' }));
    // Asha late: a second tap opens the other statuses.
    await app.user.click(screen.getByRole('button', { name: 'Asha Rao: Present. Change' }));
    await app.user.click(
      within(screen.getByRole('radiogroup', { name: 'Attendance of Asha Rao' })).getByRole(
        'radio',
        { name: 'Late' },
      ),
    );
    expect(
      await screen.findByText("Offline — 2 marks will sync when you're back online"),
    ).toBeInTheDocument();
    expect(within(rowOf('Kabir Rao')).getByText('Waiting to sync')).toBeInTheDocument();
    expect(within(rowOf('Asha Rao')).getByText('Waiting to sync')).toBeInTheDocument();
    expect(summaryCount('Present')).toBe('1');
    expect(summaryCount('Late')).toBe('1');
    // Nothing is lost: both marks are in storage, the newest tap for Asha.
    const stored = JSON.parse(localStorage.getItem(localStorage.key(0) ?? '') ?? '[]') as {
      payload: { mark: AttendanceMark };
    }[];
    expect(stored.map((entry) => entry.payload.mark.status)).toEqual(['present', 'late']);

    const failedAttempts = api.puts.length;
    isUp = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(/will sync/)).toBeNull());
    expect(api.puts.length).toBe(failedAttempts + 1);
    expect(api.puts.at(-1)?.map((mark) => [mark.profileId, mark.status])).toEqual([
      [roster[0]?.profileId, 'present'],
      [roster[1]?.profileId, 'late'],
    ]);
    expect(
      await within(rowOf('Asha Rao')).findByText('Marked by Coach Meera at 6:05 PM'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Waiting to sync')).toBeNull();
    // Another reconnect finds nothing to send.
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.puts.length).toBe(failedAttempts + 1);
  });

  it('sends marks left from before a reload as soon as the page loads', async () => {
    const user = makeUser({ displayName: 'Coach Meera' });
    const event = makeEvent();
    const kabir = makeRosterEntry({ displayName: 'Kabir Rao' });
    localStorage.setItem(
      `rally.outbox.attendance:${user.id}`,
      JSON.stringify([
        {
          key: `${event.id}:${kabir.profileId}`,
          id: 'before-reload',
          queuedAt: '2025-11-21T12:34:00.000Z',
          payload: {
            programId: event.programId,
            eventId: event.id,
            mark: {
              profileId: kabir.profileId,
              status: 'absent',
              markedAt: '2025-11-21T12:34:00.000Z',
            },
          },
        },
      ]),
    );
    const api = attendanceApi(event, [kabir]);
    mockApi({ ...api.handlers, 'GET /api/auth/session': { user } });
    renderApp(pathOf(event));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]).toEqual([
      { profileId: kabir.profileId, status: 'absent', markedAt: '2025-11-21T12:34:00.000Z' },
    ]);
    // The mark is sent before the roster is shown (its first render is deferred).
    await screen.findByText('Kabir Rao', { selector: 'p' });
    expect(
      await within(rowOf('Kabir Rao')).findByText('Marked by Coach Meera at 6:05 PM'),
    ).toBeInTheDocument();
    expect(localStorage.getItem(`rally.outbox.attendance:${user.id}`)).toBeNull();
  });

  it('sends marks left waiting while the coach is on another page of the app', async () => {
    const user = makeUser({ displayName: 'Coach Meera' });
    const event = makeEvent();
    const kabir = makeRosterEntry({ displayName: 'Kabir Rao' });
    const waiting = (status: string) => [
      {
        key: `${event.id}:${kabir.profileId}`,
        id: `waiting-${status}`,
        queuedAt: '2025-11-21T12:34:00.000Z',
        payload: {
          programId: event.programId,
          eventId: event.id,
          mark: { profileId: kabir.profileId, status, markedAt: '2025-11-21T12:34:00.000Z' },
        },
      },
    ];
    localStorage.setItem(`rally.outbox.attendance:${user.id}`, JSON.stringify(waiting('late')));
    const api = attendanceApi(event, [kabir]);
    mockApi({
      ...api.handlers,
      'GET /api/auth/session': { user },
      'GET /api/auth/sessions': { sessions: [] },
      'GET /api/notifications': { notifications: [], unreadCount: 0, nextCursor: null },
    });
    // The coach marked at the ground, then went to their account page: no attendance page is open.
    renderApp('/account');
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]).toEqual([
      { profileId: kabir.profileId, status: 'late', markedAt: '2025-11-21T12:34:00.000Z' },
    ]);
    await waitFor(() =>
      expect(localStorage.getItem(`rally.outbox.attendance:${user.id}`)).toBeNull(),
    );
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
  });

  it('marks all present only those not marked yet, after a confirmation', async () => {
    const event = makeEvent();
    const absent = makeRosterEntry({
      displayName: 'Asha Rao',
      status: 'absent',
      markedAt: '2025-11-21T12:31:00.000Z',
      markedBy: coach,
    });
    const kabir = makeRosterEntry({ displayName: 'Kabir Rao' });
    const ravi = makeRosterEntry({ displayName: 'Ravi Kumar' });
    const api = attendanceApi(event, [absent, kabir, ravi]);
    mockApi(api.handlers);
    const app = renderApp(pathOf(event));

    await app.user.click(await screen.findByRole('button', { name: 'Mark all present (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 2 people present?' });
    expect(api.puts).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Mark all present' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]?.map((mark) => [mark.profileId, mark.status])).toEqual([
      [kabir.profileId, 'present'],
      [ravi.profileId, 'present'],
    ]);
    await waitFor(() => expect(summaryCount('Present')).toBe('2'));
    expect(summaryCount('Absent')).toBe('1');
    expect(screen.getByRole('button', { name: 'Mark all present (0)' })).toBeDisabled();
  });

  it('shows the server state when a newer mark was stored first (stale)', async () => {
    const event = makeEvent();
    const kabir = makeRosterEntry({ displayName: 'Kabir Rao' });
    const api = attendanceApi(event, [kabir], {
      onPut: (body) => ({
        event,
        roster: [
          {
            ...kabir,
            status: 'excused',
            markedAt: '2025-11-21T12:40:00.000Z',
            markedBy: { userId: newId(), displayName: 'Coach Ravi' },
          },
        ],
        summary: { present: 0, late: 0, absent: 0, excused: 1, unmarked: 0 },
        results: body.marks.map((mark) => ({ profileId: mark.profileId, outcome: 'stale' })),
      }),
    });
    mockApi(api.handlers);
    const app = renderApp(pathOf(event));

    await app.user.click(await screen.findByRole('button', { name: 'Mark Kabir Rao present' }));
    expect(
      await within(rowOf('Kabir Rao')).findByText('Marked by Coach Ravi at 6:10 PM'),
    ).toBeInTheDocument();
    expect(
      within(rowOf('Kabir Rao')).getByRole('button', { name: 'Kabir Rao: Excused. Change' }),
    ).toBeInTheDocument();
    expect(summaryCount('Excused')).toBe('1');
    expect(summaryCount('Present')).toBe('0');
    expect(
      await screen.findByText(
        'A newer mark was already saved for 1 profile, so it shows that one.',
      ),
    ).toBeInTheDocument();
  });

  it('drops a mark the server refuses and says why, without blocking later marks', async () => {
    const event = makeEvent();
    const kabir = makeRosterEntry({ displayName: 'Kabir Rao' });
    let isRefused = true;
    const api = attendanceApi(event, [kabir], {
      onPut: () =>
        isRefused
          ? problem(403, 'forbidden', {
              detail: 'This program is archived: attendance is read-only',
            })
          : undefined,
    });
    mockApi(api.handlers);
    const app = renderApp(pathOf(event));
    await app.user.click(await screen.findByRole('button', { name: 'Mark Kabir Rao present' }));
    const alert = await screen.findByRole('alert', { name: 'Some marks were not saved' });
    expect(alert).toHaveTextContent('Kabir Rao: This program is archived: attendance is read-only');
    expect(localStorage.length).toBe(0);
    expect(summaryCount('Unmarked')).toBe('1');
    await app.user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert', { name: 'Some marks were not saved' })).toBeNull();

    // The refused mark is gone from the queue, so the next tap goes through on its own.
    isRefused = false;
    await app.user.click(screen.getByRole('button', { name: 'Mark Kabir Rao present' }));
    expect(
      await within(rowOf('Kabir Rao')).findByText('Marked by Coach Meera at 6:05 PM'),
    ).toBeInTheDocument();
    expect(api.puts).toHaveLength(2);
    expect(api.puts[1]).toHaveLength(1);
  });

  it('saves the other marks of an event when the server refuses one child, and names only that child', async () => {
    const event = makeEvent();
    const others = ['Kabir Rao', 'Asha Rao', 'Ravi Kumar', 'Dev Shah', 'Tara Das'].map(
      (displayName) => makeRosterEntry({ displayName }),
    );
    // An admin ended Nila's subscription while the coach was offline.
    const nila = makeRosterEntry({ displayName: 'Nila Iyer' });
    const roster = [...others.slice(0, 3), nila, ...others.slice(3)];
    const refusal = 'Not on this event’s roster, and not enrolled in this program';
    const api = attendanceApi(event, roster, {
      onPut: (body) => {
        const index = body.marks.findIndex((mark) => mark.profileId === nila.profileId);
        if (index === -1) return undefined;
        return problem(400, 'validation_failed', {
          detail: `marks.${index}.profileId: ${refusal}`,
          errors: [{ path: `marks.${index}.profileId`, message: refusal }],
        });
      },
    });
    let isUp = false;
    mockApi(
      interceptPut(api, () =>
        isUp ? undefined : Promise.reject(new TypeError('Failed to fetch')),
      ),
    );
    const app = renderApp(pathOf(event));

    await app.user.click(await screen.findByRole('button', { name: 'Mark all present (6)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 6 people present?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Mark all present' }));
    expect(
      await screen.findByText("Offline — 6 marks will sync when you're back online"),
    ).toBeInTheDocument();

    const failedAttempts = api.puts.length;
    isUp = true;
    window.dispatchEvent(new Event('online'));
    const alert = await screen.findByRole('alert', { name: 'Some marks were not saved' });
    const sent = api.puts.slice(failedAttempts);
    expect(sent.map((marks) => marks.map((mark) => mark.profileId))).toEqual([
      roster.map((entry) => entry.profileId),
      others.map((entry) => entry.profileId),
    ]);
    expect(sent[1]?.every((mark) => mark.status === 'present')).toBe(true);

    // The five are stored; only Nila is named, with the server's reason.
    await waitFor(() => expect(summaryCount('Present')).toBe('5'));
    for (const entry of others) {
      expect(
        within(rowOf(entry.displayName)).getByText('Marked by Coach Meera at 6:05 PM'),
      ).toBeInTheDocument();
    }
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Nila Iyer: ${refusal}`]);
    expect(
      within(rowOf('Nila Iyer')).getByRole('button', { name: 'Mark Nila Iyer present' }),
    ).toBeInTheDocument();
    expect(summaryCount('Unmarked')).toBe('1');
    expect(screen.queryByText('Waiting to sync')).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('gives up a PUT that never answers after the timeout, keeps the mark and sends it on the next flush', async () => {
    const event = makeEvent();
    const kabir = makeRosterEntry({ displayName: 'Kabir Rao' });
    // The real timeout, shortened: the test asks for 20 s and waits 50 ms.
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    const asked: number[] = [];
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      asked.push(ms);
      return timeout(50);
    });
    const api = attendanceApi(event, [kabir]);
    let isStalled = true;
    // Coverage dropped mid-request: no answer, no error, ever.
    const requests = mockApi(interceptPut(api, () => (isStalled ? pending() : undefined)));
    const app = renderApp(pathOf(event));

    await app.user.click(await screen.findByRole('button', { name: 'Mark Kabir Rao present' }));
    expect(
      await screen.findByText("Offline — 1 mark will sync when you're back online"),
    ).toBeInTheDocument();
    // Every attempt (the tap's, then the app shell's sync that asked meanwhile) is given up.
    const puts = () => requests.filter((request) => request.method === 'PUT');
    const isGivenUp = (request: RecordedRequest) => request.signal?.aborted === true;
    await waitFor(() => expect(puts().every(isGivenUp)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stalled = puts();
    expect(stalled.length).toBeGreaterThan(0);
    expect(stalled.every(isGivenUp)).toBe(true);
    expect(asked).toEqual(stalled.map(() => ATTENDANCE_SEND_TIMEOUT_MS));
    expect(within(rowOf('Kabir Rao')).getByText('Waiting to sync')).toBeInTheDocument();
    expect(localStorage.length).toBe(1);

    isStalled = false;
    window.dispatchEvent(new Event('online'));
    expect(
      await within(rowOf('Kabir Rao')).findByText('Marked by Coach Meera at 6:05 PM'),
    ).toBeInTheDocument();
    expect(api.puts).toHaveLength(stalled.length + 1);
    expect(api.puts.at(-1)).toMatchObject([{ profileId: kabir.profileId, status: 'present' }]);
    expect(localStorage.length).toBe(0);
  });

  it('adds a note to a mark', async () => {
    const event = makeEvent();
    const kabir = makeRosterEntry({
      displayName: 'Kabir Rao',
      status: 'late',
      markedAt: '2025-11-21T12:31:00.000Z',
      markedBy: coach,
    });
    const api = attendanceApi(event, [kabir]);
    mockApi(api.handlers);
    const app = renderApp(pathOf(event));
    await app.user.click(await screen.findByRole('button', { name: 'Kabir Rao: Late. Change' }));
    await app.user.type(screen.getByLabelText('Note for Kabir Rao'), 'Bus was late');
    await app.user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]?.[0]).toMatchObject({ status: 'late', note: 'Bus was late' });
    expect(await screen.findByText('Note: Bus was late')).toBeInTheDocument();

    // A note typed and then closed with "Done" is saved too; "Done" alone sends nothing.
    const field = screen.getByLabelText('Note for Kabir Rao');
    await app.user.clear(field);
    await app.user.type(field, 'Left at 7');
    await app.user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(api.puts).toHaveLength(2));
    expect(api.puts[1]?.[0]).toMatchObject({ status: 'late', note: 'Left at 7' });
    expect(await screen.findByText('Note: Left at 7')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Kabir Rao: Late. Change' }));
    await app.user.click(screen.getByRole('button', { name: 'Done' }));
    expect(api.puts).toHaveLength(2);
  });

  it('saves a typed note when the status button closes the panel', async () => {
    const event = makeEvent();
    const kabir = makeRosterEntry({
      displayName: 'Kabir Rao',
      status: 'late',
      markedAt: '2025-11-21T12:31:00.000Z',
      markedBy: coach,
    });
    const api = attendanceApi(event, [kabir]);
    mockApi(api.handlers);
    const app = renderApp(pathOf(event));
    const change = await screen.findByRole('button', { name: 'Kabir Rao: Late. Change' });
    await app.user.click(change);
    await app.user.type(screen.getByLabelText('Note for Kabir Rao'), 'Bus was late');
    // The coach taps the same status button again instead of "Done".
    await app.user.click(change);
    expect(screen.queryByLabelText('Note for Kabir Rao')).toBeNull();
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]?.[0]).toMatchObject({ status: 'late', note: 'Bus was late' });
    expect(await screen.findByText('Note: Bus was late')).toBeInTheDocument();

    // Opening and closing it again without typing sends nothing.
    await app.user.click(change);
    expect(screen.getByLabelText('Note for Kabir Rao')).toHaveValue('Bus was late');
    await app.user.click(change);
    expect(api.puts).toHaveLength(1);
  });

  it('is read-only when the viewer may not mark', async () => {
    const event = makeEvent();
    const kabir = makeRosterEntry({ displayName: 'Kabir Rao', status: 'present' });
    const ravi = makeRosterEntry({ displayName: 'Ravi Kumar' });
    mockApi(attendanceApi(event, [kabir, ravi], { canMark: false }).handlers);
    renderApp(pathOf(event));
    expect(
      await screen.findByText(/You can see this roster but not change it/),
    ).toBeInTheDocument();
    expect(within(rowOf('Kabir Rao')).getByText('Present')).toBeInTheDocument();
    expect(within(rowOf('Ravi Kumar')).getByText('Not marked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark .* present/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark all present/ })).toBeNull();
  });

  it("shows the server's 403 to a family", async () => {
    const event = makeEvent();
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event, {}, false),
      'GET /api/programs/:programId/events/:eventId/attendance': problem(403, 'forbidden', {
        detail: "Only the program's staff can take attendance",
      }),
    });
    renderApp(pathOf(event));
    expect(await screen.findByText('Staff only')).toBeInTheDocument();
    expect(screen.getByText("Only the program's staff can take attendance")).toBeInTheDocument();
  });

  it('sends at most as many marks per request as the API takes', () => {
    expect(MARKS_PER_REQUEST).toBe(MAX_MARKS_PER_REQUEST);
  });

  it('says so when nobody is on the roster', async () => {
    const event = makeEvent();
    mockApi(attendanceApi(event, []).handlers);
    renderApp(pathOf(event));
    expect(
      await screen.findByText('Nobody was enrolled when this session started'),
    ).toBeInTheDocument();
    // Says what the roster is, and why members who enrolled later are not on it.
    expect(
      screen.getByText(/Members who enrolled later are on later sessions only/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the program' })).toHaveAttribute(
      'href',
      `/programs/${event.programId}`,
    );
    expect(
      screen.getByRole('button', { name: 'Add a walk-in or trial player' }),
    ).toBeInTheDocument();
  });
});

describe('walk-ins and guardians on the roster (docs/decisions/020)', () => {
  it("gives staff the guardian's phone to call and to WhatsApp", async () => {
    const event = makeEvent();
    const kabir = makeRosterEntry({ displayName: 'Kabir Rao', guardianPhone: '+919876543210' });
    mockApi(attendanceApi(event, [kabir]).handlers);
    renderApp(pathOf(event));
    expect(
      await screen.findByRole('link', { name: "Call Kabir Rao's guardian (+919876543210)" }),
    ).toHaveAttribute('href', 'tel:+919876543210');
    expect(screen.getByRole('link', { name: "WhatsApp Kabir Rao's guardian" })).toHaveAttribute(
      'href',
      'https://wa.me/919876543210',
    );
  });

  it("shows the guardian's phone on the event page's roster too", async () => {
    const event = makeEvent({ title: 'Evening training' });
    const kabir = makeRosterEntry({ displayName: 'Kabir Rao', guardianPhone: '+919876543210' });
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event, { roster: [kabir] }),
    });
    renderApp(`/programs/${event.programId}/events/${event.id}`);
    expect(
      await screen.findByRole('link', { name: "Call Kabir Rao's guardian (+919876543210)" }),
    ).toHaveAttribute('href', 'tel:+919876543210');
  });

  it('adds a new person to an empty session, who then shows as a walk-in to mark', async () => {
    const event = makeEvent();
    const api = attendanceApi(event, []);
    const member = { profileId: newId(), profileName: 'Isha Nair' };
    const tara = makeRosterEntry({ displayName: 'Trial Tara', isWalkIn: true });
    let roster: RosterEntry[] = [];
    const answer = () => ({ event, roster, summary: summarize(roster) });
    const requests = mockApi({
      ...api.handlers,
      'GET /api/programs/:programId/events/:eventId/attendance': () => answer(),
      'GET /api/programs/:programId/events/:eventId/roster/candidates': {
        candidates: [
          {
            profileId: member.profileId,
            displayName: member.profileName,
            programName: 'Under-12',
            subscriptionStatus: 'active',
          },
        ],
      },
      'POST /api/programs/:programId/events/:eventId/roster': () => {
        roster = [tara];
        return json(answer(), 201);
      },
    });
    const app = renderApp(pathOf(event));
    await app.user.click(
      await screen.findByRole('button', { name: 'Add a walk-in or trial player' }),
    );
    // A member who enrolled after the session started can be picked.
    expect(await screen.findByRole('radio', { name: 'Isha Nair' })).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/^Name/), 'Trial Tara');
    await app.user.type(screen.getByLabelText(/Guardian's phone number/), '98111 11111');
    await app.user.click(screen.getByRole('button', { name: 'Add to this session' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        newProfile: { displayName: 'Trial Tara', guardianPhone: '98111 11111' },
      }),
    );
    const row = await waitFor(() => rowOf('Trial Tara'));
    expect(within(row).getByText('Walk-in')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Mark Trial Tara present' }),
    ).toBeInTheDocument();
  });
});
