import type pg from 'pg';
import { recordStatements, type SentStatement } from './statements.ts';

/*
 * What a statement costs in rows, for tests that prove a hot path reads only
 * what it needs (hot-paths.test.ts, docs/decisions/008): the statement a
 * request sent, run again under EXPLAIN ANALYZE, and the rows it read per table.
 */

/** Runs `send` and returns its answer and the first statement it sent that `matches`. */
export async function sentStatement<T>(
  matches: (config: { name?: string; text: string }) => boolean,
  send: () => Promise<T>,
): Promise<{ answer: T; statement: SentStatement }> {
  const { answer, sent } = await recordStatements(send);
  const statement = sent.find(matches);
  if (!statement) throw new Error('the statement was not sent');
  return { answer, statement };
}

/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`'s plan, with the fields read here. */
export interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/**
 * The plan of `statement` run under EXPLAIN ANALYZE on a connection of `pool`, without sequential scans
 * or nested-loop joins where others exist: a test's few rows would make a
 * sequential scan the cheapest plan, the bench's million rows make an index
 * scan it, and without them each table is read once, so the rows read are
 * the count.
 */
export async function explainAnalyze(pool: pg.Pool, statement: SentStatement): Promise<PlanNode> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    await client.query('set local enable_nestloop = off');
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (analyze, format json) ${statement.text}`,
      statement.values,
    );
    return rows[0]!['QUERY PLAN'][0].Plan;
  } finally {
    await client.query('rollback');
    client.release();
  }
}

/** Rows of `relation` the plan read (returned or filtered out), over all its loops. */
export function rowsRead(plan: PlanNode, relation: string): number {
  const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
  return nodesOf(plan)
    .filter((node) => node['Relation Name'] === relation)
    .reduce(
      (sum, node) =>
        sum +
        (node['Actual Rows'] +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
          node['Actual Loops'],
      0,
    );
}
