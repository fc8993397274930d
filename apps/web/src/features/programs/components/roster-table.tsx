import type { RosterEntry } from '@rally/shared/events';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Props of {@link RosterTable}. */
export interface RosterTableProps {
  /** The event's roster (program staff only), or null when the caller may not see it. */
  roster: readonly RosterEntry[] | null;
}

/** An event's roster: each expected profile with their RSVP and attendance status. */
export function RosterTable({ roster }: RosterTableProps) {
  const { t } = useTranslation();
  if (roster === null) return <Text c="dimmed">{t('roster.staffOnly')}</Text>;
  if (roster.length === 0) return <Text c="dimmed">{t('roster.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('roster.name')}</Table.Th>
            <Table.Th>{t('roster.rsvp')}</Table.Th>
            <Table.Th>{t('roster.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {roster.map((entry) => (
            <Table.Tr key={entry.profileId}>
              <Table.Td>{entry.displayName}</Table.Td>
              <Table.Td>
                {entry.rsvp ? t(`roster.rsvpValue.${entry.rsvp}`) : t('roster.noAnswer')}
              </Table.Td>
              <Table.Td>
                {entry.status ? t(`roster.statusValue.${entry.status}`) : t('roster.notMarked')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
