import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

/** A message about a failed code check; `isKnown` is false for failures that are not about the code. */
export interface CodeProblem {
  isKnown: boolean;
  title: string;
  message: string;
}

function tooManyMessage(t: TFunction, seconds: number | undefined): string {
  if (seconds === undefined) return t('verify.errors.tooMany');
  if (seconds >= 90)
    return t('verify.errors.tooManyWaitMinutes', { count: Math.ceil(seconds / 60) });
  return t('verify.errors.tooManyWait', { count: seconds });
}

/**
 * Explains why a code was not accepted, from the problem `code` (docs/api.md,
 * DESIGN.md §3: 5 wrong tries burn a code, codes live 5 minutes, rate limits
 * answer 429 with the seconds to wait). `'incomplete'` is the page's own
 * "fewer than 6 digits" check.
 */
export function describeCodeError(t: TFunction, error: unknown): CodeProblem {
  if (error === 'incomplete') {
    return {
      isKnown: true,
      title: t('verify.errors.incompleteTitle'),
      message: t('verify.errors.incomplete'),
    };
  }
  if (!(error instanceof ApiError)) return { isKnown: false, title: '', message: '' };
  switch (error.code) {
    case 'invalid_code':
      if (error.attemptsLeft === 0) {
        return {
          isKnown: true,
          title: t('verify.errors.burnedTitle'),
          message: t('verify.errors.burned'),
        };
      }
      return {
        isKnown: true,
        title: t('verify.errors.invalidTitle'),
        message:
          error.attemptsLeft === undefined
            ? t('verify.errors.invalid')
            : t('verify.errors.invalidAttempts', { count: error.attemptsLeft }),
      };
    case 'code_expired':
      return {
        isKnown: true,
        title: t('verify.errors.expiredTitle'),
        message: t('verify.errors.expired'),
      };
    case 'code_burned':
      return {
        isKnown: true,
        title: t('verify.errors.burnedTitle'),
        message: t('verify.errors.burned'),
      };
    case 'too_many_requests':
      return {
        isKnown: true,
        title: t('verify.errors.tooManyTitle'),
        message: tooManyMessage(t, error.retryAfterSeconds),
      };
    case 'validation_failed':
      return {
        isKnown: true,
        title: t('verify.errors.incompleteTitle'),
        message: t('verify.errors.incomplete'),
      };
    case 'not_found':
      return {
        isKnown: true,
        title: t('verify.errors.unknownTitle'),
        message: t('verify.errors.unknown'),
      };
    default:
      return { isKnown: false, title: '', message: '' };
  }
}
