/** A logged error: pino's `err` shape, with only the fields listed in {@link KEPT_FIELDS}. */
export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/**
 * Fields of an error that say what failed without saying about whom (the
 * SQLSTATE, the constraint, PostgreSQL's routine, ...). Not kept: Drizzle's
 * `params` and PostgreSQL's `detail`, which quotes the row (`Key
 * (phone_number)=(+91…) already exists`), nor anything else a library adds.
 */
const KEPT_FIELDS = [
  'code',
  'errno',
  'syscall',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'routine',
  'statusCode',
] as const;

/**
 * The message without data: Drizzle's `DrizzleQueryError` (`Failed query:
 * <sql>\nparams: <values>`) keeps its SQL only; PostgreSQL's data exceptions
 * (SQLSTATE class 22) quote the offending value (`invalid input syntax for
 * type uuid: "…"`, `value "…" is out of range`), which is replaced.
 */
function messageOf(err: Error): string {
  const { query, code } = err as { query?: unknown; code?: unknown };
  if ('params' in err && typeof query === 'string') return `Failed query: ${query}`;
  if (typeof code === 'string' && code.startsWith('22')) {
    return err.message.replace(/"[^"]*"/g, '"[redacted]"');
  }
  return err.message;
}

/** The stack's frames (`    at …` lines) under a header rebuilt from the scrubbed message. */
function stackOf(err: Error, message: string): string | undefined {
  if (!err.stack) return undefined;
  const frames = err.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${err.name}: ${message}`, ...frames].join('\n');
}

/**
 * pino serializer for `err` that keeps personal data out of the logs
 * (OWASP Logging Cheat Sheet; DPDP Act 2023 §8: data minimisation): a failed
 * query is logged with its SQL text, SQLSTATE and constraint, never with its
 * parameters (names, message bodies, phone numbers) or PostgreSQL's
 * row-quoting `detail`; the `cause` chain is serialized the same way (at
 * most 5 deep). Non-errors pass through. Use it as
 * `serializers: { err: errorSerializer }` on every Rally logger.
 */
export function errorSerializer(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const message = messageOf(err);
  const logged: LoggedError = { type: err.constructor.name, message };
  const stack = stackOf(err, message);
  if (stack) logged.stack = stack;
  for (const field of KEPT_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[field];
    if (value !== undefined) logged[field] = value;
  }
  if (err.cause instanceof Error && depth < 5) {
    logged.cause = errorSerializer(err.cause, depth + 1) as LoggedError;
  }
  return logged;
}
