import type { EventStatus } from '@rally/shared/events';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EventTitle } from '../../../components/event-title';
import { formatEventSpan } from '../../../lib/format';

/** Props of {@link EventCardHeading}. */
export interface EventCardHeadingProps {
  /** The event as the home answer carries it (`startsAt`/`endsAt` ISO 8601 instants, IANA `timeZone`). */
  event: {
    title: string;
    status: EventStatus;
    startsAt: string;
    endsAt: string;
    timeZone: string;
  };
  /** Where the title links to (the event's page for this reader). */
  to: string;
}

/**
 * The top of a home card (docs/decisions/019), the same for staff and
 * families: the event's title as a link (struck through and badged when
 * cancelled) and its time span written the app's one way (lib/format).
 */
export function EventCardHeading({ event, to }: EventCardHeadingProps) {
  const { i18n } = useTranslation();
  return (
    <>
      <EventTitle title={event.title} isCancelled={event.status === 'cancelled'} to={to} />
      <Text size="sm">
        {formatEventSpan(event.startsAt, event.endsAt, event.timeZone, i18n.language)}
      </Text>
    </>
  );
}
