import type { SeasonLine } from '@rally/shared/matches';
import { Table } from '@mantine/core';

/** The season columns every match stats table shows, in order (DESIGN.md §9). */
export const SEASON_COLUMNS = [
  'matches',
  'starts',
  'minutes',
  'goals',
  'assists',
  'yellowCards',
  'redCards',
] as const satisfies readonly (keyof SeasonLine)[];

/** One of {@link SEASON_COLUMNS}. */
export type SeasonColumn = (typeof SEASON_COLUMNS)[number];

/** The season cells of one row: matches, starts, minutes, goals, assists, yellow and red cards (DESIGN.md §9). */
export function SeasonCells({ line }: { line: SeasonLine }) {
  return SEASON_COLUMNS.map((column) => (
    <Table.Td key={column} ta="right">
      {line[column]}
    </Table.Td>
  ));
}
