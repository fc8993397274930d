import { messageSchema, threadSchema, type Message } from '@rally/shared/conversations';
import { serverFrameSchema, type ServerFrame } from '@rally/shared/realtime';
import type { TestApp, TestUser } from '../../test/harness.ts';
import { TestSocket } from './test-socket.ts';

/**
 * A client of one thread that follows the resync protocol of
 * docs/decisions/007 ("resync by sequence") to the letter, for tests:
 * it keeps the newest copy of each message (by `seq`), holds a cursor (the
 * change number through which it has every change: numbers seen out of
 * order wait until the gap before them fills), resubscribes from that
 * cursor, and refetches the whole thread over HTTP when a replay says
 * `truncated`. Not part of the server: only `*.test.ts` files import this.
 */
export class ThreadFollower {
  /** The newest copy of each message it holds, by id. */
  readonly messages = new Map<string, Message>();
  /** Changes that reached it more than once (a replay repeating a live event, or the reverse). */
  repeats = 0;
  /** Whole-thread loads over HTTP (the first one, and one per truncated replay). */
  refetches = 0;
  /** Replays that ended truncated. */
  truncations = 0;
  private held = 0;
  private readonly ahead = new Set<number>();
  private socket: TestSocket | undefined;

  /**
   * Follows `topic` (`conversation:{id}`) on the server at `baseUrl`, as
   * `user`, who reads the thread at `threadUrl`.
   */
  constructor(
    private readonly t: TestApp,
    private readonly baseUrl: string,
    private readonly user: TestUser,
    private readonly threadUrl: string,
    private readonly topic: string,
  ) {}

  /** The change number through which it holds every change. */
  get cursor(): number {
    return this.held;
  }

  /**
   * Loads the whole thread (newest page, then older ones) and holds every
   * change through the `seq` of the first page (read before its messages).
   */
  async refetch(): Promise<void> {
    this.refetches += 1;
    let before: string | undefined;
    let seq: number | undefined;
    do {
      const query = `?limit=100${before ? `&before=${before}` : ''}`;
      const res = await this.t.req(this.user, 'GET', `${this.threadUrl}${query}`);
      const thread = threadSchema.parse(res.json());
      seq ??= thread.seq;
      for (const message of thread.messages) this.apply(message);
      before = thread.hasOlder ? thread.messages[0]?.id : undefined;
    } while (before);
    this.holdThrough(seq);
  }

  /**
   * Connects and subscribes from the cursor; resolves once the replay has
   * ended and, when it was truncated, the thread has been refetched.
   */
  async connect(): Promise<void> {
    const socket = await TestSocket.open(this.baseUrl, this.user.token);
    this.socket = socket;
    let resolveReplay!: (end: Extract<ServerFrame, { type: 'replayed' }>) => void;
    const replayed = new Promise<Extract<ServerFrame, { type: 'replayed' }>>(
      (resolve) => (resolveReplay = resolve),
    );
    socket.ws.on('message', (data) => {
      const frame = serverFrameSchema.parse(JSON.parse(String(data)));
      if (frame.type === 'replayed' && frame.topic === this.topic) resolveReplay(frame);
      else if (frame.type === 'event' && frame.event.topic === this.topic) this.onEvent(frame);
    });
    const answer = await socket.subscribe(this.topic, this.held);
    if (answer !== 'subscribed') throw new Error(`${this.topic} was refused: ${answer}`);
    const end = await replayed;
    if (end.truncated) {
      this.truncations += 1;
      await this.refetch();
    } else {
      this.holdThrough(end.seq ?? undefined);
    }
  }

  /** Drops the connection (whatever is still on its way is lost, as in an outage). */
  async disconnect(): Promise<void> {
    await this.socket?.close();
    this.socket = undefined;
  }

  private onEvent(frame: Extract<ServerFrame, { type: 'event' }>): void {
    const { seq, payload } = frame.event;
    if (seq === undefined) return; // read marks: not messages
    this.apply(messageSchema.parse(payload));
    if (seq <= this.held || this.ahead.has(seq)) this.repeats += 1;
    else this.ahead.add(seq);
    this.holdThrough(undefined);
  }

  private apply(message: Message): void {
    const current = this.messages.get(message.id);
    if (!current || message.seq > current.seq) this.messages.set(message.id, message);
  }

  /** Holds everything through `seq` (when given), then every number waiting right after it. */
  private holdThrough(seq: number | undefined): void {
    if (seq !== undefined && seq > this.held) this.held = seq;
    while (this.ahead.has(this.held + 1)) this.held += 1;
    for (const waiting of this.ahead) if (waiting <= this.held) this.ahead.delete(waiting);
  }
}
