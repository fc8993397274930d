import type { ProgramMatchStats } from '@rally/shared/matches';
import { Button, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { programMatchStatsCsvUrl, programMatchStatsQueryOptions } from '../api';
import { SEASON_COLUMNS, SeasonCells, type SeasonColumn } from './season-stats-cells';

type Player = ProgramMatchStats['players'][number];
type SortColumn = 'displayName' | SeasonColumn;
interface Sort {
  column: SortColumn;
  direction: 'ascending' | 'descending';
}

/** Players in `sort` order; ties by name, so the order is stable. */
function sortPlayers(players: readonly Player[], sort: Sort): Player[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const byName = (a: Player, b: Player) => a.displayName.localeCompare(b.displayName);
  return [...players].sort((a, b) => {
    if (sort.column === 'displayName') return sign * byName(a, b);
    return sign * (a[sort.column] - b[sort.column]) || byName(a, b);
  });
}

/**
 * A program's season in matches for its staff (DESIGN.md §9: season stats
 * per program; shown to those who may view the roster): one row per player
 * with matches, starts, minutes, goals, assists and cards, sortable by any
 * column (header buttons; `aria-sort` names the order, WAI-ARIA APG
 * sortable table), and "Download match stats CSV". "No matches played
 * yet" before the first match; skeleton lines while loading; an alert
 * with "Try again" when the stats cannot load.
 */
export function ProgramMatchStats({ programId }: { programId: string }) {
  const { t } = useTranslation();
  const stats = useQuery(programMatchStatsQueryOptions(programId));
  return (
    <Stack gap="sm" component="section" aria-labelledby="program-match-stats">
      <Title order={2} size="h3" id="program-match-stats">
        {t('matchStats.title')}
      </Title>
      <QueryState query={stats}>
        {({ players }) =>
          players.length === 0 ? (
            <Text c="dimmed">{t('matchStats.empty')}</Text>
          ) : (
            <>
              <div>
                <Button
                  component="a"
                  href={programMatchStatsCsvUrl(programId)}
                  download
                  variant="default"
                  leftSection={<IconDownload size={18} aria-hidden />}
                >
                  {t('matchStats.downloadCsv')}
                </Button>
              </div>
              <PlayersTable players={players} />
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}

function PlayersTable({ players }: { players: readonly Player[] }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<Sort>({ column: 'displayName', direction: 'ascending' });
  const sortBy = (column: SortColumn) =>
    setSort((current) => ({
      column,
      direction:
        current.column === column
          ? current.direction === 'ascending'
            ? 'descending'
            : 'ascending'
          : column === 'displayName'
            ? 'ascending'
            : 'descending',
    }));
  const header = (column: SortColumn, label: string) => (
    <Table.Th
      key={column}
      ta={column === 'displayName' ? undefined : 'right'}
      aria-sort={sort.column === column ? sort.direction : undefined}
    >
      <UnstyledButton onClick={() => sortBy(column)} fw={700} fz="sm">
        {label}
        {sort.column === column && (
          <span aria-hidden>{sort.direction === 'ascending' ? ' ▲' : ' ▼'}</span>
        )}
      </UnstyledButton>
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder aria-label={t('matchStats.programTableLabel')}>
        <Table.Thead>
          <Table.Tr>
            {header('displayName', t('matchStats.column.player'))}
            {SEASON_COLUMNS.map((column) => header(column, t(`matchStats.column.${column}`)))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortPlayers(players, sort).map((player) => (
            <Table.Tr key={player.profileId}>
              <Table.Th scope="row">{player.displayName}</Table.Th>
              <SeasonCells line={player} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
