/**
 * How long the HTTP server waits for a client, in ms (OWASP DoS cheat
 * sheet: slow headers and slow bodies, "Slowloris"). Without these a
 * connection that sends nothing, half its headers, or a body byte now and
 * then holds a socket and a file descriptor for ever; enough of them and no
 * one else can connect.
 */
export interface HttpTimeouts {
  /** Whole request head (request line and headers) from the first byte: 408 and close after it. */
  headersMs: number;
  /**
   * Whole request, body included. Sized for the largest upload (a 10 MB
   * attachment) over a slow phone link (~0.7 Mbit/s).
   */
  requestMs: number;
  /**
   * A socket with no traffic either way is closed after this. Longer than
   * Fastify's keep-alive (72 s) so idle keep-alive sockets close by
   * keep-alive, never under a load balancer reusing them (whose idle
   * timeout is usually 60 s). WebSockets are not affected (`ws` clears the
   * socket timeout at the upgrade; they have their own pings).
   */
  idleMs: number;
  /** How often Node checks open requests against `headersMs` and `requestMs`. */
  checkIntervalMs: number;
}

/** Rally's defaults of {@link HttpTimeouts}; tests shorten them. */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 15_000,
  requestMs: 120_000,
  idleMs: 80_000,
  checkIntervalMs: 1_000,
};

/**
 * Fastify options enforcing `timeouts` (Fastify's own defaults are 0 =
 * never; Node's `headersTimeout` and `connectionsCheckingInterval` are
 * passed through `http`).
 */
export function fastifyTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  };
}
