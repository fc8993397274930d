import type { Event } from '@rally/shared/events';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatEventSpan, mapsSearchUrl } from '../lib/format';

/** Props of {@link EventSummary}. */
export interface EventSummaryProps {
  /** The event; its times are shown in its own `timeZone`. */
  event: Event;
}

/**
 * The facts of one event: kind, status, when (in the event's time zone, named
 * next to the time), where (with a Google Maps link) and the description.
 * Shared by the program-event and profile-event pages.
 */
export function EventSummary({ event }: EventSummaryProps) {
  const { t, i18n } = useTranslation();
  const isCancelled = event.status === 'cancelled';
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light">{t(`event.kind.${event.kind}`)}</Badge>
        <Badge variant="light" color={isCancelled ? 'red' : 'green'}>
          {t(`event.status.${event.status}`)}
        </Badge>
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconCalendarEvent size={20} aria-hidden style={{ flexShrink: 0 }} />
        <div>
          <Text td={isCancelled ? 'line-through' : undefined}>
            {formatEventSpan(event.startsAt, event.endsAt, event.timeZone, i18n.language)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('event.timeZoneNote', { timeZone: event.timeZone })}
          </Text>
        </div>
      </Group>
      {event.location !== '' && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconMapPin size={20} aria-hidden style={{ flexShrink: 0 }} />
          <div>
            <Text>{event.location}</Text>
            <Anchor href={mapsSearchUrl(event.location)} target="_blank" rel="noopener noreferrer">
              {t('event.openMap')}
            </Anchor>
          </div>
        </Group>
      )}
      {event.description !== '' && (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{event.description}</Text>
      )}
    </Stack>
  );
}
