import { fetchFailure, maskPhone, readJsonBody, retryAfterSeconds, SmsSendError } from './sms.ts';
import type { TwilioSettings } from '../lib/env.ts';
import type { SmsMessage, SmsProvider } from './sms.ts';

/**
 * Twilio error codes saying the recipient cannot get this SMS (not Rally's
 * fault, not worth a retry): 21211 invalid 'To' number, 21612 no route to
 * it, 21614 not a mobile number, 21610 the person replied STOP.
 * https://www.twilio.com/docs/api/errors
 */
const UNREACHABLE_RECIPIENT = new Set([21211, 21612, 21614, 21610]);

/**
 * Twilio Programmable Messaging (DESIGN.md §3): one `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` per message, HTTP Basic
 * auth with the account SID and auth token, form-encoded `To`,
 * `From`/`MessagingServiceSid` and `Body`; 201 means accepted. Not Twilio
 * Verify, which makes its own codes (DESIGN.md §3). Plain `fetch` with an
 * `AbortSignal.timeout`: one call does not justify the SDK
 * (docs/decisions/023).
 */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';

  constructor(private readonly settings: TwilioSettings) {}

  async send(message: SmsMessage): Promise<void> {
    const { accountSid, authToken, sender, apiUrl, timeoutMs } = this.settings;
    const form = new URLSearchParams({ To: message.phoneNumber, Body: message.body });
    if ('from' in sender) form.set('From', sender.from);
    else form.set('MessagingServiceSid', sender.messagingServiceSid);
    const url = `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw fetchFailure(this.name, err, timeoutMs);
    }
    const answer = await readJsonBody(this.name, response, timeoutMs);
    // Twilio answers 201 with the message resource; anything else was not taken.
    if (response.status === 201 && typeof answer?.sid === 'string') return;
    const providerCode = typeof answer?.code === 'number' ? answer.code : undefined;
    const to = maskPhone(message.phoneNumber);
    const details = { status: response.status, providerCode };
    if (response.status === 401 || response.status === 403) {
      throw new SmsSendError(
        this.name,
        'auth',
        'Twilio refused the account SID or auth token',
        details,
      );
    }
    if (response.status === 429) {
      const retryAfter = retryAfterSeconds(response);
      throw new SmsSendError(this.name, 'rate_limited', 'Twilio rate limit reached', {
        ...details,
        ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
      });
    }
    if (response.status >= 400 && response.status < 500) {
      const unreachableRecipient =
        providerCode !== undefined && UNREACHABLE_RECIPIENT.has(providerCode);
      throw new SmsSendError(this.name, 'rejected', `Twilio refused the message to ${to}`, {
        ...details,
        unreachableRecipient,
      });
    }
    throw new SmsSendError(
      this.name,
      'server',
      `Twilio answered ${response.status} without a message resource`,
      details,
    );
  }
}
