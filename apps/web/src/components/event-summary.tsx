import type { Event } from '@rally/shared/events';
import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import {
  IconCalendarEvent,
  IconClockHour4,
  IconMapPin,
  IconRepeat,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canonicalTimeZone,
  formatDateTime,
  formatEventSpan,
  isOtherZone,
  mapsSearchUrl,
  viewerTimeZone,
  zoneOffsetLabel,
  dateTimeFormat,
} from '../lib/format';

/** Props of {@link EventSummary}. */
export interface EventSummaryProps {
  /** The event; its times are shown in its own `timeZone`. */
  event: Event;
  /** How its series repeats ("Weekly on Mon and Wed"), for an occurrence of one. */
  repeatText?: string | null;
  /**
   * Whether answers are still open, as the server judged it (the event
   * detail's `isRsvpOpen`): the device's clock may be wrong.
   */
  isRsvpOpen: boolean;
}

/** A Google Maps directions link to a free-text location (Maps URLs API, `api=1`). */
export function mapsDirectionsUrl(location: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(location)}`;
}

/**
 * The days of an all-day event, e.g. "Sat, Dec 6 – Sun, Dec 7, 2025": its
 * `startsAt` is local midnight of its first day and `endsAt` local midnight
 * after its last (packages/shared/src/events.ts), both UTC ISO, shown in `timeZone`.
 */
export function formatAllDaySpan(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale?: string,
): string {
  const format = dateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  const start = new Date(startsAt);
  const lastDay = new Date(Math.max(start.getTime(), new Date(endsAt).getTime() - 60_000));
  return format.formatRange(start, lastDay);
}

/**
 * The facts of one event: kind, status and "All day"; a cancelled banner
 * with the reason; when (in the event's time zone, named once below the time
 * when the viewer's clock differs, docs/decisions/021)
 * and how it repeats; where (with Google Maps and directions links); how
 * many places it has; when answers close; and the description. Shared by the
 * program-event and profile-event pages.
 */
export function EventSummary({ event, repeatText, isRsvpOpen }: EventSummaryProps) {
  const { t, i18n } = useTranslation();
  const isCancelled = event.status === 'cancelled';
  // The zone is named once, in the note under the time, and only when the viewer's clock differs.
  const zoneNote = isOtherZone(new Date(event.startsAt), event.timeZone, viewerTimeZone())
    ? t('event.timeZoneNote', {
        timeZone: `${canonicalTimeZone(event.timeZone)}, ${zoneOffsetLabel(new Date(event.startsAt), event.timeZone, i18n.language)}`,
      })
    : null;
  const span = event.isAllDay
    ? formatAllDaySpan(event.startsAt, event.endsAt, event.timeZone, i18n.language)
    : formatEventSpan(event.startsAt, event.endsAt, event.timeZone, i18n.language, event.timeZone);
  const deadline = formatDateTime(
    event.rsvpDeadline,
    event.timeZone,
    i18n.language,
    event.timeZone,
  );
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light">{t(`event.kind.${event.kind}`)}</Badge>
        <Badge variant="light" color={isCancelled ? 'red' : 'green'}>
          {t(`event.status.${event.status}`)}
        </Badge>
        {event.isAllDay && (
          <Badge variant="light" color="gray">
            {t('eventSummary.allDay')}
          </Badge>
        )}
      </Group>
      {isCancelled && (
        <Alert color="red" variant="light" title={t('eventSummary.cancelledTitle')}>
          {event.cancelReason
            ? t('eventSummary.cancelledReason', { reason: event.cancelReason })
            : t('eventSummary.cancelledNoReason')}
        </Alert>
      )}
      <Fact icon={<IconCalendarEvent size={20} aria-hidden />}>
        <Text td={isCancelled ? 'line-through' : undefined}>{span}</Text>
        {zoneNote && (
          <Text size="sm" c="dimmed">
            {zoneNote}
          </Text>
        )}
      </Fact>
      {repeatText && (
        <Fact icon={<IconRepeat size={20} aria-hidden />}>
          <Text>{repeatText}</Text>
        </Fact>
      )}
      {event.location !== '' && (
        <Fact icon={<IconMapPin size={20} aria-hidden />}>
          <Text>{event.location}</Text>
          <Group gap="md">
            <Anchor href={mapsSearchUrl(event.location)} target="_blank" rel="noopener noreferrer">
              {t('event.openMap')}
            </Anchor>
            <Anchor
              href={mapsDirectionsUrl(event.location)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('eventSummary.directions')}
            </Anchor>
          </Group>
        </Fact>
      )}
      {event.capacity !== null && (
        <Fact icon={<IconUsersGroup size={20} aria-hidden />}>
          <Text>{t('eventSummary.capacity', { count: event.capacity })}</Text>
        </Fact>
      )}
      {!isCancelled && (
        <Fact icon={<IconClockHour4 size={20} aria-hidden />}>
          <Text>
            {!isRsvpOpen
              ? t('eventSummary.rsvpClosed', { time: deadline })
              : t('eventSummary.rsvpCloses', { time: deadline })}
          </Text>
        </Fact>
      )}
      {event.description !== '' && (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{event.description}</Text>
      )}
    </Stack>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <span style={{ flexShrink: 0, display: 'inline-flex' }}>{icon}</span>
      <div>{children}</div>
    </Group>
  );
}
