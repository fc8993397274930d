import * as shared from '@rally/shared/matches';
import type { MatchFormat, MatchView, SaveMatchDetails } from '@rally/shared/matches';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../../app/app';
import { createI18n } from '../../../app/i18n';
import { loadUiStrings } from '../../../app/locales/ui-string-parts';
import { createQueryClient } from '../../../app/query-client';
import { json, mockApi, problem, type MockHandler } from '../../../test/api-mock';
import { newId } from '../../../test/fixtures';
import * as formatFields from './format-position-fields';
import { MatchDetailsForm } from './match-details-form';

// A match's details with its own copy of the format (DESIGN.md §9,
// docs/decisions/030 "Formats"): positions edited here change this match only.

// The built-in 5v5 U8: GK, LD, RD, LF, RF.
const fiveASide: MatchFormat = { id: newId(), ...shared.DEFAULT_MATCH_FORMATS[0]! };
const { id: formatId, ...fiveFields } = fiveASide;
const fourASide: MatchFormat = {
  id: newId(),
  name: '4v4 U6',
  playersOnField: 4,
  periods: 4,
  periodMinutes: 10,
  minPlayShare: 0,
  positions: fiveASide.positions.slice(1),
};

function matchView(overrides: Partial<MatchView> = {}): MatchView {
  return {
    eventId: newId(),
    programId: newId(),
    orgId: newId(),
    eventTitle: 'League match',
    startsAt: '2030-03-02T03:30:00.000Z',
    status: 'planned',
    opponent: 'Rovers',
    venue: 'away',
    competition: 'U8 League',
    formatId,
    format: fiveFields,
    squad: [],
    publishedAt: null,
    isChangedSincePublish: false,
    incidents: [],
    score: { us: 0, them: 0 },
    minutes: [],
    lease: null,
    shareToken: null,
    computedAt: '2030-03-02T03:00:00.000Z',
    version: 3,
    permissions: { canEdit: true, canScore: true, isScorer: false },
    ...overrides,
  };
}

beforeAll(async () => {
  await loadUiStrings(['matches']);
});

/** Renders the form for `view`; the PUT answers with `save` (default: the body applied). */
function renderForm(view: MatchView, save?: MockHandler) {
  const requests = mockApi({
    'GET /api/orgs/:orgId/match-formats': { formats: [fiveASide, fourASide], canEdit: true },
    'PUT /api/programs/:programId/events/:eventId/match':
      save ??
      ((request) => {
        const body = request.body as SaveMatchDetails;
        return json({ ...view, ...body, version: view.version + 1 });
      }),
  });
  const user = userEvent.setup();
  const queryClient = createQueryClient({ retry: false });
  const i18n = createI18n();
  const ui = (shown: MatchView) => (
    <App queryClient={queryClient} i18n={i18n}>
      <MatchDetailsForm view={shown} />
    </App>
  );
  const { rerender } = render(ui(view));
  const saves = () =>
    requests.filter((r) => r.method === 'PUT').map((r) => r.body as SaveMatchDetails);
  /** The view as realtime brings it after another device's write. */
  const update = (next: MatchView) => rerender(ui(next));
  return { user, saves, update };
}

describe('match details: the format of this match', () => {
  it('edits the positions’ labels and places for this match only, not the template', async () => {
    const { user, saves } = renderForm(matchView());
    const toggle = screen.getByRole('button', { name: 'Edit positions for this match' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const second = screen.getByRole('group', { name: 'Position 2' });
    const label = within(second).getByRole('textbox', { name: /Label/ });
    await user.clear(label);
    await user.type(label, 'Sweeper');
    const across = within(second).getByRole('textbox', { name: /Across/ });
    await user.clear(across);
    await user.type(across, '50');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    const body = saves()[0]!;
    expect(body).toMatchObject({ formatId, version: 3, opponent: 'Rovers', venue: 'away' });
    expect(body.format.playersOnField).toBe(5);
    expect(body.format.positions[1]).toEqual({
      key: 'LD',
      label: 'Sweeper',
      x: 0.5,
      y: 0.3,
      isGoalkeeper: false,
    });
    expect(body.format.positions.filter((p, i) => i !== 1)).toEqual(
      fiveASide.positions.filter((p, i) => i !== 1),
    );
    expect(await screen.findByText('Match details saved.')).toBeInTheDocument();
  });

  it('adds a position, one more player on the field, and says so', async () => {
    const { user, saves } = renderForm(matchView());
    expect(screen.getByText('5 players on the field, 2 × 20 min')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit positions for this match' }));
    await user.click(screen.getByRole('button', { name: 'Add position' }));
    expect(screen.getByText('6 players on the field, 2 × 20 min')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.format).toMatchObject({ playersOnField: 6 });
    expect(saves()[0]!.format.positions[5]).toMatchObject({ key: 'P6', label: 'Position 6' });
  });

  it('refuses two positions with one key before sending', async () => {
    const { user, saves } = renderForm(matchView());
    await user.click(screen.getByRole('button', { name: 'Edit positions for this match' }));
    const key = within(screen.getByRole('group', { name: 'Position 3' })).getByRole('textbox', {
      name: /Key/,
    });
    await user.clear(key);
    await user.type(key, 'LD');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Position LD is listed twice')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('shows the server’s refusal of a removed position a starter stands on, on the positions', async () => {
    const { user, saves } = renderForm(
      matchView(),
      problem(400, 'validation_failed', {
        errors: [
          {
            path: 'format.positions',
            message: 'Asha plays at RF, which this format does not have: move them first',
          },
        ],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Edit positions for this match' }));
    await user.click(screen.getByRole('button', { name: 'Remove position 5' }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    // On the positions' list, which stays open to show it.
    expect(
      await screen.findByText('Asha plays at RF, which this format does not have: move them first'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('group', { name: 'Position 4' })).toBeInTheDocument();
  });

  it('starts over from another template: its periods and positions replace the match’s', async () => {
    const { user, saves } = renderForm(matchView());
    const template = screen.getByRole('combobox', { name: /Template/ });
    await waitFor(() => expect(template).toBeEnabled());
    await user.selectOptions(template, '4v4 U6');
    expect(screen.getByText('4 players on the field, 4 × 10 min')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const { id, ...fields } = fourASide;
    expect(saves()[0]).toMatchObject({ formatId: id, format: fields });
  });

  it('keeps the format as stored once the match has kicked off', async () => {
    // Places the form would round to whole percent.
    const format = {
      ...fiveFields,
      positions: fiveFields.positions.map((p) => ({ ...p, x: p.x + 0.004 })),
    };
    const { user, saves } = renderForm(matchView({ status: 'live', format }));
    expect(screen.queryByRole('button', { name: 'Edit positions for this match' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Periods' })).toBeDisabled();
    expect(screen.getByText('The format is fixed once the match has kicked off.')).toBeVisible();
    const opponent = screen.getByRole('textbox', { name: 'Opponent' });
    await user.clear(opponent);
    await user.type(opponent, 'Rovers B');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ opponent: 'Rovers B', formatId });
    expect(saves()[0]!.format).toEqual(format);
  });

  it('says an emptied number is required instead of sending 0', async () => {
    const { user, saves } = renderForm(matchView());
    await user.clear(screen.getByRole('textbox', { name: 'Minimum play' }));
    await user.click(screen.getByRole('button', { name: 'Edit positions for this match' }));
    const place = within(screen.getByRole('group', { name: 'Position 2' })).getByRole('textbox', {
      name: /Up the pitch/,
    });
    await user.clear(place);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(saves()).toHaveLength(0);
  });

  it('opens the positions to show a refusal that lands on them', async () => {
    const { user } = renderForm(
      matchView(),
      problem(400, 'validation_failed', {
        errors: [{ path: 'format.positions.2.key', message: 'Position RD is listed twice' }],
      }),
    );
    const toggle = screen.getByRole('button', { name: 'Edit positions for this match' });
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Position RD is listed twice')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Fixing the field keeps the list open; the toggle still closes it.
    const key = within(screen.getByRole('group', { name: 'Position 3' })).getByRole('textbox', {
      name: /Key/,
    });
    await user.type(key, 'X');
    expect(screen.getByRole('group', { name: 'Position 3' })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('takes another device’s change when untouched, and never overwrites it when edited', async () => {
    const view = matchView();
    // The server holds version 6 by then: a save naming 5 is stale.
    const { user, saves, update } = renderForm(
      view,
      problem(409, 'conflict', { detail: 'The match changed since you loaded it.' }),
    );
    // Untouched: the new details show at once, and a save names the new version.
    update({ ...view, opponent: 'Rovers FC', version: 4 });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Opponent' })).toHaveValue('Rovers FC'),
    );
    const competition = screen.getByRole('textbox', { name: 'Competition' });
    await user.type(competition, ' Cup');
    // A squad save elsewhere (same details, new version) is no conflict.
    update({ ...view, opponent: 'Rovers FC', version: 5 });
    // A details change elsewhere is: the save would name version 5, and a note says so.
    update({ ...view, opponent: 'Rovers FC', format: { ...fiveFields, periods: 3 }, version: 6 });
    expect(await screen.findByText('Someone else changed these details')).toBeInTheDocument();
    expect(competition).toHaveValue('U8 League Cup');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ version: 5, competition: 'U8 League Cup' });
    await user.click(screen.getByRole('button', { name: 'Load their changes' }));
    expect(screen.getByRole('textbox', { name: 'Periods' })).toHaveValue('3');
    expect(competition).toHaveValue('U8 League');
    expect(screen.queryByText('Someone else changed these details')).toBeNull();
  });

  it('offers the match’s own copy back when it is no template of the org', async () => {
    const own = { ...fiveFields, name: 'Friendly 5', periodMinutes: 15 };
    const { user, saves } = renderForm(matchView({ formatId: null, format: own }));
    const template = screen.getByRole('combobox', { name: /Template/ });
    await waitFor(() => expect(template).toBeEnabled());
    await user.selectOptions(template, '4v4 U6');
    await user.selectOptions(template, 'Friendly 5 (this match)');
    expect(screen.getByText('5 players on the field, 2 × 15 min')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ formatId: null, format: own });
  });

  it('bounds its inputs with the shared schema’s limits (repeated to keep zod out of the chunk)', () => {
    const limits = ['MAX_PLAYERS_ON_FIELD', 'MAX_PERIODS', 'MAX_PERIOD_MINUTES'] as const;
    expect(limits.map((name) => formatFields[name])).toEqual(limits.map((name) => shared[name]));
  });
});
