import type { Event } from '@rally/shared/events';
import type { EventClickArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box, Group, Loader, Text, useMantineTheme } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import type { Topic } from '@rally/shared/realtime';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toLocalDateTime } from '../lib/format';
import { useRealtimeTopics } from '../lib/realtime';
import { ErrorAlert } from './error-alert';
import './event-calendar.css';

/** Props of {@link EventCalendar}. */
export interface EventCalendarProps<E extends Event> {
  /** IANA zone the calendar shows times in (the program's, or the viewer's for a profile). */
  timeZone: string;
  /** Loads the events of a `[from, to)` window of ISO instants (the visible range). */
  loadEvents: (range: { from: string; to: string }) => Promise<readonly E[]>;
  /** The page an event opens when clicked. */
  hrefOf: (event: E) => string;
  /**
   * Styles the events of each loaded range: called with all of them (so it can
   * compare them, e.g. find clashes) and returns each event's look, or null to
   * leave the event out (a hidden profile). Give a stable function (useCallback):
   * a new one reloads the events.
   */
  appearanceOf?: (events: readonly E[]) => (event: E) => EventAppearance | null;
  /** Shown above the calendar, e.g. a colour legend. */
  legend?: ReactNode;
  /**
   * Realtime topics whose events change what the calendar shows (the
   * program's, or the profiles'): the visible range reloads on each of them
   * (once per burst) and after a reconnect (DESIGN.md §4).
   */
  liveTopics?: readonly Topic[];
}

/**
 * How one event looks on an {@link EventCalendar}. `color` (any CSS colour)
 * fills it; its text is white, so pick colours with >= 4.5:1 contrast.
 * `title` replaces the event's own (e.g. with the profile's name).
 * `clashNote` marks an event that overlaps another: the `rally-event-clash`
 * style and the note as the event's accessible title ("Clashes with …").
 */
export interface EventAppearance {
  color?: string;
  title?: string;
  clashNote?: string;
}

/**
 * Converts one Rally event into a FullCalendar event: its instants, a link to
 * its page, and the `rally-event-cancelled` class (struck through) when
 * cancelled; with an `appearance`, its colour, title and clash style.
 */
export function toCalendarEvent<E extends Event>(
  event: E,
  href: string,
  appearance: EventAppearance = {},
): EventInput {
  const isCancelled = event.status === 'cancelled';
  const classNames: string[] = [];
  if (isCancelled) classNames.push('rally-event-cancelled');
  if (appearance.clashNote) classNames.push('rally-event-clash');
  return {
    id: `${event.id}:${href}`,
    title: appearance.title ?? event.title,
    // An all-day event covers whole local days where it is held, whatever zone the calendar shows.
    ...(event.isAllDay
      ? {
          allDay: true,
          start: localDate(event.startsAt, event.timeZone),
          end: localDate(event.endsAt, event.timeZone),
        }
      : { start: event.startsAt, end: event.endsAt }),
    url: href,
    classNames,
    ...(appearance.color
      ? { backgroundColor: appearance.color, borderColor: appearance.color, textColor: '#fff' }
      : {}),
    extendedProps: { status: event.status, kind: event.kind, clashNote: appearance.clashNote },
  };
}

/** The local date `YYYY-MM-DD` of `instant` (UTC ISO) in `timeZone`. */
function localDate(instant: string, timeZone: string): string {
  return toLocalDateTime(new Date(instant), timeZone).slice(0, 10);
}

/** The accessible title of a calendar event: its clash note, else "Cancelled" when cancelled. */
export function calendarEventHint(
  extendedProps: Record<string, unknown>,
  cancelledLabel: string,
): string | null {
  if (typeof extendedProps.clashNote === 'string') return extendedProps.clashNote;
  return extendedProps.status === 'cancelled' ? cancelledLabel : null;
}

/**
 * A month / week / list calendar (FullCalendar with the Luxon plugin, so times
 * show in `timeZone`) that loads the visible range from the API and opens an
 * event's page on click. On phones the view buttons move to a footer toolbar
 * and the list view is the default, so it fits 375 px. `appearanceOf` colours
 * events, hides some and flags clashes; `legend` sits above the calendar.
 */
export function EventCalendar<E extends Event>({
  timeZone,
  loadEvents,
  hrefOf,
  appearanceOf,
  legend,
  liveTopics = [],
}: EventCalendarProps<E>) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const calendarRef = useRef<FullCalendar>(null);
  const reload = useDebouncedCallback(() => calendarRef.current?.getApi().refetchEvents(), 250);
  useRealtimeTopics(liveTopics, reload, { onResync: reload });
  const [isLoading, setIsLoading] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);

  const events = useCallback(
    async (arg: EventSourceFuncArg): Promise<EventInput[]> => {
      setLoadError(null);
      try {
        const list = await loadEvents({
          from: arg.start.toISOString(),
          to: arg.end.toISOString(),
        });
        if (!appearanceOf) return list.map((event) => toCalendarEvent(event, hrefOf(event)));
        const look = appearanceOf(list);
        return list.flatMap((event) => {
          const appearance = look(event);
          return appearance ? [toCalendarEvent(event, hrefOf(event), appearance)] : [];
        });
      } catch (error) {
        setLoadError(error);
        throw error;
      }
    },
    [loadEvents, hrefOf, appearanceOf],
  );

  const onEventClick = useCallback(
    (info: EventClickArg) => {
      const { jsEvent } = info;
      if (jsEvent.metaKey || jsEvent.ctrlKey || jsEvent.shiftKey || jsEvent.button === 1) return;
      jsEvent.preventDefault();
      if (info.event.url) void navigate(info.event.url);
    },
    [navigate],
  );

  const views = 'dayGridMonth,timeGridWeek,listMonth';
  // On phones a week's title without the year ("Nov 22 – 28") keeps the toolbar on one line.
  const weekTitle = isPhone
    ? ({ month: 'short', day: 'numeric' } as const)
    : ({ year: 'numeric', month: 'short', day: 'numeric' } as const);
  return (
    <Box className="rally-calendar">
      <Group gap="xs" mih={24} mb="xs" aria-live="polite">
        {isLoading && (
          <>
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('calendar.loading')}</Text>
          </>
        )}
        <Text size="sm" c="dimmed">
          {t('calendar.timeZoneNote', { timeZone })}
        </Text>
      </Group>
      {legend}
      {loadError !== null && (
        <Box mb="sm">
          <ErrorAlert
            error={loadError}
            onRetry={() => calendarRef.current?.getApi().refetchEvents()}
          />
        </Box>
      )}
      <FullCalendar
        ref={calendarRef}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, luxonPlugin]}
        timeZone={timeZone}
        initialView={isPhone ? 'listMonth' : 'dayGridMonth'}
        headerToolbar={
          isPhone
            ? { left: 'prev,next', center: 'title', right: 'today' }
            : { left: 'prev,next today', center: 'title', right: views }
        }
        footerToolbar={isPhone ? { center: views } : false}
        buttonText={{
          today: t('calendar.today'),
          month: t('calendar.month'),
          week: t('calendar.week'),
          list: t('calendar.list'),
        }}
        buttonHints={{ prev: t('calendar.previous'), next: t('calendar.next') }}
        views={{
          listMonth: { buttonText: t('calendar.list') },
          timeGridWeek: { buttonText: t('calendar.week'), titleFormat: weekTitle },
          dayGridMonth: { buttonText: t('calendar.month') },
        }}
        noEventsText={t('calendar.noEvents')}
        height="auto"
        dayMaxEventRows={3}
        nowIndicator
        events={events}
        loading={setIsLoading}
        eventClick={onEventClick}
        eventDidMount={(info) => {
          const hint = calendarEventHint(info.event.extendedProps, t('event.status.cancelled'));
          if (hint) info.el.setAttribute('title', hint);
        }}
      />
    </Box>
  );
}
