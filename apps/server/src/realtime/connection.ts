import {
  clientFrameSchema,
  type ClientFrame,
  type ServerFrame,
  type Topic,
} from '@rally/shared/realtime';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { PolicyActor } from '../policy/policy.ts';
import { resumeOf, type ConversationReplay, type Resume } from './conversation-replay.ts';

/** Largest client frame Rally reads, in bytes; bigger ones get an `error` frame. */
export const MAX_CLIENT_FRAME_BYTES = 8 * 1024;
/** Most topics one socket may follow at once. */
export const MAX_TOPICS_PER_SOCKET = 200;

/** Who a socket acts for: the signed-in user behind its session (null = signed out). */
export interface SocketActor extends PolicyActor {
  sessionId: string;
  /** When the session expires (UTC); the socket is re-checked then. */
  expiresAt: Date;
}

/** What a connection asks of its hub: authorization, replays and the topic index. */
export interface ConnectionHost {
  logger: Logger;
  /** The actor of a Bearer session token, or null when it is not a live session. */
  authenticate(token: string): Promise<SocketActor | null>;
  /** The actor of session `sessionId` as it is now, or null when revoked or expired. */
  reloadActor(sessionId: string): Promise<SocketActor | null>;
  /** Whether `actor` (null: signed out) may follow `topic` now (`TopicAccess.canFollow`). */
  canFollow(actor: PolicyActor | null, topic: Topic): Promise<boolean>;
  /** Whether `actor`, following `topic`, also gets its staff-only events (`TopicAccess.seesStaffEvents`). */
  seesStaffEvents(actor: PolicyActor | null, topic: Topic): Promise<boolean>;
  /** Changes to conversation `topic` after change `cursor` of its sequence, as events, oldest first. */
  replay(topic: Topic, cursor: number): Promise<ConversationReplay>;
  /** Starts routing events on `topic` to `connection` (a subscribe being checked, or allowed). */
  index(connection: RealtimeConnection, topic: Topic): void;
  /** Stops routing events on `topic` to `connection`. */
  unindex(connection: RealtimeConnection, topic: Topic): void;
  /** Moves `connection` from user `before` to user `after` in the index of sockets by user (null: none). */
  indexUser(connection: RealtimeConnection, before: string | null, after: string | null): void;
}

/** Who an event frame is for: every follower of its topic, or only its staff (`isStaffOnlyEvent`). */
export type Audience = 'all' | 'staff';

/**
 * One WebSocket at `/api/realtime` (docs/decisions/007): reads the client's
 * frames (`auth` first, `subscribe`, `unsubscribe`, `ping`), remembers the
 * topics it was allowed, and delivers events on them. Frames are handled
 * one at a time in arrival order (`ping` at once). Delivery can be
 * suspended while access is re-checked: events meanwhile wait and are then
 * delivered only on topics still allowed (access loss ordering).
 */
export class RealtimeConnection {
  /** Topics the socket was allowed and follows. */
  readonly topics = new Set<Topic>();
  /** Followed topics whose staff-only events this socket gets too. */
  private readonly staffTopics = new Set<Topic>();
  /** Topics being checked, with the event frames that arrived meanwhile (sent once allowed). */
  private readonly pending = new Map<Topic, { frame: string; audience: Audience }[]>();
  private queue: { topic: Topic; frame: string; audience: Audience }[] = [];
  private suspended = 0;
  private accessEpoch = 0;
  private rechecking: Promise<void> = Promise.resolve();
  private work: Promise<void> = Promise.resolve();
  private hasReadFrames = false;
  /** True once the socket closed: frames still queued must not index it again. */
  private isDisposed = false;
  /** False after a heartbeat ping until the client answers (or sends anything). */
  isAlive = true;

  constructor(
    readonly socket: WebSocket,
    public actor: SocketActor | null,
    private readonly host: ConnectionHost,
  ) {
    host.indexUser(this, null, actor?.userId ?? null);
  }

  /** Sends `{type:'ready'}` and starts reading frames. */
  start(): void {
    this.send({ type: 'ready', userId: this.actor?.userId ?? null });
    this.socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    this.socket.on('pong', () => {
      this.isAlive = true;
    });
  }

  /** Sends a server frame (dropped when the socket is no longer open). */
  send(frame: ServerFrame): void {
    this.sendText(JSON.stringify(frame));
  }

  /**
   * Delivers an `event` frame (already serialised once for every socket)
   * on `topic` for `audience`: at once, after a suspension, or once a
   * pending subscribe of that topic is allowed; a staff-only frame only
   * where the socket sees the topic's staff events.
   */
  deliver(topic: Topic, frame: string, audience: Audience = 'all'): void {
    const waiting = this.pending.get(topic);
    if (waiting) {
      waiting.push({ frame, audience });
      return;
    }
    if (this.suspended > 0) this.queue.push({ topic, frame, audience });
    else this.sendIfFor(topic, frame, audience);
  }

  /**
   * Stops delivery at once (synchronously, so nothing published after an
   * access change slips through), re-checks the actor's session and every
   * topic, sends `revoked` for those no longer allowed, then resumes:
   * docs/decisions/007's suspend → re-check → revoked → resume.
   */
  recheck(): Promise<void> {
    this.suspended += 1;
    this.accessEpoch += 1;
    this.rechecking = this.rechecking.then(async () => {
      try {
        await this.recheckNow();
      } catch (err) {
        this.host.logger.error({ err }, 'realtime: re-check failed; closing the socket');
        this.close(1011, 'access check failed');
      } finally {
        this.resume();
      }
    });
    return this.rechecking;
  }

  /** Closes the socket with `code` (e.g. 1012 after the bus reconnected: clients resync). */
  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  /**
   * Forgets every topic and its user (the socket closed). Frames still
   * queued or in flight then stop at their next step and leave nothing in
   * the hub's indexes.
   */
  dispose(): void {
    this.isDisposed = true;
    for (const topic of [...this.topics, ...this.pending.keys()]) this.host.unindex(this, topic);
    this.topics.clear();
    this.staffTopics.clear();
    this.pending.clear();
    this.host.indexUser(this, this.actor?.userId ?? null, null);
  }

  private async recheckNow(): Promise<void> {
    if (this.isDisposed) return;
    if (this.actor) {
      const before = this.actor.userId;
      this.actor = await this.host.reloadActor(this.actor.sessionId);
      if (!this.actor) this.host.indexUser(this, before, null);
    }
    for (const topic of [...this.topics]) {
      if (await this.host.canFollow(this.actor, topic)) {
        await this.grantStaffEvents(topic);
        continue;
      }
      this.topics.delete(topic);
      this.staffTopics.delete(topic);
      this.host.unindex(this, topic);
      this.send({ type: 'revoked', topic });
    }
  }

  /** Records whether the socket gets `topic`'s staff-only events, as the actor stands now. */
  private async grantStaffEvents(topic: Topic): Promise<void> {
    if (await this.host.seesStaffEvents(this.actor, topic)) this.staffTopics.add(topic);
    else this.staffTopics.delete(topic);
  }

  private resume(): void {
    this.suspended -= 1;
    if (this.suspended > 0) return;
    const queued = this.queue;
    this.queue = [];
    for (const { topic, frame, audience } of queued) this.sendIfFor(topic, frame, audience);
  }

  /** Sends `frame` when the socket follows `topic` and is of `audience`. */
  private sendIfFor(topic: Topic, frame: string, audience: Audience): void {
    if (!this.topics.has(topic)) return;
    if (audience === 'staff' && !this.staffTopics.has(topic)) return;
    this.sendText(frame);
  }

  private sendText(text: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  private onMessage(data: unknown, isBinary: boolean): void {
    this.isAlive = true;
    const frame = this.parse(data, isBinary);
    if (!frame) return;
    if (frame.type === 'ping') {
      this.send({ type: 'pong' });
      return;
    }
    const isFirst = !this.hasReadFrames;
    this.hasReadFrames = true;
    this.work = this.work
      .then(() => this.handle(frame, isFirst))
      .catch((err: unknown) => {
        this.host.logger.error({ err, frame: frame.type }, 'realtime: frame failed');
        this.send({ type: 'error', message: 'Something went wrong; try again.' });
      });
  }

  private parse(data: unknown, isBinary: boolean): ClientFrame | null {
    const text = isBinary ? null : textOf(data);
    if (text === null || Buffer.byteLength(text) > MAX_CLIENT_FRAME_BYTES) {
      this.send({
        type: 'error',
        message: `Frames must be JSON text of at most ${MAX_CLIENT_FRAME_BYTES} bytes.`,
      });
      return null;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.send({ type: 'error', message: 'Frames must be JSON.' });
      return null;
    }
    const parsed = clientFrameSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      this.send({ type: 'error', message: `Malformed frame: ${where}${issue?.message ?? ''}` });
      return null;
    }
    return parsed.data;
  }

  private async handle(frame: ClientFrame, isFirst: boolean): Promise<void> {
    if (this.isDisposed) return;
    switch (frame.type) {
      case 'auth':
        return this.authenticate(frame.token, isFirst);
      case 'subscribe':
        return this.subscribe(frame.topic, resumeOf(frame));
      case 'unsubscribe':
        return this.unsubscribe(frame.topic);
      case 'ping':
        return;
    }
  }

  private async authenticate(token: string, isFirst: boolean): Promise<void> {
    if (!isFirst) {
      this.send({ type: 'error', message: 'auth must be the first frame on a connection.' });
      return;
    }
    const before = this.actor?.userId ?? null;
    const actor = await this.host.authenticate(token);
    // Closed meanwhile: dispose() already took `before` out of the index.
    if (this.isDisposed) return;
    this.actor = actor;
    this.host.indexUser(this, before, this.actor?.userId ?? null);
    this.send({ type: 'ready', userId: this.actor?.userId ?? null });
  }

  private async subscribe(topic: Topic, resume: Resume): Promise<void> {
    if (this.topics.has(topic) || this.pending.has(topic)) {
      this.send({ type: 'error', message: `Already subscribed to ${topic}.` });
      return;
    }
    if (this.topics.size + this.pending.size >= MAX_TOPICS_PER_SOCKET) {
      this.send({
        type: 'error',
        message: `A connection may follow at most ${MAX_TOPICS_PER_SOCKET} topics; unsubscribe from some first.`,
      });
      return;
    }
    if (!this.actor && topic !== 'config:client') {
      this.send({ type: 'denied', topic, code: 'unauthenticated' });
      return;
    }
    this.pending.set(topic, []);
    this.host.index(this, topic);
    try {
      await this.admit(topic, resume);
    } catch (err) {
      this.pending.delete(topic);
      this.host.unindex(this, topic);
      throw err;
    }
  }

  /**
   * Checks `topic` and reads its replay, both again when access changed
   * meanwhile (a recheck does not see a topic still pending), then starts
   * delivery: nothing is admitted on a check older than the last access
   * change (docs/decisions/007, access loss ordering). A replay goes out
   * after `subscribed` and before the live events that waited, and ends
   * with `replayed`.
   */
  private async admit(topic: Topic, resume: Resume): Promise<void> {
    let isAllowed: boolean;
    let isStaff: boolean;
    let replay: ConversationReplay | null;
    let epoch: number;
    do {
      await this.rechecking;
      epoch = this.accessEpoch;
      isAllowed = await this.host.canFollow(this.actor, topic);
      isStaff = isAllowed && (await this.host.seesStaffEvents(this.actor, topic));
      replay = isAllowed ? await this.readReplay(topic, resume) : null;
    } while (epoch !== this.accessEpoch);
    if (this.isDisposed) {
      // Closed meanwhile: dispose() unindexed it as pending; make sure it stays so.
      this.host.unindex(this, topic);
      return;
    }
    const waiting = this.pending.get(topic) ?? [];
    this.pending.delete(topic);
    if (!isAllowed) {
      this.host.unindex(this, topic);
      this.send({ type: 'denied', topic, code: 'not_found' });
      return;
    }
    this.topics.add(topic);
    if (isStaff) this.staffTopics.add(topic);
    this.send({ type: 'subscribed', topic });
    if (replay) {
      for (const event of replay.events) {
        this.deliver(topic, JSON.stringify({ type: 'event', event }));
      }
      const end: ServerFrame = {
        type: 'replayed',
        topic,
        seq: replay.seq,
        truncated: replay.isTruncated,
      };
      this.deliver(topic, JSON.stringify(end));
    }
    for (const { frame, audience } of waiting) this.deliver(topic, frame, audience);
  }

  /**
   * The replay a subscribe of `topic` asks for: a conversation's from its
   * cursor, a truncated one for an older client's `since` (a time cannot say
   * what it missed), or none.
   */
  private async readReplay(topic: Topic, resume: Resume): Promise<ConversationReplay | null> {
    if (resume === null || !topic.startsWith('conversation:')) return null;
    if (resume === 'since') return { events: [], seq: null, isTruncated: true };
    return this.host.replay(topic, resume.cursor);
  }

  private unsubscribe(topic: Topic): void {
    if (!this.topics.delete(topic)) return;
    this.staffTopics.delete(topic);
    this.host.unindex(this, topic);
  }
}

function textOf(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return null;
}
