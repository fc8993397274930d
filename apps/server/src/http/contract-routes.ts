import type { WebsocketHandler } from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Access, Operation } from '@rally/shared/api/operation';
import { requireActor, requireGlobalAdmin, type Actor } from './auth-hook.ts';
import { parseInput } from './validate.ts';

/** What a schema of `O` parses to (`undefined` when `O` has none: that part is not read). */
type Parsed<O, Part extends 'params' | 'query' | 'body'> = O extends {
  [P in Part]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** The caller an operation with `access` hands its handler: maybe nobody when `public`. */
type ActorOf<A extends Access> = A extends 'public' ? Actor | null : Actor;

/** What a handler of `O` resolves to: its response schema's shape, nothing for 204, else any answer. */
type Answer<O> = O extends { response: infer R extends z.ZodType }
  ? z.output<R>
  : O extends { status: 204 }
    ? void
    : unknown;

/** The checked input of one call of `O`: the caller, its parsed params, query and body. */
export interface RouteInput<O extends Operation> {
  actor: ActorOf<O['access']>;
  params: Parsed<O, 'params'>;
  query: Parsed<O, 'query'>;
  body: Parsed<O, 'body'>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A route's handler: calls the services and returns the answer (sent with
 * the operation's status), nothing for a 204, or `reply` after sending
 * something else itself (a file, CSV, another status).
 */
export type RouteHandler<O extends Operation> = (
  input: RouteInput<O>,
) => Promise<Answer<O> | FastifyReply>;

/** Who is calling, or throws before any input is read (DESIGN.md §6: 401 first, then 404). */
function callerOf(access: Access, request: FastifyRequest): Actor | null {
  if (access === 'signedIn') return requireActor(request);
  if (access === 'globalAdmin') return requireGlobalAdmin(request);
  return request.actor;
}

/**
 * Registers `op` of the API contract (`@rally/shared/api/contract`) on
 * `app`: its method and path, then per call, in this order, the access check
 * (`signedIn`: 401 `unauthenticated`; `globalAdmin`: 401, then 404 to
 * anyone else), the path parameters, the query and the JSON body, each
 * parsed with its schema by `parseInput` (400 `validation_failed` naming the
 * field). The handler gets them typed; its answer goes out with `op.status`
 * as it is (not re-serialised with the response schema). Parts without a
 * schema are not read.
 */
export function route<O extends Operation>(
  app: FastifyInstance,
  op: O,
  handler: RouteHandler<O>,
): void {
  if (op.answer === 'websocket') throw new Error(`${op.id} is a WebSocket: use socketRoute`);
  app.route({
    method: op.method,
    url: op.path,
    handler: async (request, reply) => {
      const actor = callerOf(op.access, request);
      const input = {
        actor,
        params: op.params ? parseInput(op.params, request.params) : undefined,
        query: op.query ? parseInput(op.query, request.query) : undefined,
        body: op.body ? parseInput(op.body, request.body) : undefined,
        request,
        reply,
      } as RouteInput<O>;
      reply.status(op.status);
      const answer = await handler(input);
      // A handler that sent its own answer returns `reply`, which is thenable:
      // awaiting it waits until the answer is out and yields undefined.
      if (reply.sent || reply.raw.headersSent) return reply;
      return answer === undefined ? reply.send() : answer;
    },
  });
}

/**
 * Registers the WebSocket operation `op` (`answer: 'websocket'`) on `app`
 * (which must have @fastify/websocket): the upgrade is handed to `handler`
 * with the request, whose `actor` the auth hook has set (RFC 6455 §4).
 */
export function socketRoute(app: FastifyInstance, op: Operation, handler: WebsocketHandler): void {
  if (op.answer !== 'websocket' || op.method !== 'GET') {
    throw new Error(`${op.id} is not a WebSocket operation`);
  }
  app.get(op.path, { websocket: true }, handler);
}
