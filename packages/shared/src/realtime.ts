// zod's tree-shakable "mini" API: the web client reads every server frame
// with these schemas, and the full API would add ~20 KB (brotli) to every
// signed-in page (docs/decisions/018, fifth pass). The server composes them
// with its classic schemas as usual.
import * as z from 'zod/mini';

// The socket's path and backoff live in realtime-socket.ts, which does not
// build zod schemas: the web client takes them without loading zod.
export { REALTIME_BACKOFF_MS, REALTIME_PATH, reconnectDelayMs } from './realtime-socket.ts';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Topics (DESIGN.md §4): `config:client` (SPEC.md §4: followed live, readable
 * signed out too), `user:{id}` (only that user), `program:{id}`,
 * `event:{id}`, `conversation:{id}`, `profile:{id}` (whoever may see it,
 * checked with the policy module on subscribe and again when access changes).
 */
export const topicSchema = z
  .string()
  .check(
    z.regex(
      new RegExp(`^(config:client|(user|program|event|conversation|profile):${uuid})$`),
      'Unknown topic',
    ),
  );
/** See {@link topicSchema}. */
export type Topic = z.infer<typeof topicSchema>;

/** What changed (the `kind` of a realtime event). */
export const realtimeKindSchema = z.enum([
  'config.updated',
  'event.created',
  'event.updated',
  'event.deleted',
  'rsvp.updated',
  'attendance.updated',
  'match.updated',
  'conversation.updated',
  'message.created',
  'message.updated',
  'conversation.read',
  'notification.created',
  'subscription.updated',
  'access.changed',
]);
/** See {@link realtimeKindSchema}. */
export type RealtimeKind = z.infer<typeof realtimeKindSchema>;

/**
 * A change published after its write committed (DESIGN.md §4): the topic,
 * what changed, the ids concerned and a version that only increases for the
 * thing that changed. New chat messages and notifications carry their
 * `payload` (the API shape); everything else is a signal to refetch.
 * `message.created` / `message.updated` on `conversation:{id}` carry `seq`,
 * the change's number in the conversation's change sequence
 * (docs/decisions/007, resync by sequence): every such change has one, and
 * the numbers of one conversation have no gaps, so a client can tell which
 * it holds.
 */
export const realtimeEventSchema = z.object({
  topic: z.string(),
  kind: realtimeKindSchema,
  ids: z.array(z.string()),
  version: z.number(),
  seq: z.optional(z.int().check(z.minimum(1))),
  payload: z.optional(z.unknown()),
});
/** See {@link realtimeEventSchema}. */
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/**
 * Client -> server messages. `subscribe` may name `cursor` on a
 * `conversation:` topic: the sequence number through which the client holds
 * every change (docs/decisions/007, resync by sequence); the server then
 * first replays what changed after it and ends with `replayed`. `since` (an
 * ISO instant) is what older clients send instead: it is accepted and
 * answered with a truncated `replayed` (a time cannot say what a client
 * missed). `auth` carries a Bearer session token for clients that cannot
 * send the cookie (the native app); it must come first.
 */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  z.object({
    type: z.literal('subscribe'),
    topic: topicSchema,
    cursor: z.optional(z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER))),
    since: z.optional(z.string()),
  }),
  z.object({ type: z.literal('unsubscribe'), topic: topicSchema }),
  z.object({ type: z.literal('ping') }),
]);
/** See {@link clientFrameSchema}. */
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/**
 * Server -> client messages: `ready` (after the connection and any `auth`:
 * who the server sees, null when signed out), `subscribed`, `denied` (the
 * topic does not exist for this user: `not_found`, or needs sign-in:
 * `unauthenticated`), `revoked` (access lost; delivery stopped), `event`,
 * `replayed`, `pong`, and `error` (a malformed frame).
 *
 * `replayed` ends the replay of a `subscribe` that named `cursor` (or
 * `since`), after its events and before live ones: `seq` is the cursor the
 * client now holds every change through; `truncated: true` (`seq` null)
 * says the server replayed nothing because more than 200 changes were
 * missed or the cursor is not one it can resume from, so the client
 * refetches the thread (docs/decisions/007, resync by sequence).
 */
export const serverFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.nullable(z.string()) }),
  z.object({ type: z.literal('subscribed'), topic: z.string() }),
  z.object({
    type: z.literal('denied'),
    topic: z.string(),
    code: z.enum(['not_found', 'unauthenticated']),
  }),
  z.object({ type: z.literal('revoked'), topic: z.string() }),
  z.object({ type: z.literal('event'), event: realtimeEventSchema }),
  z.object({
    type: z.literal('replayed'),
    topic: z.string(),
    seq: z.nullable(z.int().check(z.minimum(0))),
    truncated: z.boolean(),
  }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
/** See {@link serverFrameSchema}. */
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/**
 * The payload of a `config.updated` event on `config:client`: the config
 * record `client` (SPEC.md §3), the same shape as config.ts's
 * `clientConfigSchema` (a test pins the two together), built here with
 * zod's mini API so that reading it does not load the full one.
 */
export const clientConfigPayloadSchema = z.object({
  url: z.nullable(z.string()),
  disableLiveUpdate: z.boolean(),
});
