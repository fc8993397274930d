import type { SharedMatch } from '@rally/shared/matches';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../../../app/app';
import { createI18n } from '../../../app/i18n';
import { loadUiStrings } from '../../../app/locales/ui-string-parts';
import { createQueryClient } from '../../../app/query-client';
import { mockApi, problem } from '../../../test/api-mock';
import type * as ScoreCard from '../score-card';
import { ShareMatchPanel, type ShareMatchPanelProps } from './share-match-panel';

// Staff's sharing of a match (docs/decisions/030). The canvas library is
// replaced by renderScoreCard's stand-in: score-card.test.ts covers the drawing.
const rendered = vi.hoisted(() => ({ matches: [] as unknown[] }));
vi.mock('../score-card', async (importOriginal) => ({
  ...(await importOriginal<typeof ScoreCard>()),
  renderScoreCard: vi.fn(async (match: unknown) => {
    rendered.matches.push(match);
    return new Blob(['png'], { type: 'image/png' });
  }),
}));

const TOKEN = 'Qm9vdHNJbkFQaXRjaDEyMw';
const shared: SharedMatch = {
  orgName: 'Rally Club',
  programName: 'Rally U10',
  eventTitle: 'League match',
  opponent: 'Rovers',
  venue: 'home',
  competition: '',
  startsAt: '2030-04-06T03:30:00.000Z',
  status: 'finished',
  periods: 2,
  periodMinutes: 25,
  clock: { phase: 'finished', period: 2, elapsedMs: 25 * 60_000, runningSince: null },
  score: { us: 2, them: 1 },
  names: 'first',
  timeline: [],
  computedAt: '2030-04-06T05:00:00.000Z',
};

beforeAll(async () => {
  await loadUiStrings(['matches']);
});

afterEach(() => {
  rendered.matches = [];
  vi.unstubAllGlobals();
});

function renderPanel(
  view: ShareMatchPanelProps['view'] = { shareToken: TOKEN, status: 'finished' },
) {
  const user = userEvent.setup();
  render(
    <App queryClient={createQueryClient({ retry: false })} i18n={createI18n()}>
      <ShareMatchPanel view={view} />
    </App>,
  );
  return user;
}

describe('sharing a match', () => {
  it('copies the signed-out link and says so', async () => {
    mockApi({});
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/share/${TOKEN}`);
    expect(await screen.findByText(/Link copied/)).toBeInTheDocument();
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    mockApi({});
    const user = renderPanel();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    expect(await screen.findByLabelText(/Couldn't copy the link/)).toHaveValue(
      `${window.location.origin}/share/${TOKEN}`,
    );
  });

  it('hands the score card to the share sheet where the browser shares files', async () => {
    mockApi({ 'GET /api/match-share/:shareToken': shared });
    const share = vi.fn(async () => {});
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator), {
        canShare: () => true,
        share,
      }),
    );
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Share score card' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const [data] = share.mock.calls[0] as unknown as [ShareData];
    expect(data.title).toBe('Rally U10 2\u20131 Rovers');
    expect(data.files?.[0]?.name).toBe('score-card-2030-04-06.png');
    expect(data.files?.[0]?.type).toBe('image/png');
    expect(rendered.matches).toEqual([shared]);
  });

  it('offers a second tap when drawing took too long for the browser to count the first', async () => {
    mockApi({ 'GET /api/match-share/:shareToken': shared });
    const share = vi
      .fn(async (_data: ShareData) => {})
      .mockRejectedValueOnce(new DOMException('No user activation', 'NotAllowedError'));
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator), { canShare: () => true, share }),
    );
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Share score card' }));
    await user.click(await screen.findByRole('button', { name: /The score card is ready/ }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(2));
    expect(share.mock.calls[1]?.[0].files?.[0]?.name).toBe('score-card-2030-04-06.png');
    expect(rendered.matches).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /The score card is ready/ })).toBeNull();
  });

  it('downloads the PNG where the browser cannot share files', async () => {
    mockApi({ 'GET /api/match-share/:shareToken': shared });
    const createObjectURL = vi.fn(() => 'blob:score-card');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Share score card' }));
    expect(
      await screen.findByText(/Score card saved as score-card-2030-04-06.png/),
    ).toBeInTheDocument();
    expect(clicked.map((a) => [a.download, a.getAttribute('href')])).toEqual([
      ['score-card-2030-04-06.png', 'blob:score-card'],
    ]);
  });

  it('says when the card could not be made', async () => {
    mockApi({ 'GET /api/match-share/:shareToken': problem(404, 'not_found') });
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Share score card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The score card could not be made');
  });

  it('offers nothing to share before the lineup is published', () => {
    mockApi({});
    renderPanel({ shareToken: null, status: 'planned' });
    expect(screen.getByText(/Publish the lineup to share this match/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
