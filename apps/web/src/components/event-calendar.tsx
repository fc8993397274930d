import type { Event } from '@rally/shared/events';
import type {
  DatesSetArg,
  EventClickArg,
  EventInput,
  EventMountArg,
  EventSourceFuncArg,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box, Group, Loader, SegmentedControl, Text, useMantineTheme } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import type { Topic } from '@rally/shared/realtime';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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
 * FullCalendar draws its prev/next chevrons as `<span role="img">` without a
 * name inside buttons already named by their hint ("Previous"); axe reports
 * them (role-img-alt, serious). They are decoration: hidden from assistive
 * technology.
 */
function hideDecorativeIcons(root: HTMLElement): void {
  root.querySelectorAll('.fc-icon:not([aria-hidden])').forEach((icon) => {
    icon.setAttribute('aria-hidden', 'true');
  });
}

/** FullCalendar's plugins and toolbar, one object each for every render (see `EventCalendar`). */
const CALENDAR_PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, luxonPlugin];
const HEADER_TOOLBAR = { left: 'prev,next', center: 'title', right: 'today' };

/** The calendar views offered, in order: on phones (< sm, 600 px) and on larger screens. */
export const CALENDAR_VIEWS = {
  phone: ['listMonth', 'listWeek', 'dayGridMonth'],
  desktop: ['dayGridMonth', 'timeGridWeek', 'listMonth'],
} as const;

type CalendarView = (typeof CALENDAR_VIEWS.phone)[number] | (typeof CALENDAR_VIEWS.desktop)[number];

const VIEW_LABEL_KEY = {
  listMonth: 'calendar.list',
  listWeek: 'calendar.week',
  timeGridWeek: 'calendar.week',
  dayGridMonth: 'calendar.month',
} as const;

/**
 * A month / week / list calendar (FullCalendar with the Luxon plugin, so times
 * show in `timeZone`) that loads the visible range from the API and opens an
 * event's page on click. The view switch sits above the calendar (a
 * segmented control of 44 px radios). On phones (< sm, 600 px, SPEC.md §9)
 * the list is the default, "Week" is the week's agenda (a time grid of seven
 * 50 px columns is unreadable) and month cells show wrapped titles without
 * times (docs/decisions/021). `appearanceOf` colours events, hides
 * some and flags clashes; `legend` sits above the calendar.
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
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    hideDecorativeIcons(root);
    // FullCalendar redraws its toolbar by itself (view and date changes).
    const observer = new MutationObserver(() => hideDecorativeIcons(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
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

  const views: readonly CalendarView[] = isPhone ? CALENDAR_VIEWS.phone : CALENDAR_VIEWS.desktop;
  const [view, setView] = useState<CalendarView>(views[0] ?? 'listMonth');
  const shownView = views.includes(view) ? view : (views[0] ?? 'listMonth');
  const changeView = (next: string) => {
    setView(next as CalendarView);
    calendarRef.current?.getApi().changeView(next);
  };
  // FullCalendar compares most options by identity and rebuilds its views
  // (and re-renders every event) when one changes: every option object and
  // handler below keeps its identity across renders (docs/decisions/018).
  const viewOptions = useMemo(() => {
    // On phones a week's title without the year ("Nov 22 – 28") keeps the toolbar on one line.
    const weekTitle = isPhone
      ? ({ month: 'short', day: 'numeric' } as const)
      : ({ year: 'numeric', month: 'short', day: 'numeric' } as const);
    return {
      timeGridWeek: { titleFormat: weekTitle },
      listWeek: { titleFormat: weekTitle },
      // Phones: no time before the title, so the title has the cell's width and wraps.
      dayGridMonth: { displayEventTime: !isPhone },
    };
  }, [isPhone]);
  const buttonText = useMemo(() => ({ today: t('calendar.today') }), [t]);
  const buttonHints = useMemo(
    () => ({ prev: t('calendar.previous'), next: t('calendar.next') }),
    [t],
  );
  const onDatesSet = useCallback((info: DatesSetArg) => {
    setView(info.view.type as CalendarView);
  }, []);
  const onEventDidMount = useCallback(
    (info: EventMountArg) => {
      const hint = calendarEventHint(info.event.extendedProps, t('event.status.cancelled'));
      if (hint) info.el.setAttribute('title', hint);
    },
    [t],
  );
  return (
    <Box className="rally-calendar" ref={rootRef}>
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
      <SegmentedControl
        mb="xs"
        fullWidth={isPhone}
        aria-label={t('calendar.viewLabel')}
        value={shownView}
        onChange={changeView}
        data={views.map((value) => ({ value, label: t(VIEW_LABEL_KEY[value]) }))}
        styles={{
          label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' },
        }}
      />
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
        plugins={CALENDAR_PLUGINS}
        timeZone={timeZone}
        initialView={shownView}
        headerToolbar={HEADER_TOOLBAR}
        footerToolbar={false}
        buttonText={buttonText}
        buttonHints={buttonHints}
        views={viewOptions}
        datesSet={onDatesSet}
        noEventsText={t('calendar.noEvents')}
        height="auto"
        dayMaxEventRows={3}
        nowIndicator
        events={events}
        loading={setIsLoading}
        eventClick={onEventClick}
        eventDidMount={onEventDidMount}
      />
    </Box>
  );
}
