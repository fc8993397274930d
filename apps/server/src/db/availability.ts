/**
 * SQLSTATEs that mean "the database is away for now", not "this query is
 * wrong" (PostgreSQL docs, Appendix A): class 08 (connection exception),
 * 57P01 admin_shutdown, 57P02 crash_shutdown (another backend crashed and the
 * postmaster resets every connection), 57P03 cannot_connect_now (starting
 * up, in recovery), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors of a lost or refused connection (Node's `err.code`). */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * Messages node-postgres (pg 8) gives errors of a lost connection that carry
 * no code: the server closed the socket, a client that already failed was
 * asked again, or no connection could be had within `connectionTimeoutMillis`.
 */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
  'Connection ended unexpectedly',
];

/**
 * True when `err` (or an error in its `cause` chain, as Drizzle wraps driver
 * errors in `DrizzleQueryError`) says PostgreSQL cannot be reached or lost
 * the connection, so the request may succeed if retried shortly; false for
 * every other error (a constraint, a syntax error, a bug). The HTTP layer
 * answers these with 503 and `Retry-After` instead of a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (UNAVAILABLE_ERRNOS.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true;
    e = e.cause;
  }
  return false;
}
