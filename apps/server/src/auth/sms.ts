/** One text message handed to an SMS provider. */
export interface SmsMessage {
  /** E.164 recipient. */
  phoneNumber: string;
  body: string;
  /** The sign-in code the body carries (MSG91 sends it as the DLT template's variable; the console keeps it in its dev outbox). */
  code: string;
}

/** A way to send text messages (DESIGN.md §3: console, Twilio, MSG91 behind one interface). */
export interface SmsProvider {
  readonly name: string;
  /**
   * Hands `message` to the provider and resolves once it accepted it.
   * Rejects with {@link SmsSendError} when the provider refuses, fails,
   * cannot be reached or does not answer in time.
   */
  send(message: SmsMessage): Promise<void>;
}

/**
 * Why a send failed: `timeout` (no answer within the configured time),
 * `network` (no connection), `auth` (the provider refused Rally's
 * credentials: a configuration error), `rate_limited` (the provider's own
 * limit), `rejected` (the provider refused this message or recipient),
 * `server` (a 5xx or an answer Rally cannot read).
 */
export type SmsFailureReason =
  'timeout' | 'network' | 'auth' | 'rate_limited' | 'rejected' | 'server';

/**
 * A provider's failure to send one message. Its `message` and fields never
 * hold the message body or the code (they are logged); the recipient appears
 * only as {@link maskPhone} of it.
 */
export class SmsSendError extends Error {
  /**
   * @param provider name of the provider (`twilio`, `msg91`)
   * @param reason see {@link SmsFailureReason}
   * @param message a sentence for the log, without the code or the body
   * @param details `status`: the provider's HTTP status; `providerCode`: its
   *   error code; `retryAfterSeconds`: its `Retry-After`, when it sent one;
   *   `unreachableRecipient`: the provider says the number cannot get SMS
   *   (a landline, a number that does not exist).
   */
  constructor(
    readonly provider: string,
    readonly reason: SmsFailureReason,
    message: string,
    readonly details: {
      status?: number;
      providerCode?: string | number;
      retryAfterSeconds?: number;
      unreachableRecipient?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'SmsSendError';
  }

  /** The fields a log line carries (no body, no code, a masked number). */
  toLog(): Record<string, unknown> {
    return { provider: this.provider, reason: this.reason, message: this.message, ...this.details };
  }
}

/** `+919812345678` -> `+91******78`: enough to tell numbers apart in a log, not to text them. */
export function maskPhone(phoneNumber: string): string {
  const visibleHead = phoneNumber.startsWith('+') ? 3 : 0;
  const tail = phoneNumber.slice(-2);
  const hidden = Math.max(0, phoneNumber.length - visibleHead - 2);
  return `${phoneNumber.slice(0, visibleHead)}${'*'.repeat(hidden)}${tail}`;
}

/** A message as kept in the console provider's dev outbox. */
export interface OutboxEntry extends SmsMessage {
  sentAt: string;
}

/**
 * The development SMS provider (DESIGN.md §3): prints each message on its own
 * console line (the only place a code is ever logged) and keeps the last
 * `limit` messages in memory for `GET /api/dev/sms-outbox`.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  private readonly outbox: OutboxEntry[] = [];

  constructor(
    private readonly print: (line: string) => void = (line) => process.stdout.write(line + '\n'),
    private readonly limit = 1000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.outbox.push({ ...message, sentAt: new Date().toISOString() });
    if (this.outbox.length > this.limit) this.outbox.shift();
    this.print(`[console SMS] to ${message.phoneNumber}: ${message.body}`);
  }

  /** Messages sent to `phoneNumber` (E.164), newest first. */
  messagesFor(phoneNumber: string): OutboxEntry[] {
    return this.outbox.filter((m) => m.phoneNumber === phoneNumber).reverse();
  }
}

/**
 * Sends each message through the provider of the longest E.164 prefix in
 * `routes` that the recipient starts with, else through `fallback`
 * (DESIGN.md §3: MSG91 for Indian numbers, Twilio for the rest, e.g.
 * `SMS_PROVIDER=twilio SMS_ROUTES=+91=msg91`).
 */
export class RoutingSmsProvider implements SmsProvider {
  readonly name: string;
  private readonly routes: { prefix: string; provider: SmsProvider }[];

  /** `routes`: E.164 prefix (`+91`) -> provider. */
  constructor(
    private readonly fallback: SmsProvider,
    routes: ReadonlyMap<string, SmsProvider>,
  ) {
    this.routes = [...routes]
      .map(([prefix, provider]) => ({ prefix, provider }))
      .sort((a, b) => b.prefix.length - a.prefix.length);
    const names = this.routes.map((r) => `${r.prefix}=${r.provider.name}`);
    this.name = [fallback.name, ...names].join(',');
  }

  /** The provider that sends to `phoneNumber` (E.164). */
  providerFor(phoneNumber: string): SmsProvider {
    return this.routes.find((r) => phoneNumber.startsWith(r.prefix))?.provider ?? this.fallback;
  }

  send(message: SmsMessage): Promise<void> {
    return this.providerFor(message.phoneNumber).send(message);
  }
}

/**
 * The {@link SmsSendError} of a `fetch` that threw: `timeout` when
 * `AbortSignal.timeout` fired, else `network`.
 */
export function fetchFailure(provider: string, err: unknown, timeoutMs: number): SmsSendError {
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new SmsSendError(provider, 'timeout', `no answer within ${timeoutMs} ms`);
  }
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return new SmsSendError(provider, 'network', `could not reach the provider${cause}`);
}

/** Seconds of an HTTP `Retry-After` header given as delay-seconds (RFC 9110 §10.2.3), else undefined. */
export function retryAfterSeconds(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The JSON object in `response`'s body, or undefined when the body is not
 * one. Rejects with {@link fetchFailure} only when reading the body fails
 * (the timeout also covers the body).
 */
export async function readJsonBody(
  provider: string,
  response: Response,
  timeoutMs: number,
): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    throw fetchFailure(provider, err, timeoutMs);
  }
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
