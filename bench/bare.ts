/**
 * The bare baseline of bench/events.ts (DESIGN.md §7: Rally >= 0.75 of
 * bare): a minimal node:http server that runs, per request, the SAME SQL
 * statements Rally sends for it through the SAME driver (`pg`, a pool of
 * 10 as Rally's, named prepared statements, Drizzle's row mode and type
 * parsers), on the same database, with no session check, validation,
 * policy, logging or realtime, and answers `JSON.stringify` of the rows (or,
 * when the route's one statement writes JSON itself, that text as it is).
 *
 * Which statements: the bench records what Rally sent for one probe
 * request after warm-up (bench/statement-recorder.ts) and sends it here as
 * `{ type: 'plan', route, recorded, probe, probeTime }`; bench/bare-plan.ts
 * turns that into a plan (texts as Rally sent them; each parameter's source
 * found by matching the probe's values against {@link inputsOf}), so if
 * Rally stops sending a statement (a cached session) or changes one, bare
 * follows on the next run. The one hand-kept list is {@link inputsOf}: what
 * a handler knows from the request (path, query, body, the Bearer token's
 * user from a map loaded at start — bare's stand-in for a session cache)
 * and values derived from it with Rally's own helpers.
 *
 * Routes: `GET /api/profiles/:profileId/events?from&to` (route `calendar`)
 * and `PUT /api/programs/:programId/events/:eventId/attendance` with
 * `{ marks: [{ profileId, status, markedAt }] }` (route `mark`; the same
 * transaction as Rally's: BEGIN, lock, roster, write, COMMIT). 500 with the
 * error's message on any failure, 404 for other paths or a route without a
 * plan. Reports `{ url }` over IPC once listening; stops on SIGTERM.
 * Started by bench/load.ts's `spawnServer` with `script: 'bare.ts'`.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { earliestOverlappingStart } from '../apps/server/src/events/events.repository.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import type { RecordedStatement } from './statement-recorder.ts';
import { buildPlan, describePlan, isoOf, type Inputs, type PlanStep } from './bare-plan.ts';

/** The two routes bare answers. */
export type BareRoute = 'calendar' | 'mark';

/** The request bare parses: route, path parameters, query, body, token. */
interface Parsed {
  route: BareRoute;
  params: Record<string, string>;
  query: URLSearchParams;
  body: { marks?: { profileId: string; status: string; markedAt: string; note?: string }[] };
  token: string;
}

const { types } = pg;
const AS_TEXT = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
/** Drizzle's node-postgres type parsers: timestamps, dates, intervals and their arrays as text. */
const drizzleTypes = {
  getTypeParser: (id: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(id) ? (v: string) => v : types.getTypeParser(id, format),
} as pg.CustomTypesConfig;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const userOfTokenHash = new Map<string, string>();
const plans = new Map<BareRoute, PlanStep[]>();

/**
 * What a bare handler knows for a request, by name. Add here a value Rally
 * derives from the request when bench/bare-plan.ts cannot find a parameter's
 * source.
 */
function inputsOf(r: Parsed): Inputs {
  const tokenHash = crypto.createHash('sha256').update(r.token).digest('hex');
  const common = { ...r.params, tokenHash, userId: userOfTokenHash.get(tokenHash) };
  if (r.route === 'calendar') {
    const from = new Date(r.query.get('from') ?? '');
    return {
      ...common,
      from: from.toISOString(),
      to: new Date(r.query.get('to') ?? '').toISOString(),
      earliestStart: earliestOverlappingStart(from).toISOString(),
    };
  }
  const marks = r.body.marks ?? [];
  const mark = marks[0];
  return {
    ...common,
    ...(mark ? { profileId: mark.profileId, status: mark.status } : {}),
    ...(mark ? { markedAt: new Date(mark.markedAt).toISOString() } : {}),
    // attendance_apply_marks's payload, as mark-attendance.command.ts builds it.
    marksPayload: JSON.stringify(
      marks.map((m) => ({
        profile_id: m.profileId,
        status: m.status,
        note: m.note ?? null,
        has_note: m.note !== undefined,
        marked_at: new Date(m.markedAt).toISOString(),
        entry_id: newId(),
      })),
    ),
  };
}

const CALENDAR = /^\/api\/profiles\/([^/]+)\/events$/;
const MARK = /^\/api\/programs\/([^/]+)\/events\/([^/]+)\/attendance$/;

function parse(method: string, url: string, headers: http.IncomingHttpHeaders, body: string) {
  const u = new URL(url, 'http://bare');
  const token = (headers.authorization ?? '').replace(/^Bearer /, '');
  const calendar = method === 'GET' ? CALENDAR.exec(u.pathname) : null;
  if (calendar) {
    const params = { profileId: calendar[1]! };
    return { route: 'calendar', params, query: u.searchParams, body: {}, token } as Parsed;
  }
  const mark = method === 'PUT' ? MARK.exec(u.pathname) : null;
  if (!mark) return undefined;
  const params = { programId: mark[1]!, eventId: mark[2]! };
  return { route: 'mark', params, query: u.searchParams, body: JSON.parse(body), token } as Parsed;
}

type Runner = (step: PlanStep, values: unknown[]) => Promise<pg.QueryResult>;

function runnerOn(client: pg.Pool | pg.PoolClient): Runner {
  return (step, values) =>
    client.query({
      ...(step.name ? { name: step.name } : {}),
      text: step.text,
      values,
      ...(step.rowMode ? { rowMode: step.rowMode } : {}),
      ...(step.hasTypeOverrides ? { types: drizzleTypes } : {}),
    });
}

const isText = (step: PlanStep, text: string) => step.text.trim().toLowerCase() === text;

function cellsOf(result: pg.QueryResult): unknown[] {
  const row = result.rows[0] as unknown[] | Record<string, unknown> | undefined;
  if (!row) return [];
  return Array.isArray(row) ? row : Object.values(row);
}

/** Runs `plan` for one request: statements in a transaction on one connection, the others on the pool. */
async function execute(plan: PlanStep[], inputs: Inputs): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  const answer: unknown[][] = [];
  let tx: pg.PoolClient | undefined;
  try {
    for (const step of plan) {
      if (isText(step, 'begin')) tx = await pool.connect();
      const values = step.params.map((p) => {
        if ('input' in p) return inputs[p.input];
        if ('clock' in p) return new Date().toISOString();
        if ('constant' in p) return p.constant;
        const cell = rows[p.row]?.[p.column as number];
        return p.asIso ? isoOf(cell) : cell;
      });
      const result = await runnerOn(tx ?? pool)(step, values);
      rows.push(cellsOf(result));
      if (result.rows.length > 0) answer.push(result.rows as unknown[]);
      if (isText(step, 'commit')) {
        tx!.release();
        tx = undefined;
      }
    }
    return answer;
  } catch (err) {
    if (tx) {
      await tx.query('rollback').catch(() => undefined);
      tx.release();
    }
    throw err;
  }
}

/** Builds a route's plan on one connection, rolling back instead of committing (no side effects). */
async function plan(route: BareRoute, recorded: RecordedStatement[], probe: Parsed, at: number) {
  const client = await pool.connect();
  try {
    const run = runnerOn(client);
    const steps = await buildPlan(recorded, inputsOf(probe), at, async (step, values) =>
      cellsOf(await run(isText(step, 'commit') ? { ...step, text: 'rollback' } : step, values)),
    );
    plans.set(route, steps);
    return describePlan(steps);
  } finally {
    client.release();
  }
}

/**
 * The answer of a route whose one statement writes JSON itself (a calendar:
 * `calendar_managed_profile_json`, docs/decisions/008): its one row's JSON
 * text column sent as it is, as Rally sends it, rather than escaped into a
 * JSON string (which costs ~20 µs a calendar here). Undefined otherwise.
 */
function jsonAnswerOf(answer: unknown[][]): string | undefined {
  if (answer.length !== 1 || answer[0]!.length !== 1) return undefined;
  const row = answer[0]![0] as unknown[] | Record<string, unknown>;
  const text = (Array.isArray(row) ? row : Object.values(row)).find(
    (cell): cell is string => typeof cell === 'string' && /^[[{]/.test(cell),
  );
  return text === undefined ? undefined : `{"results":${text}}`;
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
  const parsed = parse(req.method ?? 'GET', req.url ?? '/', req.headers, body);
  const steps = parsed && plans.get(parsed.route);
  if (!parsed || !steps) {
    res.writeHead(404).end();
    return;
  }
  const rows = await execute(steps, inputsOf(parsed));
  const json = jsonAnswerOf(rows) ?? JSON.stringify({ results: rows });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(json);
}

async function main(): Promise<void> {
  if (!process.send) throw new Error('bare.ts reports its URL over IPC: start it with spawnServer');
  const sessions = await pool.query<{ token_hash: string; user_id: string }>(
    'select token_hash, user_id from sessions where revoked_at is null',
  );
  for (const s of sessions.rows) userOfTokenHash.set(s.token_hash, s.user_id);
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      handle(req, res, body).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      });
    });
  });
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('message', (m: { type?: string; route: BareRoute; recorded: RecordedStatement[] }) => {
    if (m.type !== 'plan') return;
    const { probe, probeTime } = m as unknown as {
      probe: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };
      probeTime: number;
    };
    const parsed = parse(probe.method, probe.path, probe.headers, probe.body);
    plan(m.route, m.recorded, parsed!, probeTime).then(
      (description) => process.send!({ type: 'planned', route: m.route, description }),
      (err: unknown) => process.send!({ type: 'planned', route: m.route, error: String(err) }),
    );
  });
  process.send({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` });
  process.once('SIGTERM', () => {
    server.close();
    void pool.end().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
