import { z } from 'zod';

/**
 * Stable error codes carried in the `code` member of every RFC 9457
 * problem+json answer (DESIGN.md §3). Clients switch on these, never on text.
 * `cross_site_request` (403): a state-changing request or a cookie-signed
 * WebSocket upgrade came from a page of another origin (docs/decisions/010).
 */
export const errorCodes = [
  'invalid_phone',
  'invalid_code',
  'code_expired',
  'code_burned',
  'too_many_requests',
  'invalid_token',
  'totp_required',
  'unauthenticated',
  'forbidden',
  'cross_site_request',
  'not_found',
  'conflict',
  'validation_failed',
  'internal_error',
  'service_unavailable',
  'sms_unavailable',
] as const;

/** One of {@link errorCodes}. */
export type ErrorCode = (typeof errorCodes)[number];

/** One invalid field of a request: its dotted path and a readable message. */
export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });
/** See {@link fieldIssueSchema}. */
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/**
 * RFC 9457 problem details as Rally sends them (`application/problem+json`).
 * `errors` lists field issues for `validation_failed`; `retryAfterSeconds`
 * mirrors the Retry-After header of 429 and 503 answers; `reason` says why
 * an `invalid_token` was refused (`tokenRefusalSchema` in auth.ts).
 */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  errors: z.array(fieldIssueSchema).optional(),
  retryAfterSeconds: z.number().int().optional(),
  attemptsLeft: z.number().int().optional(),
  reason: z.string().optional(),
});
/** See {@link problemSchema}. */
export type Problem = z.infer<typeof problemSchema>;
