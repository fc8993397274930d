import { commonFailure, maskPhone, postToProvider, SmsSendError } from './sms.ts';
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
    const { response, json } = await postToProvider(
      this.name,
      url,
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
      },
      timeoutMs,
    );
    // Twilio answers 201 with the message resource; anything else was not taken.
    if (response.status === 201 && typeof json?.sid === 'string') return;
    const providerCode = typeof json?.code === 'number' ? json.code : undefined;
    const details = { status: response.status, providerCode };
    const common = commonFailure(this.name, response, details);
    if (common) throw common;
    if (response.status >= 400 && response.status < 500) {
      const unreachableRecipient =
        providerCode !== undefined && UNREACHABLE_RECIPIENT.has(providerCode);
      throw new SmsSendError(
        this.name,
        'rejected',
        `Twilio refused the message to ${maskPhone(message.phoneNumber)}`,
        {
          ...details,
          unreachableRecipient,
        },
      );
    }
    throw new SmsSendError(
      this.name,
      'server',
      `Twilio answered ${response.status} without a message resource`,
      details,
    );
  }
}
