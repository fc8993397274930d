import { fetchFailure, maskPhone, readJsonBody, retryAfterSeconds, SmsSendError } from './sms.ts';
import type { Msg91Settings } from '../lib/env.ts';
import type { SmsMessage, SmsProvider } from './sms.ts';

/**
 * MSG91's Flow API (DESIGN.md §3) for Indian numbers: `POST /api/v5/flow`
 * with the `authkey` header and `{template_id, sender, short_url: "0",
 * recipients: [{mobiles, <codeVariable>: code}]}`, the number without its
 * `+`. MSG91 answers `{type: "success" | "error", message}`, sometimes with
 * HTTP 200 for an error, so the `type` decides. Rally's own code goes in the
 * template: not MSG91's OTP service, which makes its own codes.
 */
export class Msg91SmsProvider implements SmsProvider {
  readonly name = 'msg91';

  constructor(private readonly settings: Msg91Settings) {}

  async send(message: SmsMessage): Promise<void> {
    const { authKey, templateId, senderId, codeVariable, apiUrl, timeoutMs } = this.settings;
    let response: Response;
    try {
      response = await fetch(`${apiUrl}/api/v5/flow`, {
        method: 'POST',
        headers: {
          authkey: authKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          template_id: templateId,
          sender: senderId,
          short_url: '0',
          recipients: [
            { mobiles: message.phoneNumber.replace(/^\+/, ''), [codeVariable]: message.code },
          ],
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw fetchFailure(this.name, err, timeoutMs);
    }
    const answer = await readJsonBody(this.name, response, timeoutMs);
    if (response.ok && answer?.type === 'success') return;
    // MSG91's error text names the failing field; the code is masked should it ever echo it.
    const said =
      typeof answer?.message === 'string'
        ? answer.message.replaceAll(message.code, '******').slice(0, 200)
        : undefined;
    const details = {
      status: response.status,
      ...(said === undefined ? {} : { providerCode: said }),
    };
    if (response.status === 401 || response.status === 403 || /auth/i.test(said ?? '')) {
      throw new SmsSendError(this.name, 'auth', 'MSG91 refused the auth key', details);
    }
    if (response.status === 429) {
      const retryAfter = retryAfterSeconds(response);
      throw new SmsSendError(this.name, 'rate_limited', 'MSG91 rate limit reached', {
        ...details,
        ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
      });
    }
    if (response.status >= 500 || answer === undefined) {
      throw new SmsSendError(this.name, 'server', `MSG91 answered ${response.status}`, details);
    }
    throw new SmsSendError(
      this.name,
      'rejected',
      `MSG91 refused the message to ${maskPhone(message.phoneNumber)}`,
      details,
    );
  }
}
