import { clientFrameSchema, type ClientFrame, type ServerFrame } from '@rally/shared/realtime';

/**
 * A WebSocket stand-in for web tests (the test setup installs it as the
 * global `WebSocket`, so no test ever reaches a real server). It stays
 * "connecting" until a test calls {@link FakeWebSocket.acceptAsServer}; the
 * test then plays the server: {@link receive} frames, read {@link sentFrames},
 * {@link drop} the connection.
 */
export class FakeWebSocket {
  /** Every socket created since the last {@link reset}, oldest first. */
  static instances: FakeWebSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  /** Forgets every socket (the setup calls it before each test). */
  static reset(): void {
    FakeWebSocket.instances = [];
  }

  /** The newest socket; throws when none was created. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no WebSocket was created');
    return socket;
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN)
      throw new Error('send on a socket that is not open');
    this.sent.push(data);
  }

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /** Opens the socket and sends `ready` as the server does (`userId` null = signed out). */
  acceptAsServer(userId: string | null = null): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
    this.receive({ type: 'ready', userId });
  }

  /** Delivers a server frame. */
  receive(frame: ServerFrame): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  /** Confirms every `subscribe` sent so far that was not answered yet. */
  confirmSubscriptions(): void {
    for (const frame of this.sentFrames()) {
      if (frame.type === 'subscribe') this.receive({ type: 'subscribed', topic: frame.topic });
    }
  }

  /** The connection fails (no close handshake: 1006). */
  drop(): void {
    this.close(1006);
  }

  /** The frames the client sent, parsed. */
  sentFrames(): ClientFrame[] {
    return this.sent.map((text) => clientFrameSchema.parse(JSON.parse(text)));
  }

  /** Topics the client subscribed to on this socket, in order. */
  subscribedTopics(): string[] {
    return this.sentFrames().flatMap((f) => (f.type === 'subscribe' ? [f.topic] : []));
  }
}
