/**
 * CPU a benchmark run costs, per group of processes, as bench/meters.ts's
 * `startCpuMeter` measures one server: user + system time from /proc for
 * named groups of processes (Rally instances, HAProxy), the PostgreSQL
 * backends connected to the benchmark database (when PostgreSQL runs on
 * this machine; background workers such as the WAL writer are not counted)
 * and this process (the realtime clients).
 */
import pg from 'pg';
import { backendPids, cpuSeconds } from './meters.ts';

/** CPU ms each group spent over a run: per named group, `postgres`, and `bench` (this process). */
export type CpuByGroup = Record<string, number>;

/**
 * Starts counting. `groups` maps a name to its process ids (e.g.
 * `{ rally: [pids], haproxy: [pid] }`). `stop()` resolves to the CPU ms
 * each group, PostgreSQL's backends of the database at `databaseUrl`
 * (those that ended meanwhile are not counted) and this process used
 * since the start. Throws when PostgreSQL cannot be reached.
 */
export async function startCpuGroups(
  groups: Record<string, readonly number[]>,
  databaseUrl: string,
): Promise<{ stop(): Promise<CpuByGroup> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const backends = () => backendPids(client);
  const ownPids = new Set(Object.values(groups).flat());
  const pgBefore = cpuSeconds((await backends()).filter((p) => !ownPids.has(p)));
  const groupsBefore = cpuSeconds(ownPids);
  const benchBefore = process.cpuUsage();
  return {
    async stop() {
      const bench = process.cpuUsage(benchBefore);
      const pgPids = new Set([...pgBefore.keys(), ...(await backends())]);
      const pgAfter = cpuSeconds(pgPids);
      const groupsAfter = cpuSeconds(ownPids);
      await client.end();
      const used = (after: Map<number, number>, before: Map<number, number>, pid: number) => {
        const end = after.get(pid);
        return end === undefined ? 0 : (end - (before.get(pid) ?? 0)) * 1000;
      };
      const out: CpuByGroup = {};
      for (const [name, pids] of Object.entries(groups)) {
        out[name] = pids.reduce((sum, pid) => sum + used(groupsAfter, groupsBefore, pid), 0);
      }
      out.postgres = [...pgPids].reduce((sum, pid) => sum + used(pgAfter, pgBefore, pid), 0);
      out.bench = (bench.user + bench.system) / 1000;
      return out;
    },
  };
}
