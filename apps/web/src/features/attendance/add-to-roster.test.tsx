import type { EventAttendance, RosterCandidate } from '@rally/shared/attendance';
import type { RosterEntry } from '@rally/shared/events';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, problem, type MockHandler } from '../../test/api-mock';
import { makeEvent, makeEventDetail, makeRosterEntry, makeUser, newId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const riya: RosterCandidate = {
  profileId: newId(),
  displayName: 'Riya Sen',
  programName: 'Under-12',
  subscriptionStatus: 'pending',
};
const arjun: RosterCandidate = {
  profileId: newId(),
  displayName: 'Arjun Das',
  programName: 'Under-14',
  subscriptionStatus: 'active',
};

/**
 * A fake API for a session's attendance page with Kabir on the roster, the
 * organisation knowing Riya (asked to join this program) and Arjun (in
 * another program), and `onAdd` answering `POST .../roster`.
 */
function rosterApi(onAdd: (body: unknown) => Response | RosterEntry) {
  const event = makeEvent({ title: 'Evening training', programName: 'Under-12' });
  let roster: RosterEntry[] = [makeRosterEntry({ displayName: 'Kabir Rao' })];
  const answer = (): EventAttendance => ({
    event,
    roster,
    summary: { present: 0, late: 0, absent: 0, excused: 0, unmarked: roster.length },
  });
  const handlers: Record<string, MockHandler> = {
    'GET /api/auth/session': { user: makeUser({ displayName: 'Coach Meera' }) },
    'GET /api/programs/:programId/events/:eventId': () =>
      makeEventDetail(event, { roster: answer().roster }),
    'GET /api/programs/:programId/events/:eventId/attendance': () => answer(),
    'GET /api/programs/:programId/events/:eventId/roster/candidates': (request) => {
      const q = (request.search.get('q') ?? '').toLowerCase();
      const onRoster = new Set(roster.map((entry) => entry.profileId));
      return {
        candidates: [riya, arjun].filter(
          (c) => !onRoster.has(c.profileId) && c.displayName.toLowerCase().includes(q),
        ),
      };
    },
    'POST /api/programs/:programId/events/:eventId/roster': (request) => {
      const added = onAdd(request.body);
      if (added instanceof Response) return added;
      roster = [...roster, added];
      return json(answer(), 201);
    },
  };
  return { event, handlers };
}

const candidateSearches = (requests: { method: string; path: string; search: URLSearchParams }[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.path.endsWith('/roster/candidates'))
    .map((r) => r.search.get('q') ?? '');

describe('adding a walk-in or trial player known to the organisation (docs/decisions/020)', () => {
  it('finds someone from another program by name, picks them with the keyboard and adds them', async () => {
    const { event, handlers } = rosterApi(() =>
      makeRosterEntry({ profileId: arjun.profileId, displayName: 'Arjun Das', isWalkIn: true }),
    );
    const requests = mockApi(handlers);
    const app = renderApp(`/programs/${event.programId}/events/${event.id}/attendance`);
    await app.user.click(
      await screen.findByRole('button', { name: 'Add a walk-in or trial player' }),
    );

    // Everyone the organisation knows who is not on the roster, with where from.
    const who = await screen.findByRole('radiogroup', { name: 'Who came' });
    expect(await within(who).findByRole('radio', { name: 'Riya Sen' })).toHaveAccessibleDescription(
      'Asked to join Under-12',
    );
    expect(within(who).getByRole('radio', { name: 'Arjun Das' })).toHaveAccessibleDescription(
      'Member of Under-14',
    );
    expect(within(who).queryByRole('radio', { name: 'Kabir Rao' })).toBeNull();
    expect(
      within(who).getByRole('radio', { name: 'Someone new (enter their name)' }),
    ).toBeChecked();

    await app.user.type(
      screen.getByRole('searchbox', { name: /Find someone the organisation knows/ }),
      'arj',
    );
    await waitFor(() => expect(within(who).queryByRole('radio', { name: 'Riya Sen' })).toBeNull());
    expect(candidateSearches(requests)).toContain('arj');

    // Keyboard: Tab reaches the checked radio, an arrow key picks the one before it.
    await app.user.tab();
    expect(
      within(who).getByRole('radio', { name: 'Someone new (enter their name)' }),
    ).toHaveFocus();
    await app.user.keyboard('{ArrowUp}');
    expect(within(who).getByRole('radio', { name: 'Arjun Das' })).toBeChecked();
    expect(screen.queryByLabelText(/^Name/)).toBeNull();

    await app.user.click(screen.getByRole('button', { name: 'Add Arjun Das to this session' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        profileId: arjun.profileId,
      }),
    );
    expect(await screen.findByText("Arjun Das is on this session's roster.")).toBeInTheDocument();
    // Now on the roster, so no longer offered.
    await waitFor(() => expect(within(who).queryByRole('radio', { name: 'Arjun Das' })).toBeNull());
    expect(screen.getByText('Arjun Das', { selector: 'p' })).toBeInTheDocument();
  });

  it('says so about the person when the organisation does not know them', async () => {
    const { event, handlers } = rosterApi(() =>
      problem(404, 'not_found', {
        detail: 'No such person is known to this organisation. Add them as someone new instead.',
      }),
    );
    mockApi(handlers);
    const app = renderApp(`/programs/${event.programId}/events/${event.id}/attendance`);
    await app.user.click(
      await screen.findByRole('button', { name: 'Add a walk-in or trial player' }),
    );
    await app.user.click(await screen.findByRole('radio', { name: 'Riya Sen' }));
    await app.user.click(screen.getByRole('button', { name: 'Add Riya Sen to this session' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Riya Sen isn't known to this organisation any more. Search again, or add them as someone new.",
    );
    // Picking "someone new" clears it and asks for a name and phone.
    await app.user.click(screen.getByRole('radio', { name: 'Someone new (enter their name)' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText(/^Name/)).toBeInTheDocument();
  });

  it('says when nobody the organisation knows matches', async () => {
    const { event, handlers } = rosterApi(() => problem(500, 'internal_error'));
    mockApi(handlers);
    const app = renderApp(`/programs/${event.programId}/events/${event.id}/attendance`);
    await app.user.click(
      await screen.findByRole('button', { name: 'Add a walk-in or trial player' }),
    );
    await app.user.type(
      await screen.findByRole('searchbox', { name: /Find someone the organisation knows/ }),
      'Zoya',
    );
    expect(
      await screen.findByText(
        'No one the organisation knows matches "Zoya". Add them as someone new.',
      ),
    ).toBeInTheDocument();
  });
});
