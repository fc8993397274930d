import type pg from 'pg';

/*
 * Two transactions that race on purpose, for tests that prove the database
 * guards a rule whatever the order (docs/decisions/008): two connections of
 * their own, and a wait until one backend waits for a lock the other holds.
 */

/** Resolves once backend `waiterPid` waits for a lock `holderPid` holds (the race is on); throws after ~2 s. */
export async function untilBlockedBy(
  pool: pg.Pool,
  waiterPid: number,
  holderPid: number,
): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { rows } = await pool.query<{ blocked: boolean }>(
      'select $2::int = any(pg_blocking_pids($1::int)) as blocked',
      [waiterPid, holderPid],
    );
    if (rows[0]?.blocked) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`backend ${waiterPid} never waited for backend ${holderPid}`);
}

/** Two connections of `pool` and their backend pids; `release` destroys both (none goes back to the pool mid-transaction). */
export async function twoConnections(pool: pg.Pool) {
  const first = await pool.connect();
  const second = await pool.connect();
  const pidOf = async (client: pg.PoolClient) =>
    (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  return {
    first,
    second,
    firstPid: await pidOf(first),
    secondPid: await pidOf(second),
    release: () => {
      first.release(true);
      second.release(true);
    },
  };
}
