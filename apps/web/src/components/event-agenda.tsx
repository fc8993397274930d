import type { Event } from '@rally/shared/events';
import { ActionIcon, Badge, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalDate, formatLocalDateRange, formatTimeSpan } from '../lib/format';
import {
  addDays,
  agendaDays,
  itemKey,
  todayIn,
  type AgendaRange,
  type CalendarItem,
} from './event-calendar-model';
import './event-agenda.css';

/** Props of {@link EventAgenda}. */
export interface EventAgendaProps<E extends Event> {
  /** The days shown (a month or a week) and the instants they were loaded for. */
  range: AgendaRange;
  /** IANA zone of the calendar: days, times and "today" are read there. */
  timeZone: string;
  /** The range's items (any order), or null before its first answer. */
  items: readonly CalendarItem<E>[] | null;
  /** True while the range loads: placeholders stand in for items not there yet. */
  isLoading: boolean;
  /** Below sm (600 px): a week's title leaves out the year, so the toolbar keeps one line. */
  isPhone: boolean;
  /** Asked to show the range `step` ranges on (-1 previous, 1 next), or today's (0). */
  onNavigate: (step: -1 | 0 | 1) => void;
}

/** The range's title: "November 2025", or a week's "Nov 16 – 22, 2025" ("Nov 16 – 22" on a phone). */
function rangeTitle(range: AgendaRange, locale: string, isPhone: boolean): string {
  if (range.span === 'month') {
    return formatLocalDate(range.start, locale, { month: 'long', year: 'numeric' });
  }
  const options = isPhone
    ? ({ month: 'short', day: 'numeric' } as const)
    : ({ year: 'numeric', month: 'short', day: 'numeric' } as const);
  return formatLocalDateRange(range.start, addDays(range.end, -1), locale, options);
}

/**
 * The calendar's list view (agenda), Rally's own so a phone does not
 * download FullCalendar to show a list (docs/decisions/018): a toolbar
 * (previous, the range's title, next, "Today"; 44 px targets), then the
 * range's events under their day's heading, each a link to its page with
 * its time (in `timeZone`), title, colour bar, "Cancelled" (struck through)
 * and clash note as text, so a screen reader reads them with the link. While
 * the first answer loads: placeholders; with no events: "No events in
 * November 2025."; a failure is the caller's to show (above, with "Try again").
 */
export function EventAgenda<E extends Event>({
  range,
  timeZone,
  items,
  isLoading,
  isPhone,
  onNavigate,
}: EventAgendaProps<E>) {
  const { t, i18n } = useTranslation();
  const title = rangeTitle(range, i18n.language, isPhone);
  const today = todayIn(timeZone);
  const isTodayShown = range.start <= today && today < range.end;
  const days = items && agendaDays(items, range, timeZone);
  return (
    <div>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="sm">
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size={44}
            aria-label={t('calendar.previous')}
            onClick={() => onNavigate(-1)}
          >
            <IconChevronLeft size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size={44}
            aria-label={t('calendar.next')}
            onClick={() => onNavigate(1)}
          >
            <IconChevronRight size={20} aria-hidden />
          </ActionIcon>
        </Group>
        <Title order={2} size="h4" ta="center">
          {title}
        </Title>
        <Button variant="default" h={44} disabled={isTodayShown} onClick={() => onNavigate(0)}>
          {t('calendar.today')}
        </Button>
      </Group>
      {/* The body keeps its place while events load (no layout shift; docs/decisions/018). */}
      <Box mih="24rem" aria-busy={isLoading}>
        {days === null && isLoading && <AgendaPlaceholder />}
        {days?.length === 0 && <Text c="dimmed">{t('calendar.noEvents', { period: title })}</Text>}
        {days?.map((day) => (
          <Box key={day.date} mb="md">
            <Title
              order={3}
              size="sm"
              className="rally-agenda-day"
              aria-current={day.date === today ? 'date' : undefined}
            >
              {formatLocalDate(day.date, i18n.language, {
                weekday: 'long',
                month: 'long',
                day: 'numeric',
              })}
              {day.date === today && (
                <Badge ml="xs" size="sm" variant="light">
                  {t('calendar.today')}
                </Badge>
              )}
            </Title>
            <ul className="rally-agenda-events">
              {day.items.map((item) => (
                <AgendaEvent key={itemKey(item)} item={item} timeZone={timeZone} />
              ))}
            </ul>
          </Box>
        ))}
      </Box>
    </div>
  );
}

/** One event of the agenda: a link (44 px or taller) to its page. */
function AgendaEvent({ item, timeZone }: { item: CalendarItem; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { event, href, appearance } = item;
  const isCancelled = event.status === 'cancelled';
  const time = event.isAllDay
    ? t('calendar.allDay')
    : formatTimeSpan(event.startsAt, event.endsAt, timeZone, i18n.language);
  const colour = appearance.color
    ? ({ '--rally-agenda-color': appearance.color } as CSSProperties)
    : undefined;
  return (
    <li>
      <Link to={href} className="rally-agenda-event" style={colour}>
        {/* The spaces keep the link's accessible name in words ("7:30 PM Training Cancelled"). */}
        <Text span size="sm" className="rally-agenda-time">
          {time}
        </Text>{' '}
        <span>
          <Text span fw={600} td={isCancelled ? 'line-through' : undefined}>
            {appearance.title ?? event.title}
          </Text>
          {isCancelled && (
            <>
              {' '}
              <Badge component="span" size="sm" color="red" variant="light">
                {t('event.status.cancelled')}
              </Badge>
            </>
          )}
          {appearance.clashNote && (
            <>
              {' '}
              <Text span display="block" size="sm" c="red">
                <span aria-hidden>⚠ </span>
                {appearance.clashNote}
              </Text>
            </>
          )}
        </span>
      </Link>
    </li>
  );
}

/** Grey lines in the shape of a day and its events while the range loads (hidden from screen readers). */
function AgendaPlaceholder() {
  return (
    <Stack gap="sm" aria-hidden>
      <Skeleton height={24} width="45%" />
      <Skeleton height={44} />
      <Skeleton height={44} />
      <Skeleton height={24} width="40%" mt="sm" />
      <Skeleton height={44} />
    </Stack>
  );
}
