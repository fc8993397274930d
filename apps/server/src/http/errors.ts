import type { ErrorCode, FieldIssue } from '@rally/shared/errors';

const STATUS: Record<ErrorCode, number> = {
  invalid_phone: 400,
  invalid_code: 400,
  code_expired: 400,
  code_burned: 400,
  too_many_requests: 429,
  invalid_token: 400,
  totp_required: 401,
  unauthenticated: 401,
  forbidden: 403,
  cross_site_request: 403,
  not_found: 404,
  conflict: 409,
  validation_failed: 400,
  internal_error: 500,
  service_unavailable: 503,
};

const TITLE: Record<ErrorCode, string> = {
  invalid_phone: 'Invalid phone number',
  invalid_code: 'Wrong code',
  code_expired: 'Code expired',
  code_burned: 'Too many wrong tries',
  too_many_requests: 'Too many requests',
  invalid_token: 'Invalid sign-in link',
  totp_required: 'Authenticator code required',
  unauthenticated: 'Sign-in required',
  forbidden: 'Not allowed',
  cross_site_request: 'Cross-site request refused',
  not_found: 'Not found',
  conflict: 'Conflict',
  validation_failed: 'Invalid input',
  internal_error: 'Something went wrong',
  service_unavailable: 'Temporarily unavailable',
};

/** Extra members of a problem answer (RFC 9457 extension members). */
export interface AppErrorExtras {
  errors?: FieldIssue[];
  retryAfterSeconds?: number;
  attemptsLeft?: number;
}

/**
 * A typed application error (CONVENTIONS.md). Services throw it; the one
 * error handler turns it into RFC 9457 problem+json with the stable `code`,
 * the HTTP status of that code and `detail` as a message a person can act on.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly extras: AppErrorExtras;

  constructor(code: ErrorCode, detail?: string, extras: AppErrorExtras = {}) {
    super(detail ?? TITLE[code]);
    this.name = 'AppError';
    this.code = code;
    this.status = STATUS[code];
    this.title = TITLE[code];
    this.extras = extras;
  }
}

/** `not_found` for something the actor may not see or that does not exist (DESIGN.md §2: 404, not 403). */
export function notFound(what = 'This item'): AppError {
  return new AppError('not_found', `${what} was not found, or you do not have access to it.`);
}
