import type { OrgMember } from '@rally/shared/orgs';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem, type MockHandler } from '../../test/api-mock';
import {
  makeHome,
  makeOrg,
  makeOrgDetail,
  makeOrgInvite,
  makeOrgMember,
  makeUser,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const me = makeUser({ displayName: 'Asha Rao' });
const noContent = () => new Response(null, { status: 204 });

/** The settings page of an org where the signed-in user has `role`, with `members` (me first). */
function settingsApi(
  role: 'owner' | 'admin' | 'staff',
  others: OrgMember[],
  extra: Record<string, MockHandler> = {},
) {
  const org = makeOrg({ role, name: 'Indiranagar Football Academy' });
  const self = makeOrgMember({ userId: me.id, displayName: 'Asha Rao', role });
  const state = { members: [self, ...others], invites: [makeOrgInvite()] };
  const requests = mockApi({
    'GET /api/auth/session': { user: me },
    'GET /api/orgs/:orgId': makeOrgDetail(org),
    'GET /api/orgs/:orgId/members': () => ({
      members: state.members,
      invites: role === 'staff' ? [] : state.invites,
    }),
    'GET /api/home': makeHome(),
    // The match formats section the route composes in (its own tests: match-formats-section.test.tsx).
    'GET /api/orgs/:orgId/match-formats': { formats: [], canEdit: role !== 'staff' },
    ...extra,
  });
  return { org, state, requests };
}

describe('organisation settings: members', () => {
  it('changes a member role and shows the new role', async () => {
    const meera = makeOrgMember({ displayName: 'Meera Iyer', role: 'staff' });
    const { org, state, requests } = settingsApi('owner', [meera], {
      'PATCH /api/orgs/:orgId/members/:userId': (request, params) => {
        const role = (request.body as { role: OrgMember['role'] }).role;
        state.members = state.members.map((m) => (m.userId === params.userId ? { ...m, role } : m));
        return noContent();
      },
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const select = await screen.findByLabelText('Access level of Meera Iyer');
    expect(select).toHaveValue('staff');
    await app.user.selectOptions(select, 'admin');

    await waitFor(() =>
      expect(screen.getByLabelText('Access level of Meera Iyer')).toHaveValue('admin'),
    );
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe(`/api/orgs/${org.id}/members/${meera.userId}`);
    expect(patch?.body).toEqual({ role: 'admin' });
    // Your own role is not a select: you leave or transfer ownership instead.
    expect(screen.queryByLabelText('Access level of Asha Rao')).toBeNull();
  });

  it('removes a member only after confirmation', async () => {
    const meera = makeOrgMember({ displayName: 'Meera Iyer' });
    const { org, state, requests } = settingsApi('owner', [meera], {
      'DELETE /api/orgs/:orgId/members/:userId': (_request, params) => {
        state.members = state.members.filter((m) => m.userId !== params.userId);
        return noContent();
      },
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    await app.user.click(await screen.findByRole('button', { name: 'Remove Meera Iyer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Meera Iyer?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await app.user.click(screen.getByRole('button', { name: 'Remove Meera Iyer' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Meera Iyer?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Meera Iyer')).toBeNull());
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(
      `/api/orgs/${org.id}/members/${meera.userId}`,
    );
  });

  it('revokes a pending invite after confirmation', async () => {
    const { org, state, requests } = settingsApi('owner', [], {
      'DELETE /api/orgs/:orgId/invites/:inviteId': () => {
        state.invites = [];
        return noContent();
      },
    });
    const invite = state.invites[0]!;
    const app = renderApp(`/orgs/${org.id}/settings`);
    await app.user.click(
      await screen.findByRole('button', { name: `Revoke the invite of ${invite.phoneNumber}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invite?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Revoke invite' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Invites' })).toBeNull());
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(
      `/api/orgs/${org.id}/invites/${invite.id}`,
    );
  });

  it('shows a declined invite as declined, by phone only, and removes it without a dialog', async () => {
    const { org, state, requests } = settingsApi('owner', [], {
      'DELETE /api/orgs/:orgId/invites/:inviteId': () => {
        state.invites = [];
        return noContent();
      },
    });
    const declined = makeOrgInvite({ phoneNumber: '+919811100000', status: 'declined' });
    state.invites = [makeOrgInvite({ phoneNumber: '+919822200000' }), declined];
    const app = renderApp(`/orgs/${org.id}/settings`);
    const invites = await screen.findByRole('region', { name: 'Invites' });
    const rows = within(invites).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/\+919822200000 · Staff.*Waiting for an answer.*Revoke invite/),
      expect.stringMatching(/\+919811100000 · Staff.*Declined.*Remove/),
    ]);
    await app.user.click(
      within(invites).getByRole('button', { name: 'Remove the declined invite of +919811100000' }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invites' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(
      `/api/orgs/${org.id}/invites/${declined.id}`,
    );
  });

  it('lets an admin invite staff only, and touch only staff', async () => {
    const owner = makeOrgMember({ displayName: 'Vikram Shah', role: 'owner' });
    const staff = makeOrgMember({ displayName: 'Meera Iyer', role: 'staff' });
    const { org, requests } = settingsApi('admin', [owner, staff], {
      'POST /api/orgs/:orgId/invites': json(
        { invite: makeOrgInvite({ phoneNumber: '+919876500000' }) },
        201,
      ),
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const invite = await screen.findByRole('region', { name: 'Invite someone' });
    const role = within(invite).getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['staff']);
    expect(screen.getByText(/Only owners can invite owners and admins/)).toBeInTheDocument();
    // No role selects for an admin, and no way to remove the owner.
    expect(await screen.findByRole('button', { name: 'Remove Meera Iyer' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Access level of Meera Iyer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Vikram Shah' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete organisation' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Transfer ownership' })).toBeNull();

    await app.user.type(within(invite).getByLabelText(/Phone number/), '98765 00000');
    await app.user.click(within(invite).getByRole('button', { name: 'Send invite' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        phoneNumber: '98765 00000',
        role: 'staff',
      }),
    );
    await waitFor(() => expect(within(invite).getByLabelText(/Phone number/)).toHaveValue(''));
    // Invited, not added: nobody joins before accepting (docs/decisions/009).
    expect(
      await screen.findByText(
        'Invite sent to +919876500000 (Staff). They join once they accept it in Rally.',
      ),
    ).toBeInTheDocument();
  });

  it('lets an owner invite an admin and shows an invalid phone on its field', async () => {
    const { org, requests } = settingsApi('owner', [], {
      'POST /api/orgs/:orgId/invites': problem(400, 'invalid_phone', {
        detail: 'This is not a valid phone number.',
      }),
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const invite = await screen.findByRole('region', { name: 'Invite someone' });
    const role = within(invite).getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['staff', 'admin', 'owner']);
    await app.user.type(within(invite).getByLabelText(/Phone number/), '12345');
    await app.user.selectOptions(role, 'admin');
    await app.user.click(within(invite).getByRole('button', { name: 'Send invite' }));
    expect(await within(invite).findByText('This is not a valid phone number.')).toBeVisible();
    expect(within(invite).getByLabelText(/Phone number/)).toHaveAttribute('aria-invalid', 'true');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      phoneNumber: '12345',
      role: 'admin',
    });
  });
});

describe('organisation settings: leaving, ownership, deletion', () => {
  it('shows the last-owner message when the last owner tries to leave', async () => {
    const lastOwner = 'An organisation needs at least one owner. Make someone else an owner first.';
    const { org, requests } = settingsApi('owner', [], {
      'POST /api/orgs/:orgId/leave': problem(409, 'conflict', { detail: lastOwner }),
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    await app.user.click(await screen.findByRole('button', { name: 'Leave organisation' }));
    const dialog = await screen.findByRole('dialog', { name: `Leave ${org.name}?` });
    await app.user.click(within(dialog).getByRole('button', { name: 'Leave organisation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(lastOwner);
    expect(app.currentPath()).toBe(`/orgs/${org.id}/settings`);
    expect(requests.filter((r) => r.path.endsWith('/leave'))).toHaveLength(1);
  });

  it('leaves the organisation and goes home', async () => {
    const { org } = settingsApi('staff', [], { 'POST /api/orgs/:orgId/leave': noContent });
    const app = renderApp(`/orgs/${org.id}/settings`);
    await app.user.click(await screen.findByRole('button', { name: 'Leave organisation' }));
    const dialog = await screen.findByRole('dialog', { name: `Leave ${org.name}?` });
    await app.user.click(within(dialog).getByRole('button', { name: 'Leave organisation' }));
    await waitFor(() => expect(app.currentPath()).toBe('/'));
  });

  it('transfers ownership to a chosen member after confirmation', async () => {
    const meera = makeOrgMember({ displayName: 'Meera Iyer', role: 'admin' });
    const { org, requests } = settingsApi('owner', [meera], {
      'POST /api/orgs/:orgId/transfer-ownership': noContent,
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const transfer = await screen.findByRole('region', { name: 'Transfer ownership' });
    const button = await within(transfer).findByRole('button', { name: 'Transfer ownership' });
    expect(button).toBeDisabled();
    await app.user.selectOptions(within(transfer).getByLabelText('New owner'), meera.userId);
    await app.user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Make Meera Iyer the owner?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/transfer-ownership'))?.body).toEqual({
        userId: meera.userId,
      }),
    );
  });

  it('keeps "Delete organisation" disabled until the exact name is typed', async () => {
    const { org, requests } = settingsApi('owner', [], {
      'DELETE /api/orgs/:orgId': noContent,
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    await app.user.click(await screen.findByRole('button', { name: 'Delete organisation' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete ${org.name}?` });
    const confirm = within(dialog).getByRole('button', { name: 'Delete organisation' });
    const field = within(dialog).getByLabelText('Type the organisation name to confirm');
    expect(confirm).toBeDisabled();
    await app.user.type(field, org.name.toLowerCase());
    expect(confirm).toBeDisabled();
    await app.user.clear(field);
    await app.user.type(field, org.name);
    expect(confirm).toBeEnabled();
    await app.user.click(confirm);

    await waitFor(() => expect(app.currentPath()).toBe('/'));
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ confirmName: org.name });
  });

  it('offers staff neither editing, inviting nor deleting', async () => {
    const { org } = settingsApi('staff', [makeOrgMember({ role: 'owner' })]);
    renderApp(`/orgs/${org.id}/settings`);
    expect(await screen.findByText(org.slug)).toBeInTheDocument();
    expect(screen.getByText('India (IN)')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete organisation' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave organisation' })).toBeInTheDocument();
  });
});

describe('organisation settings: details and logo', () => {
  it('saves only the changed fields and shows a taken slug on the slug field', async () => {
    const taken = 'The address “hal-fc” is taken. Choose another slug.';
    const { org, requests } = settingsApi('owner', [], {
      'PATCH /api/orgs/:orgId': problem(409, 'conflict', { detail: taken }),
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const slug = await screen.findByLabelText(/Short name \(slug\)/);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await app.user.clear(slug);
    await app.user.type(slug, 'hal-fc');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ slug: 'hal-fc' });
  });

  it('sets the UPI payee for dues and clears it with null', async () => {
    const { org, requests } = settingsApi('owner', [], {
      'PATCH /api/orgs/:orgId': (request) =>
        json({ org: { ...makeOrg({ role: 'owner' }), ...(request.body as object) } }),
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const vpa = await screen.findByLabelText(/UPI ID for dues/);
    await app.user.type(vpa, 'academy@okbank');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        { payeeVpa: 'academy@okbank' },
      ]),
    );
    await app.user.clear(vpa);
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)[1]).toEqual({
        payeeVpa: null,
      }),
    );
  });

  it('chooses which names shared match links show (docs/decisions/030)', async () => {
    const { org, requests } = settingsApi('owner', [], {
      'PATCH /api/orgs/:orgId': (request) =>
        json({ org: { ...makeOrg({ role: 'owner' }), ...(request.body as object) } }),
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const group = await screen.findByRole('radiogroup', { name: /Names on shared match links/ });
    expect(within(group).getByRole('radio', { name: 'First names' })).toBeChecked();
    await app.user.click(within(group).getByRole('radio', { name: 'No names' }));
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        { matchShareNames: 'none' },
      ]),
    );
    expect(within(group).getByRole('radio', { name: 'No names' })).toBeChecked();
  });

  it('chooses whose match minutes families see (docs/decisions/030)', async () => {
    const { org, requests } = settingsApi('owner', [], {
      'PATCH /api/orgs/:orgId': (request) =>
        json({ org: { ...makeOrg({ role: 'owner' }), ...(request.body as object) } }),
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const group = await screen.findByRole('radiogroup', { name: /Playing time families see/ });
    expect(
      within(group).getByRole('radio', { name: 'Only their own children’s minutes' }),
    ).toBeChecked();
    await app.user.click(within(group).getByRole('radio', { name: 'The whole squad’s minutes' }));
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        { matchMinutesVisibility: 'squad' },
      ]),
    );
    expect(within(group).getByRole('radio', { name: 'The whole squad’s minutes' })).toBeChecked();
  });

  it('shows server field errors on their fields', async () => {
    const { org } = settingsApi('owner', [], {
      'PATCH /api/orgs/:orgId': problem(400, 'validation_failed', {
        errors: [{ path: 'name', message: 'Organisation name is too long' }],
      }),
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    await app.user.type(await screen.findByLabelText(/Organisation name/), ' FC');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Organisation name is too long')).toBeInTheDocument();
    expect(screen.getByLabelText(/Organisation name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('uploads a logo as multipart and shows the server message for a refused image', async () => {
    const { org, requests } = settingsApi('owner', [], {
      'POST /api/orgs/:orgId/logo': problem(413, 'validation_failed', {
        detail: 'The image is larger than 5 MB.',
        errors: [{ path: 'file', message: 'The image is larger than 5 MB' }],
      }),
    });
    const app = renderApp(`/orgs/${org.id}/settings`);
    const file = new File(['not really big'], 'logo.png', { type: 'image/png' });
    await app.user.upload(await screen.findByLabelText('Logo image file'), file);
    expect(await screen.findByText('The image is larger than 5 MB')).toBeInTheDocument();
    const body = requests.find((r) => r.method === 'POST')?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBe(file);
  });
});
