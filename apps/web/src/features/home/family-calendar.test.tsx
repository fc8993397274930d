import type { ProfileEvent } from '@rally/shared/events';
import type { Profile } from '@rally/shared/profiles';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeEvent, makeHome, makeProfile, makeUser, newId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** An event as the family calendar gets it: one entry per profile. */
function entry(
  profile: Profile,
  overrides: Partial<ProfileEvent> & { id?: string } = {},
): ProfileEvent {
  return {
    ...makeEvent(overrides),
    profileId: profile.id,
    profileName: profile.displayName,
  };
}

/** The calendar's link for an entry, by its title as shown ("Training · Kabir Rao"). */
const eventLink = (title: string) => screen.getByText(title).closest('a') as HTMLAnchorElement;
const dotColour = (link: HTMLElement) =>
  (link.querySelector('.fc-daygrid-event-dot') as HTMLElement | null)?.style.borderColor;

beforeEach(() => {
  // Only the clock: the month shown is November 2025; timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-11-20T06:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('family calendar on /', () => {
  it('colours each profile, flags clashes of different events only, and hides a profile', async () => {
    const asha = makeProfile({ displayName: 'Asha Rao', relationship: 'self' });
    const kabir = makeProfile({ displayName: 'Kabir Rao', relationship: 'guardian' });
    const meetingId = newId();
    const events = [
      entry(kabir, {
        title: 'Training',
        startsAt: '2025-11-21T12:30:00.000Z',
        endsAt: '2025-11-21T14:00:00.000Z',
      }),
      entry(asha, {
        title: 'Match',
        startsAt: '2025-11-21T13:00:00.000Z',
        endsAt: '2025-11-21T15:00:00.000Z',
      }),
      // The same meeting for both children is not a clash.
      entry(asha, {
        id: meetingId,
        title: 'Parents meeting',
        startsAt: '2025-11-22T10:00:00.000Z',
        endsAt: '2025-11-22T11:00:00.000Z',
      }),
      entry(kabir, {
        id: meetingId,
        title: 'Parents meeting',
        startsAt: '2025-11-22T10:00:00.000Z',
        endsAt: '2025-11-22T11:00:00.000Z',
      }),
      // Back to back is not a clash; a cancelled event clashes with nothing.
      entry(kabir, {
        title: 'Swim',
        startsAt: '2025-11-24T10:00:00.000Z',
        endsAt: '2025-11-24T11:00:00.000Z',
      }),
      entry(asha, {
        title: 'Chess',
        startsAt: '2025-11-24T11:00:00.000Z',
        endsAt: '2025-11-24T12:00:00.000Z',
      }),
      entry(asha, {
        title: 'Rained off',
        status: 'cancelled',
        startsAt: '2025-11-24T10:30:00.000Z',
        endsAt: '2025-11-24T11:30:00.000Z',
      }),
    ];
    const requests = mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/home': makeHome({ profiles: [asha, kabir] }),
      'GET /api/family/events': { events },
    });
    const app = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Family calendar' })).toBeInTheDocument();
    // The calendar loads on request: the home page stays light (docs/decisions/019).
    expect(requests.some((r) => r.path === '/api/family/events')).toBe(false);
    await app.user.click(screen.getByRole('button', { name: 'Show the family calendar' }));
    await screen.findByText('Training · Kabir Rao');
    const range = requests.find((r) => r.path === '/api/family/events')?.search;
    expect(range?.get('from')).toMatch(/^2025-1[01]-\d\dT/);
    expect(range?.get('to')).toMatch(/^2025-1[12]-\d\dT/);

    const training = eventLink('Training · Kabir Rao');
    const match = eventLink('Match · Asha Rao');
    expect(training).toHaveAttribute('href', `/p/${kabir.id}/events/${events[0]?.id}`);
    expect(training).toHaveAttribute('title', 'Clashes with Match (Asha Rao)');
    expect(match).toHaveAttribute('title', 'Clashes with Training (Kabir Rao)');
    expect(training).toHaveClass('rally-event-clash');
    for (const title of [
      'Parents meeting · Asha Rao',
      'Parents meeting · Kabir Rao',
      'Swim · Kabir Rao',
      'Chess · Asha Rao',
      'Rained off · Asha Rao',
    ]) {
      expect(eventLink(title)).not.toHaveClass('rally-event-clash');
      expect(eventLink(title)).not.toHaveAttribute('title', expect.stringMatching(/Clashes/));
    }

    // A colour per profile, in the home page's profile order: Asha blue, Kabir pink.
    expect(dotColour(match)).toBe('rgb(25, 113, 194)');
    expect(dotColour(eventLink('Chess · Asha Rao'))).toBe('rgb(25, 113, 194)');
    expect(dotColour(training)).toBe('rgb(194, 37, 92)');
    expect(dotColour(eventLink('Swim · Kabir Rao'))).toBe('rgb(194, 37, 92)');

    // The legend hides and shows a profile.
    const legend = screen.getByRole('group', { name: 'Show:' });
    const ashaToggle = within(legend).getByRole('checkbox', { name: 'Asha Rao' });
    expect(ashaToggle).toBeChecked();
    await app.user.click(ashaToggle);
    await waitFor(() => expect(screen.queryByText('Match · Asha Rao')).toBeNull());
    expect(screen.getByText('Training · Kabir Rao')).toBeInTheDocument();
    await app.user.click(ashaToggle);
    expect(await screen.findByText('Match · Asha Rao')).toBeInTheDocument();
  });

  it('is not shown to someone who manages no profile', async () => {
    // No handler for /api/family/events: a request to it would fail the test.
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/home': makeHome(),
    });
    renderApp('/');
    expect(await screen.findByText(/No upcoming events/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Family calendar' })).toBeNull();
  });
});
