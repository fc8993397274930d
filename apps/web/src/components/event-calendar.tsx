import type { Event } from '@rally/shared/events';
import {
  Box,
  Group,
  Loader,
  SegmentedControl,
  Skeleton,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import type { Topic } from '@rally/shared/realtime';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFailedError, lazyPart } from '../lib/lazy-part';
import { useRealtimeTopics } from '../lib/realtime';
import { ErrorAlert } from './error-alert';
import { EventAgenda } from './event-agenda';
import {
  agendaRange,
  calendarItems,
  shiftAnchor,
  todayIn,
  type AgendaSpan,
  type EventAppearance,
} from './event-calendar-model';
import { useRangeEvents, type InstantRange } from './use-range-events';

// FullCalendar and Luxon (~80 KB brotli) load only when a grid is shown: a
// phone opens on the list, which is Rally's own (docs/decisions/018).
const EventCalendarGrid = lazyPart(() =>
  import('./event-calendar-grid').then((module) => module.EventCalendarGrid),
);

/** Props of {@link EventCalendar}. */
export interface EventCalendarProps<E extends Event> {
  /** IANA zone the calendar shows times in (the program's, or the viewer's for a profile). */
  timeZone: string;
  /** Loads the events of a `[from, to)` window of ISO instants (the visible range). */
  loadEvents: (range: InstantRange) => Promise<readonly E[]>;
  /** The page an event opens when clicked. */
  hrefOf: (event: E) => string;
  /**
   * Styles the events of each loaded range: called with all of them (so it can
   * compare them, e.g. find clashes) and returns each event's look, or null to
   * leave the event out (a hidden profile). Give a stable function (useCallback):
   * a new one restyles the list and reloads a grid's events.
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

/** The list views (Rally's agenda) and what they cover; the other views are FullCalendar's grids. */
const AGENDA_SPAN = { listMonth: 'month', listWeek: 'week' } as const satisfies Partial<
  Record<CalendarView, AgendaSpan>
>;

const isAgendaView = (view: CalendarView): view is keyof typeof AGENDA_SPAN => view in AGENDA_SPAN;

/**
 * A month / week / list calendar that loads the visible range from the API
 * and opens an event's page. The view switch sits above the calendar (a
 * segmented control of 44 px radios). On phones (< sm, 600 px, SPEC.md §9)
 * the list is the default, "Week" is the week's agenda (a time grid of seven
 * 50 px columns is unreadable) and month cells show wrapped titles without
 * times (docs/decisions/021). The list views are Rally's own
 * (`EventAgenda`); the month and week grids are FullCalendar's, downloaded
 * when first shown (docs/decisions/018). Every view keeps the period shown
 * when the switch changes it. `appearanceOf` colours events, hides some and
 * flags clashes; `legend` sits above the calendar.
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
  const isPhone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const views: readonly CalendarView[] = isPhone ? CALENDAR_VIEWS.phone : CALENDAR_VIEWS.desktop;
  const [view, setView] = useState<CalendarView>(views[0] ?? 'listMonth');
  const shownView = views.includes(view) ? view : (views[0] ?? 'listMonth');
  // A local date in `timeZone` inside the period shown, shared by every view.
  const [anchor, setAnchor] = useState(() => todayIn(timeZone));
  const [reloadKey, setReloadKey] = useState(0);
  const reloadNow = useCallback(() => setReloadKey((key) => key + 1), []);
  const reload = useDebouncedCallback(reloadNow, 250);
  useRealtimeTopics(liveTopics, reload, { onResync: reload });

  const span = isAgendaView(shownView) ? AGENDA_SPAN[shownView] : null;
  const range = useMemo(
    () => (span ? agendaRange(span, anchor, timeZone) : null),
    [span, anchor, timeZone],
  );
  const agenda = useRangeEvents(range, loadEvents, reloadKey);
  const items = useMemo(
    () => agenda.events && calendarItems(agenda.events, hrefOf, appearanceOf),
    [agenda.events, hrefOf, appearanceOf],
  );

  const [isGridLoading, setIsGridLoading] = useState(false);
  const [gridError, setGridError] = useState<unknown>(null);
  const loadItems = useCallback(
    async (visible: InstantRange) => calendarItems(await loadEvents(visible), hrefOf, appearanceOf),
    [loadEvents, hrefOf, appearanceOf],
  );

  const isLoading = span ? agenda.isLoading : isGridLoading;
  const loadError = span ? agenda.error : gridError;
  const changeView = (next: string) => {
    setView(next as CalendarView);
    setIsGridLoading(false);
    setGridError(null);
  };
  const moveAgenda = (step: -1 | 0 | 1) => {
    if (!span) return;
    setAnchor(step === 0 ? todayIn(timeZone) : shiftAnchor(span, anchor, step));
  };
  return (
    <Box>
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
          <ErrorAlert error={loadError} onRetry={reloadNow} />
        </Box>
      )}
      {range ? (
        <EventAgenda
          range={range}
          timeZone={timeZone}
          items={items}
          isLoading={agenda.isLoading}
          isPhone={isPhone}
          onNavigate={moveAgenda}
        />
      ) : (
        <EventCalendarGrid
          view={shownView === 'timeGridWeek' ? 'timeGridWeek' : 'dayGridMonth'}
          timeZone={timeZone}
          initialDate={anchor}
          isPhone={isPhone}
          loadItems={loadItems}
          reloadKey={reloadKey}
          onDateChange={setAnchor}
          onLoadingChange={setIsGridLoading}
          onLoadError={setGridError}
          retryKey={shownView}
          fallback={<Skeleton height="24rem" />}
          failed={(retry) => <ErrorAlert error={downloadFailedError} onRetry={retry} />}
        />
      )}
    </Box>
  );
}
