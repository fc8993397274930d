import type { ErrorCode, FieldIssue } from '@rally/shared/errors';

/**
 * Every stable error `code` Rally throws, each with when it is thrown. The
 * wire list is `errorCodes` in `@rally/shared/errors` (clients switch on it);
 * this object documents it and fails to compile when the two differ. The
 * HTTP status and title of each code are the transport's business
 * (`http/problem.ts`, RFC 9457); services and repositories only throw.
 */
export const ERROR_CODES = {
  /** A phone number that is not a valid E.164 number for any country (sign-in, phone changes). */
  invalid_phone: 'invalid_phone',
  /** A sign-in code that does not match the one sent; `attemptsLeft` says how many tries remain. */
  invalid_code: 'invalid_code',
  /** A sign-in code past its lifetime, or a verification that no longer exists. */
  code_expired: 'code_expired',
  /** A sign-in code whose verification reached its wrong-try limit (SPEC.md §1). */
  code_burned: 'code_burned',
  /** A rate limit was reached (codes per phone, sign-in attempts); `retryAfterSeconds` says when to retry. */
  too_many_requests: 'too_many_requests',
  /** A sign-in link token that is unknown, used or expired (SPEC.md §2 `/auth/token/{customToken}`). */
  invalid_token: 'invalid_token',
  /** A global admin's sign-in that still needs its authenticator (TOTP) code (DESIGN.md §3). */
  totp_required: 'totp_required',
  /** No valid session or Bearer token on a request that needs one. */
  unauthenticated: 'unauthenticated',
  /** The actor may see the resource but not do this to it (a role or state rule; policy/policy.ts). */
  forbidden: 'forbidden',
  /** A state-changing request or WebSocket upgrade from another origin (docs/decisions/010). */
  cross_site_request: 'cross_site_request',
  /** The resource does not exist or the actor may not see it (DESIGN.md §2: 404, never 403). */
  not_found: 'not_found',
  /** The request fights the current state: a duplicate, a stale version, a full capacity, a last admin. */
  conflict: 'conflict',
  /** Input that fails a schema or a rule on one field; `errors` names each field (RFC 9457 extension). */
  validation_failed: 'validation_failed',
  /** A bug or an unexpected failure; logged, answered without stack trace or SQL. */
  internal_error: 'internal_error',
  /** PostgreSQL (or another service Rally needs) is unreachable for now; `retryAfterSeconds` says when to retry. */
  service_unavailable: 'service_unavailable',
  /** The SMS provider failed, refused or did not answer in time, so no sign-in code was sent (DESIGN.md §3); `retryAfterSeconds` says when to retry. */
  sms_unavailable: 'sms_unavailable',
} as const satisfies { [Code in ErrorCode]: Code };

/** Extra members of a problem answer (RFC 9457 extension members). */
export interface AppErrorExtras {
  /** Each invalid field's dotted path and a readable message (`validation_failed`). */
  errors?: FieldIssue[];
  /** Seconds until a retry may succeed; the HTTP adapter also sends it as `Retry-After`. */
  retryAfterSeconds?: number;
  /** Sign-in code tries left before the code burns (`invalid_code`). */
  attemptsLeft?: number;
  /** Why a custom token was refused (`invalid_token`): `unknown`, `used`, `expired`, `verifier_mismatch`. */
  reason?: 'unknown' | 'used' | 'expired' | 'verifier_mismatch';
}

/**
 * A typed application error (CONVENTIONS.md): services, repositories and
 * helpers throw it with a stable {@link ERROR_CODES} code and, as `message`,
 * a sentence a person can act on. It knows nothing of HTTP: the one error
 * handler (`http/problem.ts`) turns it into RFC 9457 problem+json.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly extras: AppErrorExtras;
  /** False when no detail was given: the HTTP adapter then uses the code's title as detail. */
  readonly hasDetail: boolean;

  /** `detail` defaults to a generic sentence for `code` (the problem's title). */
  constructor(code: ErrorCode, detail?: string, extras: AppErrorExtras = {}) {
    super(detail ?? code);
    this.name = 'AppError';
    this.code = code;
    this.extras = extras;
    this.hasDetail = detail !== undefined;
  }
}

/**
 * `validation_failed` for input too large to read (an upload over its
 * limit): the HTTP adapter answers 413 Content Too Large (RFC 9110 §15.5.14)
 * instead of 400, so clients and proxies see the usual status for an
 * oversized body while the `code` stays the one for bad input.
 */
export class TooLargeError extends AppError {
  /** `message` names the limit ("The image is larger than 5 MB"), on the field at `path`. */
  constructor(path: string, message: string) {
    super('validation_failed', `${message}.`, { errors: [{ path, message }] });
    this.name = 'TooLargeError';
  }
}

/** `not_found` for something the actor may not see or that does not exist (DESIGN.md §2: 404, not 403). */
export function notFound(what = 'This item'): AppError {
  return new AppError('not_found', `${what} was not found, or you do not have access to it.`);
}

/**
 * `validation_failed` about one input field: `errors` holds `{ path, message }`
 * and the detail reads "path: message." (a full stop added when `message`
 * has none), unless `detail` gives a sentence of its own.
 * `path` is the field's dotted path in the request ("marks.2.profileId").
 */
export function fieldError(path: string, message: string, detail?: string): AppError {
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  return new AppError('validation_failed', detail ?? `${path}: ${sentence}`, {
    errors: [{ path, message }],
  });
}
