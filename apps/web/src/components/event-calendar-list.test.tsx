import type { Event } from '@rally/shared/events';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { addUiStrings, createI18n } from '../app/i18n';
import scheduleStrings from '../app/locales/en-US/schedule.json';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { ApiError } from '../lib/api-client';
import { FakeWebSocket } from '../test/fake-websocket';
import { makeEvent, makeRealtimeFrame, newId } from '../test/fixtures';
import { fakeMediaQueryList } from '../test/pointer';
import { EventCalendar, type EventCalendarProps } from './event-calendar';

addUiStrings(scheduleStrings);

// Counts downloads of FullCalendar: the factory runs when something first imports it.
const downloads = vi.hoisted(() => ({ fullCalendar: 0 }));
vi.mock('@fullcalendar/react', async (importOriginal) => {
  downloads.fullCalendar += 1;
  return importOriginal();
});

// Today is Thursday 20 November 2025 in Asia/Kolkata (UTC+5:30), where the calendar shows times.
const TIME_ZONE = 'Asia/Kolkata';
const NOVEMBER = { from: '2025-10-31T18:30:00.000Z', to: '2025-11-30T18:30:00.000Z' };

const meeting = makeEvent({
  title: 'Parents meeting',
  startsAt: '2025-11-20T12:30:00.000Z',
  endsAt: '2025-11-20T13:30:00.000Z',
});
const match = makeEvent({
  title: 'Match vs. Koramangala',
  kind: 'match',
  startsAt: '2025-11-21T04:30:00.000Z',
  endsAt: '2025-11-21T06:00:00.000Z',
});
const training = makeEvent({
  title: 'Evening training',
  status: 'cancelled',
  startsAt: '2025-11-21T12:30:00.000Z',
  endsAt: '2025-11-21T14:00:00.000Z',
});
// Saturday 22 and Sunday 23 November where it is held.
const tournament = makeEvent({
  title: 'Tournament',
  isAllDay: true,
  startsAt: '2025-11-21T18:30:00.000Z',
  endsAt: '2025-11-23T18:30:00.000Z',
});
// The API answers by start time.
const NOVEMBER_EVENTS = [meeting, match, training, tournament];

/** Answers like the API: the events that overlap the range. */
const byRange = (range: { from: string; to: string }) =>
  Promise.resolve(
    NOVEMBER_EVENTS.filter((event) => event.startsAt < range.to && event.endsAt > range.from),
  );

/** Makes `(max-width: …)` media queries match, as on a 390 px phone. */
function asPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('max-width')),
  );
}

function renderCalendar(props: Partial<EventCalendarProps<Event>> = {}) {
  const loadEvents = vi.fn(props.loadEvents ?? byRange);
  const view = render(
    <AppProviders queryClient={createQueryClient({ retry: false })} i18n={createI18n()}>
      <MemoryRouter>
        <EventCalendar
          timeZone={TIME_ZONE}
          hrefOf={(event) => `/events/${event.id}`}
          {...props}
          loadEvents={loadEvents}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, loadEvents, user: userEvent.setup() };
}

/** Intl's text with its narrow and thin spaces as plain spaces, to compare with a literal. */
const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u2009\u00a0]/g, ' ');

/** The day headings of the list, in order. */
const dayHeadings = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => plain(heading.textContent));

/** The link of an event, by its title. */
const linkOf = (title: string) => screen.getByText(title).closest('a') as HTMLAnchorElement;

/** The view switch's radio of a view. */
const viewRadio = (name: string) =>
  within(screen.getByRole('radiogroup', { name: 'Calendar view' })).getByRole('radio', { name });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-11-20T06:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the calendar list on a phone', () => {
  it('lists the month’s events under their days as links, without downloading FullCalendar', async () => {
    asPhone();
    const { loadEvents } = renderCalendar();

    await screen.findByText('Match vs. Koramangala');
    expect(screen.getByRole('heading', { level: 2, name: 'November 2025' })).toBeInTheDocument();
    expect(loadEvents).toHaveBeenCalledExactlyOnceWith(NOVEMBER);
    expect(dayHeadings()).toEqual([
      'Thursday, November 20Today',
      'Friday, November 21',
      'Saturday, November 22',
      'Sunday, November 23',
    ]);
    expect(screen.getByRole('heading', { level: 3, name: /^Thursday/ })).toHaveAttribute(
      'aria-current',
      'date',
    );
    // One link per event and day, in the day's order: all-day first, then by time.
    const links = screen.getAllByRole('link');
    expect(links.map((link) => plain(link.textContent))).toEqual([
      '6:00 – 7:00 PM Parents meeting',
      '10:00 – 11:30 AM Match vs. Koramangala',
      '6:00 – 7:30 PM Evening training Cancelled',
      'All day Tournament',
      'All day Tournament',
    ]);
    expect(linkOf('Match vs. Koramangala')).toHaveAttribute('href', `/events/${match.id}`);
    // Cancelled: struck through, and said in words, inside the link a screen reader reads.
    expect(screen.getByText('Evening training')).toHaveStyle({ textDecoration: 'line-through' });
    expect(screen.getByRole('link', { name: /Evening training Cancelled/ })).toHaveAttribute(
      'href',
      `/events/${training.id}`,
    );
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();
    expect(downloads.fullCalendar).toBe(0);
  });

  it('moves by month and by week, loading each range, and says when one has no events', async () => {
    asPhone();
    const { loadEvents, user } = renderCalendar();
    await screen.findByText('Match vs. Koramangala');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('No events in December 2025.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'December 2025' })).toBeInTheDocument();
    expect(loadEvents).toHaveBeenLastCalledWith({
      from: '2025-11-30T18:30:00.000Z',
      to: '2025-12-31T18:30:00.000Z',
    });
    expect(screen.queryByText('Match vs. Koramangala')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('No events in October 2025.')).toBeInTheDocument();
    expect(loadEvents).toHaveBeenLastCalledWith({
      from: '2025-09-30T18:30:00.000Z',
      to: '2025-10-31T18:30:00.000Z',
    });

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText('Match vs. Koramangala')).toBeInTheDocument();
    expect(loadEvents).toHaveBeenLastCalledWith(NOVEMBER);

    // The week's agenda: Sunday to Saturday, its title without the year on a phone.
    await user.click(viewRadio('Week'));
    await screen.findByText('Match vs. Koramangala');
    expect(plain(screen.getByRole('heading', { level: 2 }).textContent)).toBe('Nov 16 – 22');
    expect(loadEvents).toHaveBeenLastCalledWith({
      from: '2025-11-15T18:30:00.000Z',
      to: '2025-11-22T18:30:00.000Z',
    });
    expect(dayHeadings()).toEqual([
      'Thursday, November 20Today',
      'Friday, November 21',
      'Saturday, November 22',
    ]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(dayHeadings()).toEqual(['Sunday, November 23']));
    expect(loadEvents).toHaveBeenLastCalledWith({
      from: '2025-11-22T18:30:00.000Z',
      to: '2025-11-29T18:30:00.000Z',
    });
    expect(screen.getByRole('link', { name: 'All day Tournament' })).toBeInTheDocument();
    expect(downloads.fullCalendar).toBe(0);
  });

  it('shows a failed load with Try again, which loads the range again', async () => {
    asPhone();
    const offline = new ApiError({ status: 0, code: 'network_error', title: 'Network error' });
    const loadEvents = vi
      .fn<(range: { from: string; to: string }) => Promise<readonly Event[]>>()
      .mockRejectedValueOnce(offline)
      .mockImplementation(byRange);
    const { user } = renderCalendar({ loadEvents });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/internet connection/);
    expect(screen.queryByText(/No events/)).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Match vs. Koramangala')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loadEvents).toHaveBeenCalledTimes(2);
    expect(loadEvents).toHaveBeenLastCalledWith(NOVEMBER);
  });

  it('shows each event’s colour, title and clash note, and leaves out hidden ones', async () => {
    asPhone();
    renderCalendar({
      appearanceOf: () => (event) =>
        event.id === meeting.id
          ? null
          : {
              color: '#1971c2',
              title: `${event.title} · Kabir Rao`,
              clashNote: event.id === match.id ? 'Clashes with Swim (Asha Rao)' : undefined,
            },
    });

    const link = (await screen.findByText('Match vs. Koramangala · Kabir Rao')).closest('a');
    expect(link).toHaveAccessibleName(
      /Match vs\. Koramangala · Kabir Rao.*Clashes with Swim \(Asha Rao\)/,
    );
    expect(link?.style.getPropertyValue('--rally-agenda-color')).toBe('#1971c2');
    expect(screen.queryByText(/Parents meeting/)).toBeNull();
    expect(screen.getAllByText(/Clashes with/)).toHaveLength(1);
  });

  it('reloads the range shown when one of its live topics changes', async () => {
    asPhone();
    const topic = `profile:${newId()}` as const;
    let answer: Event[] = [match];
    const { loadEvents } = renderCalendar({
      loadEvents: (range) => Promise.resolve(range.from === NOVEMBER.from ? answer : []),
      liveTopics: [topic],
    });
    await screen.findByText('Match vs. Koramangala');
    await waitFor(() => expect(FakeWebSocket.instances).not.toHaveLength(0));
    const socket = FakeWebSocket.latest();
    socket.acceptAsServer('u1');
    socket.confirmSubscriptions();

    answer = [match, training];
    socket.receive(makeRealtimeFrame(topic, 'event.created'));

    expect(await screen.findByText('Evening training')).toBeInTheDocument();
    expect(loadEvents).toHaveBeenLastCalledWith(NOVEMBER);
    // The list stayed up while it reloaded.
    expect(screen.getByText('Match vs. Koramangala')).toBeInTheDocument();
  });
});

describe('the calendar grids', () => {
  it('downloads FullCalendar when Month is chosen, opening on the month the list showed', async () => {
    asPhone();
    const { container, loadEvents, user } = renderCalendar();
    await screen.findByText('Match vs. Koramangala');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('No events in December 2025.');
    expect(downloads.fullCalendar).toBe(0);

    await user.click(viewRadio('Month'));
    await waitFor(() => expect(container.querySelector('.fc-dayGridMonth-view')).not.toBeNull());
    expect(downloads.fullCalendar).toBe(1);
    expect(screen.getByRole('heading', { level: 2, name: 'December 2025' })).toBeInTheDocument();
    // The grid's six weeks, from Sunday 30 November in Kolkata.
    await waitFor(() =>
      expect(loadEvents).toHaveBeenLastCalledWith({
        from: '2025-11-29T18:30:00.000Z',
        to: '2026-01-10T18:30:00.000Z',
      }),
    );

    // Back to the list: the month the grid showed.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'November 2025' })).toBeInTheDocument(),
    );
    await user.click(viewRadio('List'));
    expect(await screen.findByText('Match vs. Koramangala')).toBeInTheDocument();
    expect(loadEvents).toHaveBeenLastCalledWith(NOVEMBER);
  });
});
