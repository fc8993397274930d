import { DEFAULT_MATCH_FORMATS } from '@rally/shared/matches';
import type { MatchFormat, MatchFormatFields } from '@rally/shared/matches';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem, type MockHandler } from '../../../test/api-mock';
import { makeOrg, makeOrgDetail, makeUser, newId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const me = makeUser({ displayName: 'Asha Rao' });

// The built-in 7v7 U10 (GK, LB, CB, RB, LM, RM, ST).
const sevenASide: MatchFormat = { id: newId(), ...DEFAULT_MATCH_FORMATS[1]! };
const fiveASide: MatchFormat = {
  id: newId(),
  name: '5v5 U8',
  playersOnField: 5,
  periods: 2,
  periodMinutes: 20,
  minPlayShare: 0,
  positions: sevenASide.positions.slice(0, 5),
};

/** The settings page of an org where the signed-in user has `role`, with two formats. */
function formatsApi(role: 'owner' | 'staff', extra: Record<string, MockHandler> = {}) {
  const org = makeOrg({ role, name: 'Indiranagar Football Academy' });
  const state = { formats: [sevenASide, fiveASide] };
  const requests = mockApi({
    'GET /api/auth/session': { user: me },
    'GET /api/orgs/:orgId': makeOrgDetail(org),
    'GET /api/orgs/:orgId/members': { members: [], invites: [] },
    'GET /api/orgs/:orgId/match-formats': () => ({
      formats: state.formats,
      canEdit: role === 'owner',
    }),
    ...extra,
  });
  const formatWrites = () => requests.filter((r) => r.method !== 'GET');
  return { org, state, requests, formatWrites };
}

const formatsRegion = () => screen.findByRole('region', { name: 'Match formats' });

describe('organisation settings: match formats', () => {
  it('lists the formats with players, periods and the minimum share', async () => {
    const { org } = formatsApi('owner');
    renderApp(`/orgs/${org.id}/settings`);
    const region = await formatsRegion();
    expect(await within(region).findByText('7v7 U10')).toBeInTheDocument();
    expect(within(region).getByText('7 players · 2 × 25 min · min. 50 %')).toBeInTheDocument();
    expect(within(region).getByText('5 players · 2 × 20 min · no minimum')).toBeInTheDocument();
  });

  it('shows a member without edit rights the formats and no buttons', async () => {
    const { org } = formatsApi('staff');
    renderApp(`/orgs/${org.id}/settings`);
    const region = await formatsRegion();
    expect(await within(region).findByText('7v7 U10')).toBeInTheDocument();
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('adds a format from a base, copying its positions', async () => {
    const { org, state, formatWrites } = formatsApi('owner', {
      'POST /api/orgs/:orgId/match-formats': (request) => {
        const created = { id: newId(), ...(request.body as MatchFormatFields) };
        state.formats = [...state.formats, created];
        return json(created, 201);
      },
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const region = await formatsRegion();
    await app.user.click(await within(region).findByRole('button', { name: 'Add format' }));
    const form = within(region).getByRole('region', { name: 'New match format' });
    await app.user.selectOptions(within(form).getByLabelText(/Start from/), '5v5 U8');
    const name = within(form).getByLabelText(/^Name/);
    expect(name).toHaveValue('5v5 U8 (copy)');
    await app.user.clear(name);
    await app.user.type(name, '5v5 U9');
    await app.user.click(within(form).getByRole('button', { name: 'Save format' }));

    expect(await within(region).findByText('5v5 U9')).toBeInTheDocument();
    const [post] = formatWrites();
    expect(post?.path).toBe(`/api/orgs/${org.id}/match-formats`);
    expect(post?.body).toEqual({
      name: '5v5 U9',
      playersOnField: 5,
      periods: 2,
      periodMinutes: 20,
      minPlayShare: 0,
      positions: fiveASide.positions,
    });
  });

  it('renames a format and changes a position label', async () => {
    const { org, state, formatWrites } = formatsApi('owner', {
      'PUT /api/orgs/:orgId/match-formats/:formatId': (request, params) => {
        const saved = { id: params.formatId!, ...(request.body as MatchFormatFields) };
        state.formats = state.formats.map((f) => (f.id === saved.id ? saved : f));
        return saved;
      },
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const region = await formatsRegion();
    await app.user.click(await within(region).findByRole('button', { name: 'Edit 7v7 U10' }));
    const name = within(region).getByLabelText(/^Name/);
    await app.user.clear(name);
    await app.user.type(name, '7v7 U11');
    const second = within(region).getByRole('group', { name: 'Position 2' });
    const label = within(second).getByLabelText(/^Label/);
    await app.user.clear(label);
    await app.user.type(label, 'Left defender');
    await app.user.click(within(region).getByRole('button', { name: 'Save format' }));

    expect(await within(region).findByText('7v7 U11')).toBeInTheDocument();
    const [put] = formatWrites();
    expect(put?.method).toBe('PUT');
    expect(put?.path).toBe(`/api/orgs/${org.id}/match-formats/${sevenASide.id}`);
    const body = put?.body as MatchFormatFields;
    expect(body.name).toBe('7v7 U11');
    expect(body.positions[1]).toEqual({ ...sevenASide.positions[1], label: 'Left defender' });
    expect(body.positions).toHaveLength(7);
  });

  it('deletes a format only after confirmation', async () => {
    const { org, state, formatWrites } = formatsApi('owner', {
      'DELETE /api/orgs/:orgId/match-formats/:formatId': (_request, params) => {
        state.formats = state.formats.filter((f) => f.id !== params.formatId);
        return new Response(null, { status: 204 });
      },
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const region = await formatsRegion();
    await app.user.click(await within(region).findByRole('button', { name: 'Delete 5v5 U8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 5v5 U8?' });
    expect(formatWrites()).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete format' }));

    await waitFor(() => expect(within(region).queryByText('5v5 U8')).toBeNull());
    expect(formatWrites().map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /api/orgs/${org.id}/match-formats/${fiveASide.id}`,
    ]);
  });

  it('refuses two goalkeepers without sending anything', async () => {
    const { org, formatWrites } = formatsApi('owner');
    const app = renderApp(`/orgs/${org.id}/settings`);
    const region = await formatsRegion();
    await app.user.click(await within(region).findByRole('button', { name: 'Edit 7v7 U10' }));
    const second = within(region).getByRole('group', { name: 'Position 2' });
    await app.user.click(within(second).getByRole('checkbox', { name: 'Goalkeeper' }));
    await app.user.click(within(region).getByRole('button', { name: 'Save format' }));

    expect(await within(region).findByText('A format has at most one goalkeeper')).toBeVisible();
    expect(formatWrites()).toHaveLength(0);
  });

  it("shows the server's field error on its field", async () => {
    const { org } = formatsApi('owner', {
      'PUT /api/orgs/:orgId/match-formats/:formatId': problem(400, 'validation_failed', {
        errors: [{ path: 'name', message: 'An organisation already has a format named 5v5 U8' }],
      }),
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const region = await formatsRegion();
    await app.user.click(await within(region).findByRole('button', { name: 'Edit 7v7 U10' }));
    const name = within(region).getByLabelText(/^Name/);
    await app.user.clear(name);
    await app.user.type(name, '5v5 U8');
    await app.user.click(within(region).getByRole('button', { name: 'Save format' }));

    expect(
      await within(region).findByText('An organisation already has a format named 5v5 U8'),
    ).toBeInTheDocument();
    expect(within(region).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  });
});
