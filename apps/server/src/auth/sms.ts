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

/** A provider's HTTP answer and the JSON object in its body (undefined when the body is not one). */
export interface ProviderAnswer {
  response: Response;
  json: Record<string, unknown> | undefined;
}

/**
 * POSTs `body` with `headers` to a provider's `url` and reads the answer,
 * the timeout (`AbortSignal.timeout`, ms) covering the body too. Rejects
 * with an {@link SmsSendError}: `timeout` when no answer came in time,
 * `network` when the provider could not be reached.
 */
export async function postToProvider(
  provider: string,
  url: string,
  request: { headers: Record<string, string>; body: string | URLSearchParams },
  timeoutMs: number,
): Promise<ProviderAnswer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', ...request.headers },
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { response, json: jsonObject(await response.text()) };
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new SmsSendError(provider, 'timeout', `no answer within ${timeoutMs} ms`);
    }
    const cause =
      err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    throw new SmsSendError(provider, 'network', `could not reach the provider${cause}`);
  }
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The failure every provider signals alike, or undefined: `auth` when
 * `isAuthRefusal` (a 401 or 403, or the provider's own words for it), a
 * misconfiguration; `rate_limited` on 429, with the provider's
 * `Retry-After` (delay-seconds, RFC 9110 §10.2.3) when it sent one.
 */
export function commonFailure(
  provider: string,
  response: Response,
  details: SmsSendError['details'],
  isAuthRefusal = response.status === 401 || response.status === 403,
): SmsSendError | undefined {
  if (isAuthRefusal) {
    return new SmsSendError(provider, 'auth', `${provider} refused Rally's credentials`, details);
  }
  if (response.status !== 429) return undefined;
  const retryAfter = Number(response.headers.get('retry-after'));
  return new SmsSendError(provider, 'rate_limited', `${provider} rate limit reached`, {
    ...details,
    ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  });
}
