import type { MyInvite, MyOrgInvite, MyProfileInvite } from '@rally/shared/invites';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem } from '../../test/api-mock';
import { makeHome, makeOrg, makeProfile, makeUser, newId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const orgInvite: MyOrgInvite = {
  kind: 'org',
  id: newId(),
  org: { id: newId(), name: 'Lakeside Rowing Club' },
  role: 'staff',
  invitedBy: { displayName: 'Kavya Rao' },
  createdAt: '2025-03-01T00:00:00.000Z',
};
const guardianInvite: MyProfileInvite = {
  kind: 'profile',
  id: newId(),
  profile: { id: newId(), displayName: 'Kabir Rao' },
  relationship: 'guardian',
  invitedBy: { displayName: null },
  createdAt: '2025-03-02T00:00:00.000Z',
};

/** The home page of a signed-in user with `invites`; the handlers of `extra` win. */
function homeWith(invites: MyInvite[], extra: Parameters<typeof mockApi>[0] = {}) {
  const state = { invites, homeLoads: 0 };
  const requests = mockApi({
    'GET /api/auth/session': { user: makeUser({ displayName: 'Ravi Rao' }) },
    'GET /api/home': () => {
      state.homeLoads += 1;
      return makeHome();
    },
    'GET /api/invites': () => ({ invites: state.invites }),
    ...extra,
  });
  return { state, requests };
}

const withoutInvite = (list: MyInvite[], id: string) => list.filter((i) => i.id !== id);

describe('the invitations panel on the home page', () => {
  it('lists each invitation with who sent it, first on the page', async () => {
    homeWith([orgInvite, guardianInvite]);
    renderApp('/');
    const panel = await screen.findByRole('region', { name: 'You have 2 invitations' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining(
        'Kavya Rao invites you to join Lakeside Rowing Club as Staff.AcceptDecline',
      ),
      expect.stringContaining(
        "Someone invites you to manage Kabir Rao's profile as a guardian.AcceptDecline",
      ),
    ]);
    expect(within(panel).getByText(/Nothing changes until you accept/)).toBeInTheDocument();
    // It comes before the page's own sections.
    const nextEvents = await screen.findByRole('heading', { name: 'Next events' });
    expect(panel.compareDocumentPosition(nextEvents) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('accepting joins: the invitation leaves the list, the home page reloads, a toast says what happened', async () => {
    const org = makeOrg({ id: orgInvite.org.id, name: 'Lakeside Rowing Club', role: 'staff' });
    const { state, requests } = homeWith([orgInvite], {
      'POST /api/invites/orgs/:inviteId/accept': () => {
        state.invites = [];
        return json({ org });
      },
    });
    const app = renderApp('/');
    await screen.findByRole('region', { name: 'You have an invitation' });
    await waitFor(() => expect(state.homeLoads).toBe(1));
    await app.user.click(
      screen.getByRole('button', {
        name: 'Accept: Kavya Rao invites you to join Lakeside Rowing Club as Staff.',
      }),
    );
    expect(await screen.findByText('You joined Lakeside Rowing Club as Staff.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('region', { name: /invitation/ })).toBeNull());
    expect(state.homeLoads).toBe(2);
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/invites/orgs/${orgInvite.id}/accept`,
    ]);
  });

  it('says when an own-login invitation made the user a guardian instead', async () => {
    const selfInvite: MyProfileInvite = { ...guardianInvite, relationship: 'self' };
    const { state } = homeWith([selfInvite], {
      'POST /api/invites/profiles/:inviteId/accept': () => {
        state.invites = [];
        return json({
          profile: makeProfile({
            id: selfInvite.profile.id,
            displayName: 'Kabir Rao',
            relationship: 'guardian',
          }),
        });
      },
    });
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: /^Accept: / }));
    expect(
      await screen.findByText(
        "You already have your own profile with a history, so you manage Kabir Rao's profile as a guardian.",
      ),
    ).toBeVisible();
  });

  it('declining ends just that invitation and changes nothing else', async () => {
    const { state, requests } = homeWith([orgInvite, guardianInvite], {
      'POST /api/invites/profiles/:inviteId/decline': () => {
        state.invites = withoutInvite(state.invites, guardianInvite.id);
        return new Response(null, { status: 204 });
      },
    });
    const app = renderApp('/');
    await screen.findByRole('region', { name: 'You have 2 invitations' });
    await waitFor(() => expect(state.homeLoads).toBe(1));
    await app.user.click(screen.getByRole('button', { name: /^Decline: Someone invites you/ }));
    expect(await screen.findByText('Invitation declined. Nothing changed.')).toBeVisible();
    const panel = await screen.findByRole('region', { name: 'You have an invitation' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(within(panel).queryByText(/Kabir Rao/)).toBeNull();
    expect(state.homeLoads).toBe(1);
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/invites/profiles/${guardianInvite.id}/decline`,
    ]);
  });

  it('keeps the invitation and says why when an answer fails', async () => {
    homeWith([orgInvite], {
      'POST /api/invites/orgs/:inviteId/accept': problem(500, 'internal'),
    });
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: /^Accept: / }));
    const row = screen.getByRole('listitem');
    const alert = await within(row).findByRole('alert');
    expect(alert).toHaveTextContent("Your answer wasn't saved");
    expect(within(row).getByRole('button', { name: /^Accept: / })).toBeEnabled();
    expect(within(row).getByRole('button', { name: /^Decline: / })).toBeEnabled();
  });

  it('an invitation withdrawn meanwhile leaves the list with a toast saying so', async () => {
    const { state } = homeWith([orgInvite], {
      'POST /api/invites/orgs/:inviteId/decline': () => {
        state.invites = [];
        return problem(404, 'not_found');
      },
    });
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: /^Decline: / }));
    expect(
      await screen.findByText('That invitation was withdrawn or already answered.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('region', { name: /invitation/ })).toBeNull());
    expect(screen.queryByText("Your answer wasn't saved")).toBeNull();
  });

  it('says so when the invitations cannot be loaded, and loads them on "Try again"', async () => {
    let fails = true;
    homeWith([], {
      'GET /api/invites': () => (fails ? problem(500, 'internal') : { invites: [orgInvite] }),
    });
    const app = renderApp('/');
    const title = await screen.findByText("Your invitations couldn't be loaded");
    const alert = title.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the failure is not an alert');
    fails = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'You have an invitation' })).toBeVisible();
  });
});
