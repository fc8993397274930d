import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/availability.ts';
import type { ErrorCode } from '@rally/shared/errors';
import { AppError, TooLargeError } from '../lib/errors.ts';
import { lingerBeforeClose } from './lingering-close.ts';

/** The HTTP status of each error code (RFC 9110 §15); `lib/errors.ts` says when each is thrown. */
const STATUS: Record<ErrorCode, number> = {
  invalid_phone: 400,
  invalid_code: 400,
  code_expired: 400,
  code_burned: 400,
  too_many_requests: 429,
  invalid_token: 400,
  totp_required: 403,
  unauthenticated: 401,
  forbidden: 403,
  cross_site_request: 403,
  not_found: 404,
  conflict: 409,
  validation_failed: 400,
  internal_error: 500,
  service_unavailable: 503,
  sms_unavailable: 503,
};

/** The problem `title` of each code (RFC 9457 §3.1.3: the same for every occurrence). */
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
  sms_unavailable: 'Text messages unavailable',
};

/** The HTTP status an AppError is answered with: its code's, or 413 for a {@link TooLargeError}. */
export function httpStatusOf(error: AppError): number {
  return error instanceof TooLargeError ? 413 : STATUS[error.code];
}

/**
 * `Retry-After` of a 503 while PostgreSQL is unreachable, in seconds: about
 * how long PostgreSQL takes to come back after a crashed backend (~1 s) plus a
 * new connection; clients with an outbox retry by themselves (RFC 9110 §10.2.3).
 */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * The one error handler (CONVENTIONS.md): every error becomes an RFC 9457
 * `application/problem+json` answer with a stable `code`. AppErrors keep
 * their status and detail; Fastify's own 4xx errors (bad JSON, body too
 * large: 413, bad URL encoding, and a path parameter too long: 414 — the
 * router's reach here through `frameworkErrors` in app.ts) map to
 * `validation_failed`; a lost or unreachable database
 * (`isDatabaseUnavailable`) is a 503 `service_unavailable` with
 * `Retry-After`; anything else is logged and answered as a 500 without
 * stack trace or SQL.
 */
export function registerProblemHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let problem: AppError;
    let status: number | undefined;
    if (error instanceof AppError) {
      problem = error;
    } else if (typeof error.statusCode === 'number' && error.statusCode < 500) {
      problem = new AppError(
        error.statusCode === 404 ? 'not_found' : 'validation_failed',
        error.statusCode === 415 ? 'Send the body as application/json.' : error.message,
      );
      if (error.statusCode === 413 || error.statusCode === 414) status = error.statusCode;
    } else if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      problem = new AppError(
        'service_unavailable',
        'Rally cannot reach its database right now. Please try again in a few seconds.',
        { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
      );
    } else {
      request.log.error({ err: error }, 'unhandled error');
      problem = new AppError(
        'internal_error',
        'Something went wrong on our side. Please try again.',
      );
    }
    if (problem.extras.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(problem.extras.retryAfterSeconds));
    }
    status ??= httpStatusOf(problem);
    // A refused body is not read to its end (Node would drain it to keep the
    // socket alive): closing says "stop sending" to a client still uploading,
    // and lingering lets it read this answer before the socket goes.
    if (status === 413) {
      reply.header('Connection', 'close');
      lingerBeforeClose(request.raw);
    }
    reply
      .status(status)
      .type('application/problem+json')
      .send({
        type: `https://rally.app/problems/${problem.code}`,
        title: TITLE[problem.code],
        status,
        detail: problem.hasDetail ? problem.message : TITLE[problem.code],
        code: problem.code,
        ...problem.extras,
      });
  });
}
