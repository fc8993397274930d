/**
 * The raw baseline of bench/framework.ts (DESIGN.md §7: Rally's framework
 * >= 90 % of raw node:http on the same JSON route): a bare `node:http`
 * server that answers every request as Rally answered its probe of the
 * route — the same status, the same headers (security headers included)
 * and the same JSON, serialised with `JSON.stringify` per request — and
 * does nothing else: no routing, hooks, validation, session check or log.
 * With `BENCH_RAW_KIND=fastify` the same answer comes from a Fastify app
 * with that one route and nothing else (no plugins, hooks or logger):
 * what Fastify itself costs, apart from what Rally adds to it.
 *
 * The answer comes in `BENCH_RAW_ANSWER` (JSON: `{ status, headers, body }`,
 * `body` the parsed JSON value). Reports `{ url }` over the IPC channel once
 * it listens, as bench/serve.ts does; stops on SIGTERM. Started by
 * bench/load.ts's `spawnServer` with `script: 'framework-raw.ts'`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/** What Rally answered the probe: status, headers (without the per-connection ones), JSON value. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const answer = JSON.parse(process.env.BENCH_RAW_ANSWER ?? 'null') as RawAnswer | null;
if (!answer) throw new Error('BENCH_RAW_ANSWER is not set');
const { status, headers, body } = answer;

const report = (port: number) => process.send?.({ url: `http://127.0.0.1:${port}` });

if (process.env.BENCH_RAW_KIND === 'fastify') {
  const app = Fastify({ keepAliveTimeout: 72_000 });
  app.get('/*', (_request, reply) => reply.code(status).headers(headers).send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  report((app.server.address() as AddressInfo).port);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else {
  const server = http.createServer((_req, res) => {
    const json = JSON.stringify(body);
    res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(json) });
    res.end(json);
  });
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => report((server.address() as AddressInfo).port));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
