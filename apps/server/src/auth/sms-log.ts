import type { FastifyRequest } from 'fastify';
import { SmsSendError } from './sms.ts';

/**
 * Runs `send` (a call that texts a code) and logs the SMS provider's failure
 * it throws, without the code or the message body (DESIGN.md §3), before
 * rethrowing it: `error` for a rejected credential, else `warn`.
 */
export async function loggingSmsFailure<T>(
  request: FastifyRequest,
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof Error && err.cause instanceof SmsSendError) {
      const level = err.cause.reason === 'auth' ? 'error' : 'warn';
      request.log[level]({ sms: err.cause.toLog() }, 'SMS not sent');
    }
    throw err;
  }
}
