import type { RsvpCounts } from '@rally/shared/events';
import { Group, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The parts of an event's RSVP line, e.g. ["12 going", "3 maybe",
 * "2 waitlisted", "4 places left", "1 can't go"]: going always; maybe, the
 * waitlist and "can't go" when there are any; places left (or "Full") only
 * with a capacity. `going` excludes the waitlist (packages/shared/src/events.ts).
 */
export function rsvpCountParts(t: TFunction, counts: RsvpCounts): string[] {
  const parts = [t('rsvpSummary.going', { count: counts.going })];
  if (counts.maybe > 0) parts.push(t('rsvpSummary.maybe', { count: counts.maybe }));
  if (counts.waitlisted > 0) parts.push(t('rsvpSummary.waitlisted', { count: counts.waitlisted }));
  if (counts.placesLeft !== null) {
    parts.push(
      counts.placesLeft > 0
        ? t('rsvpSummary.placesLeft', { count: counts.placesLeft })
        : t('rsvpSummary.full'),
    );
  }
  if (counts.declined > 0) parts.push(t('rsvpSummary.declined', { count: counts.declined }));
  return parts;
}

/** Props of {@link RsvpSummary}. */
export interface RsvpSummaryProps {
  counts: RsvpCounts;
}

/**
 * One line of an event's answers: "12 going · 3 maybe · 2 waitlisted ·
 * 4 places left". Shared by the program and profile event pages.
 */
export function RsvpSummary({ counts }: RsvpSummaryProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconUsers size={20} aria-hidden style={{ flexShrink: 0 }} />
      <Text>{rsvpCountParts(t, counts).join(' · ')}</Text>
    </Group>
  );
}
