import type { Event } from '@rally/shared/events';
import { Card, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEventSpan } from '../lib/format';
import { EventTitle } from './event-title';

/** Props of {@link EventList}. */
export interface EventListProps<E extends Event> {
  /** Events in the order to show them (the API answers by start time). */
  events: readonly E[];
  /** The page of one event, e.g. `/p/{profileId}/events/{eventId}`. */
  hrefOf: (event: E) => string;
  /** A second line under the title, e.g. the program or the profile. */
  detailOf?: (event: E) => ReactNode;
  /** Shown instead of the list when there are no events. */
  empty: ReactNode;
}

/**
 * A list of events as links (title, time in the event's zone, cancelled ones
 * struck through and marked). Used on the home, program and profile pages.
 */
export function EventList<E extends Event>({ events, hrefOf, detailOf, empty }: EventListProps<E>) {
  const { i18n } = useTranslation();
  if (events.length === 0) return <>{empty}</>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {events.map((event) => (
        <li key={`${event.id}-${hrefOf(event)}`}>
          <Card withBorder padding="sm">
            <UnstyledButton component={Link} to={hrefOf(event)} style={{ display: 'block' }}>
              <EventTitle title={event.title} isCancelled={event.status === 'cancelled'} />
              <Text size="sm" c="dimmed">
                {formatEventSpan(event.startsAt, event.endsAt, event.timeZone, i18n.language)}
              </Text>
              {detailOf && <Text size="sm">{detailOf(event)}</Text>}
            </UnstyledButton>
          </Card>
        </li>
      ))}
    </Stack>
  );
}
