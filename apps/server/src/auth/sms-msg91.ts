import { commonFailure, maskPhone, postToProvider, SmsSendError } from './sms.ts';
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
    const { response, json } = await postToProvider(
      this.name,
      `${apiUrl}/api/v5/flow`,
      {
        headers: { authkey: authKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          template_id: templateId,
          sender: senderId,
          short_url: '0',
          recipients: [
            { mobiles: message.phoneNumber.replace(/^\+/, ''), [codeVariable]: message.code },
          ],
        }),
      },
      timeoutMs,
    );
    if (response.ok && json?.type === 'success') return;
    // MSG91's error text names the failing field; the code is masked should it ever echo it.
    const said =
      typeof json?.message === 'string'
        ? json.message.replaceAll(message.code, '******').slice(0, 200)
        : undefined;
    const details = {
      status: response.status,
      ...(said === undefined ? {} : { providerCode: said }),
    };
    const isAuthRefusal =
      response.status === 401 || response.status === 403 || /auth/i.test(said ?? '');
    const common = commonFailure(this.name, response, details, isAuthRefusal);
    if (common) throw common;
    if (response.status >= 500 || json === undefined) {
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
