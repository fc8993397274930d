import type { ProfileMatchStats, ProgramMatchStats } from '@rally/shared/matches';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, pending, problem } from '../../test/api-mock';
import { makeProfile, makeProgram, makeProgramDetail, makeUser, newId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const session = { 'GET /api/auth/session': { user: makeUser() } };
const line = (overrides = {}) => ({
  matches: 0,
  starts: 0,
  minutes: 0,
  goals: 0,
  assists: 0,
  yellowCards: 0,
  redCards: 0,
  ...overrides,
});

const program = makeProgram({ name: 'Under-10s', timeZone: 'Asia/Kolkata' });
const emptyReport = {
  from: '2025-11-01T00:00:00.000Z',
  to: '2025-11-29T00:00:00.000Z',
  events: [],
  profiles: [],
  cells: [],
  overall: {
    present: 0,
    late: 0,
    absent: 0,
    excused: 0,
    rsvpGoing: 0,
    goingAndAttended: 0,
    attendedWithoutGoing: 0,
    rate: null,
  },
};

function attendanceApi(stats: ProgramMatchStats | Response, staff = true) {
  return mockApi({
    ...session,
    'GET /api/programs/:programId': makeProgramDetail(program, staff),
    'GET /api/programs/:programId/events': { events: [] },
    'GET /api/programs/:programId/attendance': staff
      ? emptyReport
      : problem(403, 'forbidden', { detail: 'Staff only' }),
    'GET /api/programs/:programId/match-stats': () =>
      stats instanceof Response ? stats.clone() : stats,
  });
}

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('program match stats on the attendance page', () => {
  const players: ProgramMatchStats['players'] = [
    { profileId: newId(), displayName: 'Asha', ...line({ matches: 3, minutes: 90, goals: 1 }) },
    { profileId: newId(), displayName: 'Bina', ...line({ matches: 3, minutes: 120, goals: 4 }) },
    { profileId: newId(), displayName: 'Chetan', ...line({ matches: 2, minutes: 45, goals: 0 }) },
  ];

  it('lists the players sortable by any column, with the CSV download', async () => {
    attendanceApi({ programId: program.id, players });
    const app = renderApp(`/programs/${program.id}/attendance`);
    const table = await screen.findByRole('table', { name: 'Match stats per player' });
    expect(names(table)).toEqual(['Asha', 'Bina', 'Chetan']);
    expect(within(table).getByRole('columnheader', { name: /Player/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await app.user.click(within(table).getByRole('button', { name: /Goals/ }));
    expect(names(table)).toEqual(['Bina', 'Asha', 'Chetan']);
    expect(within(table).getByRole('columnheader', { name: /Goals/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(within(table).getByRole('columnheader', { name: /Player/ })).not.toHaveAttribute(
      'aria-sort',
    );
    await app.user.click(within(table).getByRole('button', { name: /Minutes/ }));
    await app.user.click(within(table).getByRole('button', { name: /Minutes/ }));
    expect(names(table)).toEqual(['Chetan', 'Asha', 'Bina']);

    expect(screen.getByRole('link', { name: 'Download match stats CSV' })).toHaveAttribute(
      'href',
      `/api/programs/${program.id}/match-stats.csv`,
    );
  });

  it('says when no matches were played yet', async () => {
    attendanceApi({ programId: program.id, players: [] });
    renderApp(`/programs/${program.id}/attendance`);
    expect(await screen.findByText('No matches played yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download match stats CSV' })).toBeNull();
  });

  it('shows an error with a retry when the stats cannot load', async () => {
    attendanceApi(problem(500, 'internal'));
    renderApp(`/programs/${program.id}/attendance`);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Match stats per player' })).toBeNull();
  });

  it('is not shown to families', async () => {
    const requests = attendanceApi({ programId: program.id, players }, false);
    renderApp(`/programs/${program.id}/attendance`);
    expect(
      await screen.findByText("Only the program's staff can see attendance reports."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Match stats' })).toBeNull();
    expect(requests.some((r) => r.path.endsWith('/match-stats'))).toBe(false);
  });
});

describe('a profile’s season stats on its activities', () => {
  const profile = makeProfile({ displayName: 'Kabir Rao' });

  function profileApi(stats: ProfileMatchStats | Response | Promise<never>) {
    return mockApi({
      ...session,
      'GET /api/profiles/:profileId': {
        profile,
        programs: [],
        permissions: { canEdit: true, canDelete: true, canGiveOwnLogin: true },
      },
      'GET /api/profiles/:profileId/subscriptions': { subscriptions: [] },
      'GET /api/profiles/:profileId/activities': { activities: [], nextCursor: null },
      'GET /api/profiles/:profileId/match-stats': () => stats,
    });
  }

  it('shows one row per program', async () => {
    profileApi({
      profileId: profile.id,
      programs: [
        {
          programId: newId(),
          programName: 'Under-10s',
          ...line({ matches: 5, starts: 4, minutes: 170, goals: 3, assists: 2, yellowCards: 1 }),
        },
      ],
    });
    renderApp(`/p/${profile.id}/activities`);
    const table = await screen.findByRole('table', { name: 'Match stats per program' });
    const row = within(table).getByRole('rowheader', { name: 'Under-10s' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '4', '170', '3', '2', '1', '0']);
  });

  it('says when no matches were played yet', async () => {
    profileApi({ profileId: profile.id, programs: [] });
    renderApp(`/p/${profile.id}/activities`);
    expect(await screen.findByText('No matches played yet')).toBeInTheDocument();
  });

  it('shows skeleton lines while the stats load', async () => {
    profileApi(pending());
    renderApp(`/p/${profile.id}/activities`);
    const section = await screen.findByRole('region', { name: 'Match stats' });
    expect(section.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
