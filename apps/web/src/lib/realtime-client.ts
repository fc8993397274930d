import { afterLoadWhenIdle } from './idle';
import type { ClientFrame, RealtimeEvent, ServerFrame } from '@rally/shared/realtime';
import { readControlFrame, reconnectDelayMs } from '@rally/shared/realtime-socket';

/** The client pings this often; the server answers `pong` (docs/decisions/007 heartbeat). */
export const CLIENT_PING_INTERVAL_MS = 15_000;
/** This long without any frame from the server means the connection is dead: reconnect. */
export const SILENCE_LIMIT_MS = 45_000;
/** A topic nobody follows any more is unsubscribed after this delay (page changes often re-follow it). */
export const UNSUBSCRIBE_DELAY_MS = 2_000;

/** What the client needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

/** One follower of a topic (a page or component). Every callback is optional. */
export interface TopicListener {
  /** An event on the topic. */
  onEvent?(event: RealtimeEvent): void;
  /**
   * Events may have been missed: refetch what the topic shows. Called after
   * a reconnect once the topic is followed again, except for a
   * `conversation:` topic resumed from the listener's `cursor` whose replay
   * the server completed; and after a replay the server `truncated`.
   */
  onResync?(): void;
  /**
   * For `conversation:` topics: the change number through which the
   * listener holds every change of the conversation (docs/decisions/007,
   * resync by sequence); the server replays what changed after it, then
   * says `replayed`. Undefined: nothing to resume from (refetch instead).
   */
  cursor?(): number | undefined;
  /** A replay from `cursor` is complete: the listener now holds every change through `seq`. */
  onReplayed?(seq: number): void;
  /** The topic was refused (`denied`) or taken away (`revoked`): the user may no longer see it. */
  onAccessLost?(reason: 'not_found' | 'unauthenticated' | 'revoked'): void;
}

/** Options of {@link RealtimeClient}. */
export interface RealtimeClientOptions {
  /** The WebSocket URL, e.g. `wss://host/api/realtime`. */
  url: string;
  /** Opens a socket (default: the browser's `WebSocket`). */
  createSocket?: (url: string) => SocketLike;
  /**
   * The Bearer session token to sign each new connection in with, as its
   * first frame `{type: 'auth', token}` (the native app, whose socket
   * carries no cookie); null or absent: the cookie signs it in.
   */
  sessionToken?: () => string | null;
  /** App-wide handling of every event, once per event (e.g. TanStack Query invalidations). */
  onEvent?(event: RealtimeEvent): void;
  /**
   * App-wide resync of a topic, once per topic after a reconnect, an access
   * loss or a truncated replay (not after a complete replay: see `onReplayed`).
   */
  onResync?(topic: string): void;
  /** App-wide handling of a complete replay of a `conversation:` topic (what it does not carry). */
  onReplayed?(topic: string): void;
}

interface TopicEntry {
  listeners: Set<TopicListener>;
  /** Whether the server confirmed it on the current connection. */
  isSubscribed: boolean;
  /** Resync once the server confirms it (set on reconnects). */
  needsResync: boolean;
  /**
   * The listeners whose `cursor` the current subscribe resumed from: the
   * replay, not the confirmation, decides whether they resync (empty: no replay).
   */
  resumed: Set<TopicListener>;
  unsubscribeTimer: ReturnType<typeof setTimeout> | undefined;
}

const OPEN = 1;

/** One WebSocket message as JSON; undefined when it is not text or not JSON. */
function parseJson(data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads one WebSocket message as a server frame (`parseServerFrame` of realtime-frames.ts). */
type FrameParser = (data: unknown) => ServerFrame | null;
let frameParser: FrameParser | undefined;
let loadingFrameParser: Promise<void> | undefined;

/**
 * Loads realtime-frames.ts (the frames' zod schemas, with zod's core 12 KB
 * brotli and their construction a long task on a slow phone) once; resolves
 * when frames can be read. The client needs it only for a frame other than
 * `ready`, `subscribed` and `pong` (`readControlFrame`), so a page that
 * shows no live change never downloads it; and the download waits until
 * the page has loaded and the main thread is idle ({@link afterLoadWhenIdle}):
 * the first screen paints without it, and the frames that arrive meanwhile
 * wait in order (docs/decisions/004, "Signed-in layouts"; docs/decisions/018,
 * sixth pass). Rejects when the chunk cannot be fetched; the next call
 * tries again.
 */
export function loadFrameParser(): Promise<void> {
  loadingFrameParser ??= afterLoadWhenIdle()
    .then(() => import('./realtime-frames'))
    .then(
      (module) => {
        frameParser = module.parseServerFrame;
      },
      (err: unknown) => {
        loadingFrameParser = undefined;
        throw err;
      },
    );
  return loadingFrameParser;
}

/**
 * One WebSocket per app to `/api/realtime` (DESIGN.md §4, docs/decisions/007):
 * ref-counted topic subscriptions (the first follower subscribes, the last
 * one's leaving unsubscribes after {@link UNSUBSCRIBE_DELAY_MS}), reconnects
 * with backoff 1, 2, 5, 10 s (`reconnectDelayMs`), then resubscribes every
 * followed topic and resyncs it once the server confirms it — except a
 * conversation resumed from its listeners' `cursor`, which the server
 * replays (docs/decisions/007, resync by sequence): that one resyncs only
 * when the replay says `truncated`. Pings every 15 s and treats 45 s of
 * silence as a dead connection. Realtime is lossy by design: callers keep
 * their data in TanStack Query and treat events as hints to refetch.
 */
export class RealtimeClient {
  private readonly topics = new Map<string, TopicEntry>();
  private socket: SocketLike | undefined;
  private isReady = false;
  /** `ready` frames of this connection to pass over: the connection's own, when an `auth` frame follows. */
  private readiesToSkip = 0;
  private hasBeenReady = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private lastHeardAt = 0;
  private isClosed = false;
  /** Messages of the current socket that arrived before the frame parser had loaded, in order. */
  private waitingFrames: unknown[] = [];
  /** Who the server sees on this socket (`ready`), null when signed out or not connected. */
  userId: string | null = null;

  constructor(private readonly options: RealtimeClientOptions) {}

  /** Whether the socket is connected and the server said `ready`. */
  get isConnected(): boolean {
    return this.isReady;
  }

  /** Topics followed right now (tests, diagnostics). */
  get followedTopics(): string[] {
    return [...this.topics.keys()];
  }

  /**
   * Follows `topic` with `listener`; returns the function that stops
   * following. Connects on first use.
   */
  subscribe(topic: string, listener: TopicListener): () => void {
    let entry = this.topics.get(topic);
    if (!entry) {
      entry = {
        listeners: new Set(),
        isSubscribed: false,
        needsResync: false,
        resumed: new Set(),
        unsubscribeTimer: undefined,
      };
      this.topics.set(topic, entry);
      this.sendSubscribe(topic);
    }
    clearTimeout(entry.unsubscribeTimer);
    entry.unsubscribeTimer = undefined;
    entry.listeners.add(listener);
    this.ensureConnected();
    const current = entry;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size > 0 || current.unsubscribeTimer) return;
      current.unsubscribeTimer = setTimeout(() => {
        if (this.topics.get(topic) !== current || current.listeners.size > 0) return;
        this.topics.delete(topic);
        if (this.isReady) this.send({ type: 'unsubscribe', topic });
      }, UNSUBSCRIBE_DELAY_MS);
    };
  }

  /** Drops the connection and connects again at once (e.g. the signed-in user changed). */
  reconnect(): void {
    if (this.isClosed) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.attempt = 0;
    this.dropSocket();
    this.connect();
  }

  /** Closes for good (the app is going away). */
  close(): void {
    this.isClosed = true;
    clearTimeout(this.reconnectTimer);
    this.dropSocket();
    for (const entry of this.topics.values()) clearTimeout(entry.unsubscribeTimer);
    this.topics.clear();
  }

  private ensureConnected(): void {
    if (this.socket || this.reconnectTimer || this.isClosed) return;
    this.connect();
  }

  private connect(): void {
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    const socket = create(this.options.url);
    this.socket = socket;
    this.isReady = false;
    this.readiesToSkip = 0;
    socket.onmessage = (message) => {
      if (this.socket === socket) this.receive(socket, message.data);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.onLost();
    };
    socket.onerror = () => {
      // A close event follows; reconnecting happens there.
    };
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const token = this.options.sessionToken?.() ?? null;
      if (token) {
        // The server's `ready` of the connection itself comes first; the one
        // answering this frame says who the socket is signed in as.
        this.readiesToSkip = 1;
        this.send({ type: 'auth', token });
      }
      this.lastHeardAt = Date.now();
      this.heartbeatTimer = setInterval(() => this.beat(), CLIENT_PING_INTERVAL_MS);
    };
  }

  /** The connection ended (closed, failed or found dead): mark topics for resync and retry later. */
  private onLost(): void {
    this.dropSocket();
    if (this.isClosed) return;
    const delay = reconnectDelayMs(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private dropSocket(): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    this.isReady = false;
    this.readiesToSkip = 0;
    this.userId = null;
    this.waitingFrames = [];
    for (const entry of this.topics.values()) {
      entry.isSubscribed = false;
      if (this.hasBeenReady) entry.needsResync = true;
    }
    if (socket) {
      socket.onmessage = null;
      socket.onclose = null;
      socket.onopen = null;
      if (socket.readyState <= OPEN) socket.close();
    }
  }

  private beat(): void {
    if (Date.now() - this.lastHeardAt >= SILENCE_LIMIT_MS) {
      this.onLost();
      return;
    }
    this.send({ type: 'ping' });
  }

  /**
   * One message of `socket`: a control frame (`readControlFrame`) or, once
   * the frame parser has loaded, any frame is read at once; else it is kept
   * until the parser has loaded (frames stay in arrival order). A parser
   * that cannot be fetched counts as a lost connection: the reconnect tries
   * again.
   */
  private receive(socket: SocketLike, data: unknown): void {
    this.lastHeardAt = Date.now();
    if (this.waitingFrames.length === 0) {
      const control = readControlFrame(parseJson(data));
      if (control) return this.onFrame(control);
      if (frameParser) return this.onFrame(frameParser(data));
    }
    this.waitingFrames.push(data);
    if (this.waitingFrames.length > 1) return;
    loadFrameParser().then(
      () => {
        if (this.socket !== socket) return; // its frames went with it
        for (const waiting of this.waitingFrames.splice(0)) {
          if (this.socket !== socket) return;
          this.onFrame(frameParser!(waiting));
        }
      },
      () => {
        if (this.socket === socket) this.onLost();
      },
    );
  }

  private onFrame(frame: ServerFrame | null): void {
    if (!frame) return;
    switch (frame.type) {
      case 'ready':
        return this.onReady(frame.userId);
      case 'subscribed':
        return this.onSubscribed(frame.topic);
      case 'denied':
        return this.onAccessLost(frame.topic, frame.code);
      case 'revoked':
        return this.onAccessLost(frame.topic, 'revoked');
      case 'event':
        return this.onEvent(frame.event);
      case 'replayed':
        return this.onReplayed(frame.topic, frame.truncated ? null : frame.seq);
      case 'error':
        console.warn(`Realtime: ${frame.message}`);
        return;
      case 'pong':
        return;
    }
  }

  private onReady(userId: string | null): void {
    if (this.readiesToSkip > 0) {
      this.readiesToSkip -= 1;
      return;
    }
    this.isReady = true;
    this.hasBeenReady = true;
    this.attempt = 0;
    this.userId = userId;
    for (const topic of this.topics.keys()) this.sendSubscribe(topic);
  }

  private onSubscribed(topic: string): void {
    const entry = this.topics.get(topic);
    if (!entry) return;
    entry.isSubscribed = true;
    if (!entry.needsResync) return;
    entry.needsResync = false;
    // A replay is coming: it says whether those resuming from a cursor must refetch.
    if (entry.resumed.size === 0) this.options.onResync?.(topic);
    for (const listener of [...entry.listeners]) {
      if (!entry.resumed.has(listener)) listener.onResync?.();
    }
  }

  /**
   * The replay of `topic` ended: with `seq` when complete (its listeners
   * now hold every change through it), null when the server truncated it
   * (they and the app refetch instead of trusting it).
   */
  private onReplayed(topic: string, seq: number | null): void {
    const entry = this.topics.get(topic);
    if (!entry || entry.resumed.size === 0) return;
    const listeners = [...entry.resumed].filter((l) => entry.listeners.has(l));
    entry.resumed = new Set();
    if (seq === null) {
      this.options.onResync?.(topic);
      for (const listener of listeners) listener.onResync?.();
      return;
    }
    this.options.onReplayed?.(topic);
    for (const listener of listeners) listener.onReplayed?.(seq);
  }

  private onAccessLost(topic: string, reason: 'not_found' | 'unauthenticated' | 'revoked'): void {
    const entry = this.topics.get(topic);
    if (!entry) return;
    entry.isSubscribed = false;
    entry.needsResync = false;
    if (reason === 'revoked') this.options.onResync?.(topic);
    for (const listener of [...entry.listeners]) listener.onAccessLost?.(reason);
  }

  private onEvent(event: RealtimeEvent): void {
    const entry = this.topics.get(event.topic);
    if (!entry) return;
    this.options.onEvent?.(event);
    for (const listener of [...entry.listeners]) listener.onEvent?.(event);
  }

  private sendSubscribe(topic: string): void {
    if (!this.isReady) return;
    const entry = this.topics.get(topic);
    let cursor: number | undefined;
    if (entry) {
      entry.resumed = new Set();
      if (topic.startsWith('conversation:')) {
        // Each must get every change after its own cursor: resume from the lowest.
        for (const listener of entry.listeners) {
          const held = listener.cursor?.();
          if (held === undefined) continue;
          entry.resumed.add(listener);
          if (cursor === undefined || held < cursor) cursor = held;
        }
      }
    }
    this.send({ type: 'subscribe', topic, ...(cursor === undefined ? {} : { cursor }) });
  }

  private send(frame: ClientFrame): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }
}
