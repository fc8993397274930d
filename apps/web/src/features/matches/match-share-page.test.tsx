import type { SharedMatch } from '@rally/shared/matches';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { SHARED_MATCH_REFRESH_MS, sharedMatchQueryOptions } from './api';

// The signed-out share link of a match (docs/decisions/030).

const MIN = 60_000;
const TOKEN = 'Qm9vdHNJbkFQaXRjaDEyMw';

function sharedMatch(overrides: Partial<SharedMatch> = {}): SharedMatch {
  return {
    orgName: 'Rally Club',
    programName: 'Rally U10',
    eventTitle: 'League match',
    opponent: 'Rovers',
    venue: 'home',
    competition: 'Spring Cup',
    startsAt: '2030-04-06T03:30:00.000Z',
    status: 'live',
    periods: 2,
    periodMinutes: 25,
    clock: {
      phase: 'running',
      period: 1,
      elapsedMs: 0,
      runningSince: new Date(Date.now() - 20 * MIN).toISOString(),
    },
    score: { us: 2, them: 1 },
    names: 'first',
    timeline: [
      { type: 'goal', period: 1, clockMs: 4 * MIN, name: 'Asha', relatedName: 'Bina' },
      { type: 'opponent_goal', period: 1, clockMs: 9 * MIN, name: null, relatedName: null },
      { type: 'yellow', period: 1, clockMs: 10 * MIN, name: 'Dev', relatedName: null },
      { type: 'substitution', period: 1, clockMs: 12 * MIN, name: 'Chetan', relatedName: 'Esha' },
      { type: 'own_goal', period: 1, clockMs: 15 * MIN, name: null, relatedName: null },
    ],
    computedAt: new Date().toISOString(),
    ...overrides,
  };
}

const signedOut = { 'GET /api/auth/session': { user: null } };

describe('a match share link, signed out', () => {
  it('shows who plays whom, the score, the running clock and the timeline', async () => {
    const requests = mockApi({
      ...signedOut,
      'GET /api/match-share/:shareToken': sharedMatch(),
    });
    const app = renderApp(`/share/${TOKEN}`);

    expect(
      await screen.findByRole('heading', { name: 'Rally U10 vs Rovers', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Rally U10 2, Rovers 1')).toHaveTextContent('2\u20131');
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByText('Period 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Match clock')).toHaveTextContent(/^20:0\d$/);
    const timeline = within(screen.getByRole('list'));
    expect(timeline.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "5'Goal: Asha (Assist: Bina)",
      "10'Goal for Rovers",
      "11'Yellow card: Dev",
      "13'Substitution: Esha on for Chetan",
      "16'Own goal by Rovers",
    ]);
    expect(app.currentPath()).toBe(`/share/${TOKEN}`);
    expect(requests.find((r) => r.path.startsWith('/api/match-share/'))?.path).toBe(
      `/api/match-share/${TOKEN}`,
    );
  });

  it('puts the home side first and names nobody when the organisation shares no names', async () => {
    mockApi({
      ...signedOut,
      'GET /api/match-share/:shareToken': json(
        sharedMatch({
          venue: 'away',
          status: 'finished',
          clock: { phase: 'finished', period: 2, elapsedMs: 25 * MIN, runningSince: null },
          names: 'none',
          timeline: sharedMatch().timeline.map((i) => ({ ...i, name: null, relatedName: null })),
        }),
      ),
    });
    renderApp(`/share/${TOKEN}`);

    expect(
      await screen.findByRole('heading', { name: 'Rovers vs Rally U10', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Rovers 1, Rally U10 2')).toHaveTextContent('1\u20132');
    expect(screen.getByText('Full time')).toBeInTheDocument();
    expect(screen.queryByLabelText('Match clock')).toBeNull();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toContain("5'Goal");
    expect(screen.queryByText(/Asha|Bina|Chetan|Dev|Esha/)).toBeNull();
  });

  it("says the link doesn't work when the match is not shared", async () => {
    mockApi({ ...signedOut, 'GET /api/match-share/:shareToken': problem(404, 'not_found') });
    renderApp(`/share/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent("This match link doesn't work");
  });

  it('says it is offline when the score cannot be fetched', async () => {
    mockApi({
      ...signedOut,
      'GET /api/match-share/:shareToken': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp(`/share/${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("You're offline");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks again every 15 seconds while the match is live, every minute before kick-off, not once finished', () => {
    const { refetchInterval } = sharedMatchQueryOptions(TOKEN);
    const intervalFor = (data: SharedMatch | undefined) =>
      typeof refetchInterval === 'function'
        ? refetchInterval({ state: { data } } as Parameters<typeof refetchInterval>[0])
        : refetchInterval;
    expect(SHARED_MATCH_REFRESH_MS).toBe(15_000);
    expect(intervalFor(sharedMatch())).toBe(15_000);
    expect(intervalFor(sharedMatch({ status: 'finished' }))).toBe(false);
    expect(intervalFor(sharedMatch({ status: 'published' }))).toBe(60_000);
  });
});
