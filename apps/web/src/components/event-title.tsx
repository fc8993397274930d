import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Props of {@link EventTitle}. */
export interface EventTitleProps {
  /** The event's title. */
  title: string;
  /** Struck through and marked "Cancelled" when true. */
  isCancelled: boolean;
  /** Makes the title a link to this path (else the caller links the whole card). */
  to?: string;
}

/**
 * An event's title on a card or list row (a link in the theme's link colour
 * when `to` is given), two lines at most, struck through
 * with a "Cancelled" badge beside it when the event is cancelled (the home's
 * cards and the event lists share it).
 */
export function EventTitle({ title, isCancelled, to }: EventTitleProps) {
  const { t } = useTranslation();
  const look = { fw: 600, td: isCancelled ? 'line-through' : undefined, lineClamp: 2 } as const;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      {to ? (
        <Anchor component={Link} to={to} {...look}>
          {title}
        </Anchor>
      ) : (
        <Text {...look}>{title}</Text>
      )}
      {isCancelled && (
        <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
          {t('event.status.cancelled')}
        </Badge>
      )}
    </Group>
  );
}
