import type { EventDetail } from '@rally/shared/events';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../test/api-mock';
import {
  makeEvent,
  makeEventDetail,
  makeEventSeriesInfo,
  makeRosterEntry,
  makeRsvpCounts,
  makeRsvpState,
  makeUser,
  newId,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const session = { 'GET /api/auth/session': { user: makeUser() } };

describe('program event page', () => {
  it('shows the event in its zone with its series, counts, map links and actions for staff', async () => {
    const event = makeEvent({
      title: 'Evening training',
      location: 'HAL Ground, Bengaluru',
      description: 'Bring water.',
      capacity: 16,
      seriesId: newId(),
    });
    mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event, {
        series: makeEventSeriesInfo({
          recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO', 'WE'] },
        }),
        counts: makeRsvpCounts({
          going: 12,
          maybe: 3,
          waitlisted: 2,
          capacity: 16,
          placesLeft: 4,
        }),
      }),
    });
    renderApp(`/programs/${event.programId}/events/${event.id}`);
    expect(
      await screen.findByRole('heading', { name: 'Evening training', level: 1 }),
    ).toBeInTheDocument();
    // The zone is named once, under the time (the tests run in UTC, the event is in Kolkata).
    expect(screen.getByText(/6:00.*7:30\sPM$/)).toBeInTheDocument();
    expect(screen.getByText('Times in Asia/Kolkata, GMT+5:30')).toBeInTheDocument();
    expect(screen.getByText('Weekly on Mon and Wed')).toBeInTheDocument();
    expect(
      screen.getByText('12 going · 3 maybe · 2 waitlisted · 4 places left'),
    ).toBeInTheDocument();
    expect(screen.getByText('16 places')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=HAL%20Ground%2C%20Bengaluru',
    );
    expect(screen.getByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=HAL%20Ground%2C%20Bengaluru',
    );
    expect(screen.getByText('Bring water.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take attendance' })).toHaveAttribute(
      'href',
      `/programs/${event.programId}/events/${event.id}/attendance`,
    );
    const [edit] = screen
      .getAllByRole('link', { name: 'Edit' })
      .filter((link) => link.closest('nav') === null);
    expect(edit).toHaveAttribute('href', `/programs/${event.programId}/events/${event.id}/edit`);
  });

  it('groups the roster by answer and sends the new waitlist order', async () => {
    const event = makeEvent({ capacity: 1 });
    const isha = makeRosterEntry({
      displayName: 'Isha Nair',
      rsvp: makeRsvpState({ answer: 'going', waitlistPosition: 1 }),
    });
    const meera = makeRosterEntry({
      displayName: 'Meera Iyer',
      rsvp: makeRsvpState({ answer: 'going', waitlistPosition: 2 }),
    });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event, {
        roster: [
          makeRosterEntry({
            displayName: 'Kabir Rao',
            rsvp: makeRsvpState({ answer: 'going' }),
            status: 'present',
          }),
          meera,
          isha,
          makeRosterEntry({ displayName: 'Arjun Das', rsvp: makeRsvpState({ answer: 'maybe' }) }),
          makeRosterEntry({
            displayName: 'Tara Sen',
            rsvp: makeRsvpState({ answer: 'declined' }),
          }),
          makeRosterEntry({ displayName: 'Dev Patel' }),
        ],
      }),
      'PUT /api/programs/:programId/events/:eventId/waitlist': () =>
        new Response(null, { status: 204 }),
    });
    const app = renderApp(`/programs/${event.programId}/events/${event.id}`);
    const going = await screen.findByRole('region', { name: 'Going (1)' });
    expect(within(going).getByText('Kabir Rao')).toBeInTheDocument();
    expect(within(going).getByText('Present')).toBeInTheDocument();
    const waitlist = screen.getByRole('region', { name: 'Waitlist (2)' });
    expect(
      within(waitlist)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Isha Nair'), expect.stringContaining('Meera Iyer')]);
    expect(
      within(screen.getByRole('region', { name: 'Maybe (1)' })).getByText('Arjun Das'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: "Can't go (1)" })).getByText('Tara Sen'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'No answer (1)' })).getByText('Dev Patel'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Isha Nair up' })).toBeDisabled();

    await app.user.click(screen.getByRole('button', { name: 'Move Meera Iyer up' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        profileIds: [meera.profileId, isha.profileId],
      }),
    );
  });

  it('cancels one occurrence with a reason, then offers to reinstate it', async () => {
    const event = makeEvent({ title: 'Evening training' });
    let current: EventDetail = makeEventDetail(event);
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': () => current,
      'POST /api/programs/:programId/events/:eventId/cancel': (request) => {
        const { reason } = request.body as { reason: string };
        current = makeEventDetail({
          ...event,
          status: 'cancelled',
          cancelReason: reason,
          cancelledAt: '2025-11-21T06:00:00.000Z',
        });
        return { event: current.event };
      },
    });
    const app = renderApp(`/programs/${event.programId}/events/${event.id}`);
    await app.user.click(await screen.findByRole('button', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Evening training?' });
    await app.user.type(within(dialog).getByLabelText(/^Reason/), 'Ground waterlogged');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel event' }));

    expect(await screen.findByText('Reason: Ground waterlogged')).toBeInTheDocument();
    expect(requests.find((r) => r.path.endsWith('/cancel'))?.body).toEqual({
      reason: 'Ground waterlogged',
    });
    expect(screen.getByText('This event is cancelled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel event' })).toBeNull());
  });

  it("shows the server's 409 when deleting sessions with marks and suggests cancelling", async () => {
    const event = makeEvent({ seriesId: newId() });
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(event, {
        series: makeEventSeriesInfo(),
      }),
      'DELETE /api/programs/:programId/events/:eventId': problem(409, 'conflict', {
        detail: '2 sessions have attendance marks; cancel them instead.',
      }),
    });
    const app = renderApp(`/programs/${event.programId}/events/${event.id}`);
    await app.user.click(await screen.findByRole('button', { name: 'Delete event' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('radio', { name: /^All events/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete event' }));

    expect(
      await within(dialog).findByText('2 sessions have attendance marks; cancel them instead.'),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ scope: 'all' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel the event instead' }));
    expect(
      await screen.findByRole('dialog', { name: `Cancel ${event.title}?` }),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe(`/programs/${event.programId}/events/${event.id}`);
  });

  it('lets a family answer for their child and shows the new state and counts', async () => {
    const event = makeEvent();
    const kabir = newId();
    let current = makeEventDetail(
      event,
      {
        family: [
          { profileId: kabir, displayName: 'Kabir Rao', rsvp: makeRsvpState(), status: null },
        ],
        counts: makeRsvpCounts({ going: 4 }),
      },
      false,
    );
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': () => current,
      'PUT /api/profiles/:profileId/events/:eventId/rsvp': () => {
        const rsvp = makeRsvpState({ answer: 'going', respondedAt: '2025-11-20T10:00:00.000Z' });
        const counts = makeRsvpCounts({ going: 5 });
        current = {
          ...current,
          counts,
          family: [{ profileId: kabir, displayName: 'Kabir Rao', rsvp, status: null }],
        };
        return { rsvp, counts };
      },
    });
    const app = renderApp(`/programs/${event.programId}/events/${event.id}`);
    const answers = await screen.findByRole('group', { name: 'Answer for Kabir Rao' });
    expect(screen.getByText('No answer yet for Kabir Rao.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete event' })).toBeNull();
    expect(within(answers).getByRole('button', { name: 'Going' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await app.user.click(within(answers).getByRole('button', { name: 'Going' }));

    expect(await screen.findByText('Kabir Rao is going.')).toBeInTheDocument();
    expect(within(answers).getByRole('button', { name: 'Going' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('5 going')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/api/profiles/${kabir}/events/${event.id}/rsvp`);
    expect(put?.body).toEqual({ answer: 'going' });
  });

  it('an answer given offline on the program event page says it will be sent, and is sent when back online', async () => {
    const event = makeEvent();
    const kabir = newId();
    let current = makeEventDetail(
      event,
      {
        family: [
          { profileId: kabir, displayName: 'Kabir Rao', rsvp: makeRsvpState(), status: null },
        ],
      },
      false,
    );
    let isUp = false;
    const requests = mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': () => current,
      'PUT /api/profiles/:profileId/events/:eventId/rsvp': () => {
        // A rejected fetch is what a browser gives without a connection.
        if (!isUp) return Promise.reject(new TypeError('Failed to fetch'));
        const rsvp = makeRsvpState({ answer: 'maybe' });
        current = {
          ...current,
          family: [{ profileId: kabir, displayName: 'Kabir Rao', rsvp, status: null }],
        };
        return { rsvp, counts: current.counts };
      },
    });
    const app = renderApp(`/programs/${event.programId}/events/${event.id}`);
    const answers = await screen.findByRole('group', { name: 'Answer for Kabir Rao' });
    await app.user.click(within(answers).getByRole('button', { name: 'Maybe' }));
    expect(
      await screen.findByText(
        "You're offline — Kabir Rao's answer will be sent when you're back online.",
      ),
    ).toBeInTheDocument();
    expect(within(answers).getByRole('button', { name: 'Maybe' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    isUp = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Kabir Rao might go.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ answer: 'maybe' });
  });

  it('keeps each child’s pending answer and error on its own card when answering for two in a row', async () => {
    const event = makeEvent();
    const kabir = newId();
    const diya = newId();
    let current = makeEventDetail(
      event,
      {
        family: [
          { profileId: kabir, displayName: 'Kabir Rao', rsvp: makeRsvpState(), status: null },
          { profileId: diya, displayName: 'Diya Rao', rsvp: makeRsvpState(), status: null },
        ],
        counts: makeRsvpCounts({ going: 4 }),
      },
      false,
    );
    let refuseKabir: () => void = () => {};
    mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': () => current,
      'PUT /api/profiles/:profileId/events/:eventId/rsvp': (_request, params) => {
        if (params.profileId === kabir) {
          return new Promise<Response>((resolve) => {
            refuseKabir = () =>
              resolve(
                problem(409, 'conflict', { detail: 'Answers for this event closed at 5:00 PM.' }),
              );
          });
        }
        const rsvp = makeRsvpState({ answer: 'maybe', respondedAt: '2025-11-20T10:00:00.000Z' });
        const counts = makeRsvpCounts({ going: 4, maybe: 1 });
        current = {
          ...current,
          counts,
          family: current.family.map((member) =>
            member.profileId === diya ? { ...member, rsvp } : member,
          ),
        };
        return { rsvp, counts };
      },
    });
    const app = renderApp(`/programs/${event.programId}/events/${event.id}`);
    const kabirAnswers = await screen.findByRole('group', { name: 'Answer for Kabir Rao' });
    const diyaAnswers = screen.getByRole('group', { name: 'Answer for Diya Rao' });
    const kabirCard = kabirAnswers.parentElement as HTMLElement;
    const diyaCard = diyaAnswers.parentElement as HTMLElement;

    await app.user.click(within(kabirAnswers).getByRole('button', { name: 'Going' }));
    await app.user.click(within(diyaAnswers).getByRole('button', { name: 'Maybe' }));
    expect(await within(diyaCard).findByText('Diya Rao might go.')).toBeInTheDocument();
    // Kabir's answer is still on its way.
    expect(within(kabirAnswers).getByRole('button', { name: 'Going' })).toHaveAttribute(
      'data-loading',
    );

    refuseKabir();
    expect(await within(kabirCard).findByRole('alert')).toHaveTextContent(
      'Answers for this event closed at 5:00 PM.',
    );
    expect(within(kabirAnswers).getByRole('button', { name: 'Going' })).not.toHaveAttribute(
      'data-loading',
    );
    expect(within(kabirCard).getByText('No answer yet for Kabir Rao.')).toBeInTheDocument();
    expect(within(diyaCard).queryByRole('alert')).toBeNull();
    expect(within(diyaAnswers).getByRole('button', { name: 'Maybe' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('disables the answers after the deadline and says why', async () => {
    const event = makeEvent({ rsvpDeadline: '2025-11-21T11:30:00.000Z' });
    mockApi({
      ...session,
      'GET /api/programs/:programId/events/:eventId': makeEventDetail(
        event,
        {
          isRsvpOpen: false,
          family: [
            {
              profileId: newId(),
              displayName: 'Kabir Rao',
              rsvp: makeRsvpState({ answer: 'going', waitlistPosition: 3 }),
              status: null,
            },
          ],
        },
        false,
      ),
    });
    renderApp(`/programs/${event.programId}/events/${event.id}`);
    const answers = await screen.findByRole('group', { name: 'Answer for Kabir Rao' });
    for (const name of ['Going', 'Maybe', "Can't go"]) {
      expect(within(answers).getByRole('button', { name })).toBeDisabled();
    }
    const reason = screen.getByText(
      'Answers closed at Nov 21, 2025, 5:00 PM GMT+5:30. Ask a coach if your plans changed.',
    );
    expect(within(answers).getByRole('button', { name: 'Maybe' })).toHaveAttribute(
      'aria-describedby',
      reason.id,
    );
    expect(screen.getByText(/Kabir Rao is 3rd on the waitlist/)).toBeInTheDocument();
  });
});
