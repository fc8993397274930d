import type { Event } from '@rally/shared/events';
import type {
  DatesSetArg,
  EventClickArg,
  EventInput,
  EventMountArg,
  EventSourceFuncArg,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toLocalDateTime } from '../lib/format';
import type { CalendarItem, EventAppearance } from './event-calendar-model';
import './event-calendar.css';

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

/** FullCalendar's plugins and toolbar, one object each for every render (docs/decisions/018). */
const CALENDAR_PLUGINS = [dayGridPlugin, timeGridPlugin, luxonPlugin];
const HEADER_TOOLBAR = { left: 'prev,next', center: 'title', right: 'today' };

/** The views the grid draws: the month, and the week as a time grid (larger screens). */
export type GridView = 'dayGridMonth' | 'timeGridWeek';

/** Props of {@link EventCalendarGrid}. */
export interface EventCalendarGridProps {
  view: GridView;
  /** IANA zone the grid shows times and days in. */
  timeZone: string;
  /** The local date (`YYYY-MM-DD`, in `timeZone`) to open at; read once, when the grid mounts. */
  initialDate: string;
  /** Below sm (600 px): month cells drop the time so titles get the width and wrap. */
  isPhone: boolean;
  /** Loads the items of a `[from, to)` window of UTC ISO instants (the visible range). */
  loadItems: (range: { from: string; to: string }) => Promise<readonly CalendarItem[]>;
  /** Each change reloads the visible range (a realtime change, "Try again"). */
  reloadKey: number;
  /** Told the first local day (`YYYY-MM-DD`) of the period shown, after each move. */
  onDateChange: (date: string) => void;
  /** Told when a load starts (true) and when it ends (false). */
  onLoadingChange: (isLoading: boolean) => void;
  /** Told a load's failure, and null when the next load starts. */
  onLoadError: (error: unknown) => void;
}

/**
 * The month and week grids of `EventCalendar` (FullCalendar with the Luxon
 * plugin, so times show in `timeZone`), loaded on first use: FullCalendar
 * and Luxon are ~80 KB brotli that a phone's list view does not need
 * (docs/decisions/018). Loads the visible range through `loadItems` and
 * opens an event's page on click, in the app (a modified click is the
 * browser's, e.g. a new tab).
 */
export function EventCalendarGrid({
  view,
  timeZone,
  initialDate,
  isPhone,
  loadItems,
  reloadKey,
  onDateChange,
  onLoadingChange,
  onLoadError,
}: EventCalendarGridProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const calendarRef = useRef<FullCalendar>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [firstDate] = useState(initialDate);
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    hideDecorativeIcons(root);
    // FullCalendar redraws its toolbar by itself (view and date changes).
    const observer = new MutationObserver(() => hideDecorativeIcons(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (api && api.view.type !== view) api.changeView(view);
  }, [view]);
  const reloadKeyAtMount = useRef(reloadKey);
  useEffect(() => {
    if (reloadKey !== reloadKeyAtMount.current) calendarRef.current?.getApi().refetchEvents();
  }, [reloadKey]);

  const events = useCallback(
    async (arg: EventSourceFuncArg): Promise<EventInput[]> => {
      onLoadError(null);
      try {
        const items = await loadItems({ from: arg.start.toISOString(), to: arg.end.toISOString() });
        return items.map((item) => toCalendarEvent(item.event, item.href, item.appearance));
      } catch (error) {
        onLoadError(error);
        throw error;
      }
    },
    [loadItems, onLoadError],
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
  // FullCalendar compares most options by identity and rebuilds its views
  // (and re-renders every event) when one changes: every option object and
  // handler below keeps its identity across renders (docs/decisions/018).
  const viewOptions = useMemo(
    () => ({
      timeGridWeek: { titleFormat: { year: 'numeric', month: 'short', day: 'numeric' } as const },
      // Phones: no time before the title, so the title has the cell's width and wraps.
      dayGridMonth: { displayEventTime: !isPhone },
    }),
    [isPhone],
  );
  const buttonText = useMemo(() => ({ today: t('calendar.today') }), [t]);
  const buttonHints = useMemo(
    () => ({ prev: t('calendar.previous'), next: t('calendar.next') }),
    [t],
  );
  const onDatesSet = useCallback(
    (info: DatesSetArg) => onDateChange(localDate(info.view.currentStart.toISOString(), timeZone)),
    [onDateChange, timeZone],
  );
  const onEventDidMount = useCallback(
    (info: EventMountArg) => {
      const hint = calendarEventHint(info.event.extendedProps, t('event.status.cancelled'));
      if (hint) info.el.setAttribute('title', hint);
    },
    [t],
  );
  return (
    <div className="rally-calendar" ref={rootRef}>
      <FullCalendar
        ref={calendarRef}
        plugins={CALENDAR_PLUGINS}
        timeZone={timeZone}
        initialView={view}
        initialDate={firstDate}
        headerToolbar={HEADER_TOOLBAR}
        footerToolbar={false}
        buttonText={buttonText}
        buttonHints={buttonHints}
        views={viewOptions}
        datesSet={onDatesSet}
        height="auto"
        dayMaxEventRows={3}
        nowIndicator
        events={events}
        loading={onLoadingChange}
        eventClick={onEventClick}
        eventDidMount={onEventDidMount}
      />
    </div>
  );
}
