import type { ProfileEvent, ProfileEventDetail } from '@rally/shared/events';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../test/api-mock';
import {
  makeEvent,
  makeProfile,
  makeProfileEventDetail,
  makeRsvpCounts,
  makeRsvpState,
  makeUser,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const session = {
  'GET /api/auth/session': { user: makeUser() },
  // The match card of a match event: none readable here (its own tests are the match page's).
  'GET /api/programs/:programId/events/:eventId/match': problem(404, 'not_found'),
};

function setUp(detail: (event: ProfileEvent) => ProfileEventDetail) {
  const profile = makeProfile({ displayName: 'Kabir Rao', relationship: 'guardian' });
  const event: ProfileEvent = {
    ...makeEvent({
      title: 'Cup final',
      kind: 'match',
      programName: 'Under-12s',
      capacity: 11,
      location: 'HAL Ground, Bengaluru',
    }),
    profileId: profile.id,
    profileName: 'Kabir Rao',
  };
  return { profile, event, detail: detail(event) };
}

describe('profile event page', () => {
  it('answers for the profile and shows its new state and the counts', async () => {
    const { profile, event, detail } = setUp((shown) =>
      makeProfileEventDetail(shown, {
        counts: makeRsvpCounts({ going: 6, capacity: 11, placesLeft: 5 }),
      }),
    );
    let current = detail;
    const requests = mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [] },
      'GET /api/profiles/:profileId/events/:eventId': () => current,
      'PUT /api/profiles/:profileId/events/:eventId/rsvp': () => {
        const rsvp = makeRsvpState({ answer: 'maybe' });
        const counts = makeRsvpCounts({ going: 6, maybe: 1, capacity: 11, placesLeft: 5 });
        current = { ...current, rsvp, counts };
        return { rsvp, counts };
      },
    });
    const app = renderApp(`/p/${profile.id}/events/${event.id}`);
    expect(await screen.findByRole('heading', { name: 'Cup final', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('For Kabir Rao · Under-12s')).toBeInTheDocument();
    expect(screen.getByText('6 going · 5 places left')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Directions' })).toBeInTheDocument();
    const answers = screen.getByRole('group', { name: 'Answer for Kabir Rao' });
    await app.user.click(within(answers).getByRole('button', { name: 'Maybe' }));

    expect(await screen.findByText('Kabir Rao might go.')).toBeInTheDocument();
    expect(within(answers).getByRole('button', { name: 'Maybe' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('6 going · 1 maybe · 5 places left')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/api/profiles/${profile.id}/events/${event.id}/rsvp`);
    expect(put?.body).toEqual({ answer: 'maybe' });
  });

  it('answering offline says the answer will be sent, and sends it when back online', async () => {
    const { profile, event, detail } = setUp(makeProfileEventDetail);
    let current = detail;
    let isUp = false;
    const requests = mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [] },
      'GET /api/profiles/:profileId/events/:eventId': () => current,
      'PUT /api/profiles/:profileId/events/:eventId/rsvp': () => {
        // A rejected fetch is what a browser gives without a connection.
        if (!isUp) return Promise.reject(new TypeError('Failed to fetch'));
        const rsvp = makeRsvpState({ answer: 'declined' });
        current = { ...current, rsvp };
        return { rsvp, counts: current.counts };
      },
    });
    const app = renderApp(`/p/${profile.id}/events/${event.id}`);
    const answers = await screen.findByRole('group', { name: 'Answer for Kabir Rao' });
    await app.user.click(within(answers).getByRole('button', { name: "Can't go" }));

    expect(
      await screen.findByText(
        "You're offline — Kabir Rao's answer will be sent when you're back online.",
      ),
    ).toBeInTheDocument();
    expect(within(answers).getByRole('button', { name: "Can't go" })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('alert')).toBeNull();

    isUp = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText("Kabir Rao can't go.")).toBeInTheDocument();
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.at(-1)?.body).toEqual({ answer: 'declined' });
  });

  it('says whether answers are open as the server judged it, whatever the device clock says', async () => {
    const { profile, event } = setUp(makeProfileEventDetail);
    // By this device's clock the deadline passed long ago (its clock may be wrong).
    const past = { ...event, rsvpDeadline: '2020-01-01T10:00:00.000Z', timeZone: 'UTC' };
    let isRsvpOpen = true;
    mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [] },
      'GET /api/profiles/:profileId/events/:eventId': () =>
        makeProfileEventDetail(past, { isRsvpOpen }),
    });
    const first = renderApp(`/p/${profile.id}/events/${event.id}`);
    expect(await screen.findByText(/^Answers close Jan 1, 2020/)).toBeInTheDocument();
    first.unmount();

    isRsvpOpen = false;
    renderApp(`/p/${profile.id}/events/${event.id}`);
    expect(await screen.findByText(/^Answers closed Jan 1, 2020/)).toBeInTheDocument();
  });

  it('shows the waitlist position of a going answer beyond the capacity, and the mark', async () => {
    const { profile, event, detail } = setUp((shown) =>
      makeProfileEventDetail(shown, {
        rsvp: makeRsvpState({ answer: 'going', waitlistPosition: 2 }),
        status: 'late',
        counts: makeRsvpCounts({ going: 11, waitlisted: 2, capacity: 11, placesLeft: 0 }),
      }),
    );
    mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [] },
      'GET /api/profiles/:profileId/events/:eventId': detail,
    });
    renderApp(`/p/${profile.id}/events/${event.id}`);
    expect(
      await screen.findByText(
        'Kabir Rao is 2nd on the waitlist and gets a place when one frees up.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('11 going · 2 waitlisted · Full')).toBeInTheDocument();
    expect(screen.getByText('Marked late')).toBeInTheDocument();
  });

  it('shows a cancelled event with its reason and no answer buttons', async () => {
    const { profile, event, detail } = setUp((shown) =>
      makeProfileEventDetail(
        { ...shown, status: 'cancelled', cancelReason: 'Ground waterlogged' },
        { isRsvpOpen: false },
      ),
    );
    mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [] },
      'GET /api/profiles/:profileId/events/:eventId': detail,
    });
    renderApp(`/p/${profile.id}/events/${event.id}`);
    expect(await screen.findByText('This event is cancelled')).toBeInTheDocument();
    expect(screen.getByText('Reason: Ground waterlogged')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Answer for Kabir Rao' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Going' })).toBeNull();
  });

  it("shows the server's 409 when answers closed meanwhile", async () => {
    const { profile, event, detail } = setUp((shown) => makeProfileEventDetail(shown));
    mockApi({
      ...session,
      'GET /api/profiles/:profileId': { profile, programs: [] },
      'GET /api/profiles/:profileId/events/:eventId': detail,
      'PUT /api/profiles/:profileId/events/:eventId/rsvp': problem(409, 'conflict', {
        detail: 'RSVPs closed at 17:00 (Asia/Kolkata) — ask a coach to change it.',
      }),
    });
    const app = renderApp(`/p/${profile.id}/events/${event.id}`);
    await app.user.click(await screen.findByRole('button', { name: "Can't go" }));
    await waitFor(() =>
      expect(
        screen.getByText('RSVPs closed at 17:00 (Asia/Kolkata) — ask a coach to change it.'),
      ).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: "Can't go" })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
