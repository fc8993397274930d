import type { Event } from '@rally/shared/events';
import type { EventClickArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box, Group, Loader, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
}

/**
 * Converts one Rally event into a FullCalendar event: its instants, a link to
 * its page, and the `rally-event-cancelled` class (struck through) when cancelled.
 */
export function toCalendarEvent<E extends Event>(event: E, href: string): EventInput {
  const isCancelled = event.status === 'cancelled';
  return {
    id: `${event.id}:${href}`,
    title: event.title,
    start: event.startsAt,
    end: event.endsAt,
    url: href,
    classNames: isCancelled ? ['rally-event-cancelled'] : [],
    extendedProps: { status: event.status, kind: event.kind },
  };
}

/**
 * A month / week / list calendar (FullCalendar with the Luxon plugin, so times
 * show in `timeZone`) that loads the visible range from the API and opens an
 * event's page on click. On phones the view buttons move to a footer toolbar
 * and the list view is the default, so it fits 375 px.
 */
export function EventCalendar<E extends Event>({
  timeZone,
  loadEvents,
  hrefOf,
}: EventCalendarProps<E>) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const calendarRef = useRef<FullCalendar>(null);
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
        return list.map((event) => toCalendarEvent(event, hrefOf(event)));
      } catch (error) {
        setLoadError(error);
        throw error;
      }
    },
    [loadEvents, hrefOf],
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
          if (info.event.extendedProps.status === 'cancelled') {
            info.el.setAttribute('title', t('event.status.cancelled'));
          }
        }}
      />
    </Box>
  );
}
