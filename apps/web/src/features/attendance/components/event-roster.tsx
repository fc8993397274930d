import type { RosterEntry } from '@rally/shared/events';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { MoveButtons } from '../../../components/move-buttons';
import { useReorderEventWaitlist } from '../api';
import { GuardianContact } from './guardian-contact';

/** An event's roster split by answer, each group in display order. */
export interface RosterGroups {
  /** Going with a place (own answer or the program's default). */
  going: RosterEntry[];
  /** Going but waiting for a place, first in line first. */
  waitlist: RosterEntry[];
  maybe: RosterEntry[];
  declined: RosterEntry[];
  noAnswer: RosterEntry[];
}

/**
 * Splits a roster by RSVP (docs/decisions/006): `going` with a place, the `waitlist`
 * (going with a `waitlistPosition`, by position), `maybe`, `declined`, and
 * `noAnswer`; names in alphabetical order except the waitlist.
 */
export function groupRoster(roster: readonly RosterEntry[]): RosterGroups {
  const byName = [...roster].sort((a, b) => a.displayName.localeCompare(b.displayName));
  const answered = (answer: RosterEntry['rsvp']['answer']) =>
    byName.filter((entry) => entry.rsvp.answer === answer && entry.rsvp.waitlistPosition === null);
  return {
    going: answered('going'),
    waitlist: byName
      .filter((entry) => entry.rsvp.answer === 'going' && entry.rsvp.waitlistPosition !== null)
      .sort((a, b) => (a.rsvp.waitlistPosition ?? 0) - (b.rsvp.waitlistPosition ?? 0)),
    maybe: answered('maybe'),
    declined: answered('declined'),
    noAnswer: byName.filter((entry) => entry.rsvp.answer === null),
  };
}

const GROUPS: readonly (keyof RosterGroups)[] = [
  'going',
  'waitlist',
  'maybe',
  'declined',
  'noAnswer',
];

/** Props of {@link EventRoster}. */
export interface EventRosterProps {
  programId: string;
  eventId: string;
  /** The event's roster (staff only). */
  roster: readonly RosterEntry[];
  /** Whether the caller may reorder the waitlist (manages the program's events). */
  canReorder: boolean;
}

/**
 * Who is coming, for staff: the roster grouped going / waitlist / maybe /
 * can't go / no answer, each with its count, the attendance mark when there
 * is one, and who answered. The waitlist can be reordered with "Move up" /
 * "Move down" buttons (keyboard and screen-reader friendly, not drag-only),
 * which send the whole new order (`PUT .../waitlist`).
 */
export function EventRoster({ programId, eventId, roster, canReorder }: EventRosterProps) {
  const { t } = useTranslation();
  const reorder = useReorderEventWaitlist(programId, eventId);
  if (roster.length === 0) return <Text c="dimmed">{t('eventRoster.empty')}</Text>;
  const groups = groupRoster(roster);

  const move = (index: number, offset: -1 | 1) => {
    const ids = groups.waitlist.map((entry) => entry.profileId);
    const current = ids[index];
    const other = ids[index + offset];
    if (current === undefined || other === undefined) return;
    ids[index] = other;
    ids[index + offset] = current;
    reorder.mutate(ids);
  };

  return (
    <Stack gap="md">
      {reorder.isError && <ErrorAlert error={reorder.error} />}
      {GROUPS.filter((group) => groups[group].length > 0).map((group) => {
        const entries = groups[group];
        const headingId = `roster-${group}`;
        return (
          <Stack key={group} gap="xs" component="section" aria-labelledby={headingId}>
            <Title order={3} size="h5" id={headingId}>
              {t(`eventRoster.group.${group}`, { count: entries.length })}
            </Title>
            <Stack
              component={group === 'waitlist' ? 'ol' : 'ul'}
              gap={6}
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {entries.map((entry, index) => (
                <Group component="li" key={entry.profileId} gap="sm" justify="space-between">
                  <Group gap="xs">
                    {group === 'waitlist' && (
                      <Text fw={600} aria-hidden>
                        {index + 1}.
                      </Text>
                    )}
                    <Text>{entry.displayName}</Text>
                    {entry.rsvp.isDefault && (
                      <Badge variant="light" color="gray" size="sm">
                        {t('eventRoster.byDefault')}
                      </Badge>
                    )}
                    {entry.status !== null && (
                      <Badge variant="light" size="sm">
                        {t(`eventRoster.status.${entry.status}`)}
                      </Badge>
                    )}
                    {entry.rsvp.respondedBy !== null && !entry.rsvp.isDefault && (
                      <Text size="xs" c="dimmed">
                        {t('rsvp.answeredBy', { name: entry.rsvp.respondedBy.displayName })}
                      </Text>
                    )}
                  </Group>
                  {entry.guardianPhone !== null && (
                    <GuardianContact name={entry.displayName} phone={entry.guardianPhone} />
                  )}
                  {group === 'waitlist' && canReorder && (
                    <MoveButtons
                      upLabel={t('eventRoster.moveUp', { name: entry.displayName })}
                      downLabel={t('eventRoster.moveDown', { name: entry.displayName })}
                      upText={t('eventRoster.up')}
                      downText={t('eventRoster.down')}
                      isFirst={index === 0}
                      isLast={index === entries.length - 1}
                      isPending={reorder.isPending}
                      onMove={(offset) => move(index, offset)}
                    />
                  )}
                </Group>
              ))}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
