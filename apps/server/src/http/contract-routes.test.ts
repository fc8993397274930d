import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idSchema } from '@rally/shared/common';
import type { Operation } from '@rally/shared/api/operation';
import type { Actor } from './auth-hook.ts';
import { registerProblemHandler } from './problem.ts';
import { route, socketRoute } from './contract-routes.ts';

/**
 * `route` on a bare Fastify app: what a caller of a contract operation
 * notices (status, body, which check answers first) and what the log
 * shows. The caller is named by an `x-actor` header (`user` or `admin`)
 * instead of a session.
 */
const itemParams = z.object({ itemId: idSchema });
const ops = {
  create: {
    id: 'items.create',
    method: 'POST',
    path: '/api/items/:itemId',
    summary: 'Create',
    access: 'signedIn',
    status: 201,
    params: itemParams,
    query: z.object({ dryRun: z.enum(['yes', 'no']).default('no') }),
    body: z.object({ name: z.string().min(1) }),
    response: z.object({ id: z.string(), name: z.string(), dryRun: z.string() }),
  },
  remove: {
    id: 'items.remove',
    method: 'DELETE',
    path: '/api/items/:itemId',
    summary: 'Remove',
    access: 'signedIn',
    status: 204,
    params: itemParams,
  },
  report: {
    id: 'items.report',
    method: 'GET',
    path: '/api/admin/items',
    summary: 'Report',
    access: 'globalAdmin',
    status: 200,
    query: z.object({ page: z.coerce.number().int().min(1) }),
    answer: 'csv',
  },
  open: {
    id: 'items.open',
    method: 'GET',
    path: '/api/open',
    summary: 'Open',
    access: 'public',
    status: 200,
  },
} as const satisfies Record<string, Operation>;

let app: FastifyInstance;
let logs: string[];

beforeEach(async () => {
  logs = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  app = Fastify({ loggerInstance: pino({ level: 'info' }, stream) as FastifyBaseLogger });
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const who = request.headers['x-actor'];
    if (who === 'user' || who === 'admin') {
      const isGlobalAdmin = who === 'admin';
      request.actor = {
        userId: who,
        isGlobalAdmin,
        totpVerified: isGlobalAdmin,
        user: { isGlobalAdmin },
      } as Actor;
    }
  });
  registerProblemHandler(app);
  route(app, ops.create, async ({ actor, params, query, body }) => ({
    id: `${actor.userId}:${params.itemId}`,
    name: body.name,
    dryRun: query.dryRun,
  }));
  route(app, ops.remove, async () => {});
  route(app, ops.report, async ({ query, reply }) =>
    reply.type('text/csv; charset=utf-8').send(`page,${query.page}\n`),
  );
  route(app, ops.open, async ({ actor }) => ({ who: actor?.userId ?? null }));
  await app.ready();
});
afterEach(() => app.close());

const item = '0190F3C2-5C4A-7000-8000-000000000001';

describe('route: registering a contract operation', () => {
  it('answers with the operation status and hands the handler parsed input', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/items/${item}?dryRun=yes`,
      headers: { 'x-actor': 'user' },
      payload: { name: 'Ball', extra: 'ignored' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: `user:${item.toLowerCase()}`, name: 'Ball', dryRun: 'yes' });
  });

  it('checks the caller before any input: 401 signed out even when the input is bad', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/items/x', payload: {} });
    expect([res.statusCode, res.json().code]).toEqual([401, 'unauthenticated']);
  });

  it('answers 400 naming the first bad field: params, then query, then body', async () => {
    const send = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { 'x-actor': 'user' }, payload });
    const badParams = await send('/api/items/x?dryRun=maybe', {});
    expect([badParams.statusCode, badParams.json().errors]).toEqual([
      400,
      [{ path: 'itemId', message: 'Must be a valid id' }],
    ]);
    const badQuery = await send(`/api/items/${item}?dryRun=maybe`, {});
    expect(badQuery.json().errors.map((e: { path: string }) => e.path)).toEqual(['dryRun']);
    const badBody = await send(`/api/items/${item}`, { name: '' });
    expect(badBody.json().errors.map((e: { path: string }) => e.path)).toEqual(['name']);
  });

  it('answers 204 with no body when the handler returns nothing', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/items/${item}`,
      headers: { 'x-actor': 'user' },
    });
    expect([res.statusCode, res.body]).toEqual([204, '']);
  });

  it('keeps global-admin operations hidden: 404 to other users before their input is read', async () => {
    const asUser = await app.inject({
      method: 'GET',
      url: '/api/admin/items?page=0',
      headers: { 'x-actor': 'user' },
    });
    expect([asUser.statusCode, asUser.json().detail]).toEqual([
      404,
      'No API route GET /api/admin/items.',
    ]);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/admin/items?page=0',
      headers: { 'x-actor': 'admin' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets a handler send its own answer, without a second send', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/items?page=2',
      headers: { 'x-actor': 'admin' },
    });
    expect([res.statusCode, res.headers['content-type'], res.body]).toEqual([
      200,
      'text/csv; charset=utf-8',
      'page,2\n',
    ]);
    expect(logs.filter((line) => JSON.parse(line).level >= 40)).toEqual([]);
  });

  it('hands public operations the caller when there is one', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/open' });
    const user = await app.inject({
      method: 'GET',
      url: '/api/open',
      headers: { 'x-actor': 'user' },
    });
    expect([anonymous.json(), user.json()]).toEqual([{ who: null }, { who: 'user' }]);
  });

  it('refuses to register a WebSocket through route, and anything else through socketRoute', () => {
    const socket = { ...ops.open, id: 'items.socket', answer: 'websocket', status: 101 } as const;
    expect(() => route(Fastify(), socket, async () => undefined)).toThrow('socketRoute');
    expect(() => socketRoute(Fastify(), ops.open, () => {})).toThrow('not a WebSocket');
  });
});
