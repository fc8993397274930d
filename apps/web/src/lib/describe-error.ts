import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * A sentence a person can act on for a failed request: what went wrong and
 * what to do (check the connection, wait N seconds, sign in again...). Uses
 * the problem's stable `code` (docs/api.md), never its English `title`, except
 * for `conflict` and `forbidden`, whose `detail` names the exact conflict.
 */
export function describeError(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.unexpected');
  switch (error.code) {
    case 'network_error':
      return t('errors.network');
    case 'too_many_requests':
      if (!error.retryAfterSeconds) return t('errors.tooManyRequests');
      if (error.retryAfterSeconds >= 2 * 3600) {
        return t('errors.tooManyRequestsWaitHours', {
          count: Math.ceil(error.retryAfterSeconds / 3600),
        });
      }
      return error.retryAfterSeconds >= 90
        ? t('errors.tooManyRequestsWaitMinutes', { count: Math.ceil(error.retryAfterSeconds / 60) })
        : t('errors.tooManyRequestsWait', { count: error.retryAfterSeconds });
    case 'sms_unavailable':
      return t('errors.smsUnavailable', { count: error.retryAfterSeconds ?? 20 });
    case 'unauthenticated':
      return t('errors.unauthenticated');
    case 'forbidden':
      return error.detail ?? t('errors.forbidden');
    case 'not_found':
      return t('errors.notFound');
    case 'conflict':
      return error.detail ?? t('errors.conflict');
    case 'validation_failed':
      return error.errors[0]?.message ?? error.detail ?? t('errors.validation');
    default:
      return error.status >= 500 ? t('errors.server') : (error.detail ?? t('errors.unexpected'));
  }
}
