import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { profileMatchStatsQueryOptions } from '../api';
import { SEASON_COLUMNS, SeasonCells } from './season-stats-cells';

/**
 * A profile's season in matches (DESIGN.md §9: season stats per profile),
 * one row per program: matches, starts, minutes, goals, assists and cards,
 * for the profile's managers (`GET .../match-stats`). "No matches played
 * yet" before its first match; skeleton lines while loading; an alert with
 * "Try again" when the stats cannot load.
 */
export function ProfileSeasonStats({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const stats = useQuery(profileMatchStatsQueryOptions(profileId));
  return (
    <Stack gap="sm" component="section" aria-labelledby="profile-season-stats">
      <Title order={2} size="h3" id="profile-season-stats">
        {t('matchStats.title')}
      </Title>
      <QueryState query={stats}>
        {({ programs }) =>
          programs.length === 0 ? (
            <Text c="dimmed">{t('matchStats.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table withTableBorder aria-label={t('matchStats.profileTableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('matchStats.column.program')}</Table.Th>
                    {SEASON_COLUMNS.map((column) => (
                      <Table.Th key={column} ta="right">
                        {t(`matchStats.column.${column}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {programs.map((line) => (
                    <Table.Tr key={line.programId}>
                      <Table.Th scope="row">{line.programName}</Table.Th>
                      <SeasonCells line={line} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </Stack>
  );
}
