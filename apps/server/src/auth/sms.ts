/** One text message handed to an SMS provider. */
export interface SmsMessage {
  /** E.164 recipient. */
  phoneNumber: string;
  body: string;
  /** The sign-in code the body carries (kept by the console provider's dev outbox only). */
  code: string;
}

/** A way to send text messages (DESIGN.md §3: console, Twilio, MSG91 behind one interface). */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
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
