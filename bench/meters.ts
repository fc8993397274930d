/**
 * The meters of the HTTP benchmarks: what one request of a load run costs.
 * The CPU meter reads user + system time per process from /proc (the
 * server, its PostgreSQL backends, the load client), the method of
 * docs/decisions/008 and the input of docs/decisions/031's capacity model;
 * the statement meter reads PostgreSQL's own counters (commits, WAL bytes
 * and, with pg_stat_statements, each statement's calls and time).
 */
import fs from 'node:fs';
import pg from 'pg';

/** Linux clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) each process in `pids` has used so far (Linux /proc; gone: absent). */
export function cpuSeconds(pids: Iterable<number>): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after "(comm)": state is field 3, utime field 14, stime field 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
    } catch {
      // The process has exited (a pool connection closed): its CPU is not counted.
    }
  }
  return used;
}

/**
 * CPU time per request in ms: the Rally server (summed over every process
 * measured as the server: several instances and their proxy), its
 * PostgreSQL backends and the load client.
 */
export interface CpuPerRequest {
  server: number;
  database: number;
  client: number;
}

/** The PostgreSQL client backends of `client`'s database but `client`'s own (whose CPU a run costs). */
export async function backendPids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return rows.map((r) => r.pid);
}

/**
 * Measures the CPU a load run costs, independently of what else the machine
 * runs: the server's (one process, or every process in `serverPids`: several
 * instances and their load balancer, summed), the PostgreSQL backends'
 * connected to the benchmark database (when PostgreSQL runs on this machine)
 * and this process's. Call `stop(requests)` after the run.
 */
export async function startCpuMeter(serverPids: number | readonly number[], databaseUrl: string) {
  const servers = new Set(typeof serverPids === 'number' ? [serverPids] : serverPids);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const backends = () => backendPids(client);
  const before = cpuSeconds([...servers, ...(await backends())]);
  const clientBefore = process.cpuUsage();
  return {
    async stop(requests: number): Promise<CpuPerRequest> {
      const clientUsed = process.cpuUsage(clientBefore);
      const pids = new Set([...before.keys(), ...(await backends())]);
      const after = cpuSeconds(pids);
      await client.end();
      const delta = (pid: number) => {
        const end = after.get(pid);
        return end === undefined ? 0 : end - (before.get(pid) ?? 0);
      };
      const sum = (list: Iterable<number>) => [...list].reduce((t, pid) => t + delta(pid), 0);
      const database = sum([...pids].filter((pid) => !servers.has(pid)));
      const perRequest = (seconds: number) => (seconds * 1000) / requests;
      return {
        server: perRequest(sum(servers)),
        database: perRequest(database),
        client: perRequest((clientUsed.user + clientUsed.system) / 1e6),
      };
    },
  };
}

/** One statement's share of a load run (pg_stat_statements). */
export interface StatementShare {
  /** The statement's text as pg_stat_statements normalised it (first 90 characters). */
  query: string;
  callsPerRequest: number;
  /** Mean planning + execution time per call, ms (inside PostgreSQL; not protocol or commit). */
  meanMs: number;
  /** Run by another statement (a foreign key's check, a trigger), not sent by a client. */
  isNested: boolean;
}

/** Transactions, WAL and (with pg_stat_statements) statements per request of a load run. */
export interface StatementsPerRequest {
  /** Committed transactions per request in the benchmark database (NOTIFYs commit on their own). */
  commits: number;
  /** WAL bytes written per request (the whole cluster: keep other work off it). */
  walBytes: number;
  /** Statements of the benchmark database, most called first; empty without pg_stat_statements. */
  statements: StatementShare[];
}

/**
 * Counts what a load run asks of PostgreSQL: commits in the benchmark
 * database (`pg_stat_database`), WAL bytes (`pg_current_wal_lsn`) and, when
 * the server preloads pg_stat_statements (`shared_preload_libraries`), each
 * statement's calls and time — the extension is created in the benchmark
 * database and its counters reset at start (they are the cluster's: use a
 * scratch cluster). Call `stop(requests)` after the run.
 */
export async function startStatementMeter(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let hasStatements = false;
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
    hasStatements = true;
  } catch {
    // Not preloaded (or not installed): commits and WAL only.
  }
  const counters = async () => {
    // pg_stat_database is a snapshot per transaction unless cleared first.
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ commits: string; lsn: string }>(
      `select xact_commit::text as commits, pg_current_wal_lsn()::text as lsn
       from pg_stat_database where datname = current_database()`,
    );
    return rows[0]!;
  };
  const before = await counters();
  return {
    async stop(requests: number): Promise<StatementsPerRequest> {
      const after = await counters();
      const { rows: wal } = await client.query<{ bytes: string }>(
        'select pg_wal_lsn_diff($1, $2)::text as bytes',
        [after.lsn, before.lsn],
      );
      let statements: StatementShare[] = [];
      if (hasStatements) {
        const { rows } = await client.query<{
          query: string;
          calls: string;
          ms: number;
          toplevel: boolean;
        }>(
          `select left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query, calls::text,
             (total_plan_time + total_exec_time) / calls as ms, toplevel
           from pg_stat_statements
           where dbid = (select oid from pg_database where datname = current_database())
             and query not like '%pg_stat_%' and query not like '%pg_current_wal_lsn%'
             and query not like '%pg_wal_lsn_diff%'
           order by calls desc`,
        );
        statements = rows
          .map((r) => ({
            query: r.query,
            callsPerRequest: Number(r.calls) / requests,
            meanMs: r.ms,
            isNested: !r.toplevel,
          }))
          .filter((r) => r.callsPerRequest >= 0.01);
      }
      await client.end();
      // The meter's own two commits are negligible against thousands of requests.
      return {
        commits: (Number(after.commits) - Number(before.commits)) / requests,
        walBytes: Number(wal[0]!.bytes) / requests,
        statements,
      };
    },
  };
}

/** Lines for {@link StatementsPerRequest}: commits and WAL per request, then each statement. */
export function statementLines(s: StatementsPerRequest): string[] {
  const sent = s.statements.filter((r) => !r.isNested);
  return [
    `  per request: ${s.commits.toFixed(2)} commits, ${Math.round(s.walBytes)} WAL bytes` +
      (s.statements.length > 0
        ? `, ${sent.reduce((n, r) => n + r.callsPerRequest, 0).toFixed(2)} statements sent` +
          ' (calls x mean wall time in PostgreSQL; "nested": run by another statement):'
        : ' (statements: preload pg_stat_statements to list them)'),
    ...s.statements.map(
      (r) =>
        `    ${r.callsPerRequest.toFixed(2)} x ${r.meanMs.toFixed(3)} ms  ${r.isNested ? '(nested) ' : ''}${r.query}`,
    ),
  ];
}

/** "CPU per request: server 1.20 ms + PostgreSQL 0.80 ms (+ client 0.30 ms) ⇒ ~1,000/s on N idle cores". */
export function cpuLine(cpu: CpuPerRequest, cores: number): string {
  const serving = cpu.server + cpu.database;
  const withClient = serving + cpu.client;
  return (
    `  CPU per request: server ${cpu.server.toFixed(2)} ms + PostgreSQL ${cpu.database.toFixed(2)} ms ` +
    `(+ load client ${cpu.client.toFixed(2)} ms) => at most ~${Math.round((cores * 1000) / withClient)}/s on ` +
    `${cores} otherwise idle cores with this client, ~${Math.round((cores * 1000) / serving)}/s without it`
  );
}
