import { z } from 'zod';
import { idSchema, textSchema } from './common.ts';

/** Body of `POST /api/auth/phone/start`. The number is parsed to E.164 (default country IN). DESIGN.md §3. */
export const phoneStartSchema = z.object({
  phoneNumber: textSchema('Phone number')
    .trim()
    .min(1, 'Phone number is required')
    .max(32, 'Phone number is too long'),
});
/** See {@link phoneStartSchema}. */
export type PhoneStart = z.infer<typeof phoneStartSchema>;

/**
 * Answer of `POST /api/auth/phone/start`, identical for known and unknown
 * numbers. `resendAfterSeconds`: when another code may be asked for.
 */
export const phoneStartResponseSchema = z.object({
  verificationId: idSchema,
  phoneNumber: z.string(),
  expiresAt: z.string(),
  resendAfterSeconds: z.number().int(),
});
/** See {@link phoneStartResponseSchema}. */
export type PhoneStartResponse = z.infer<typeof phoneStartResponseSchema>;

/**
 * Body of `POST /api/auth/phone/verify`. `tokenDelivery`: `cookie` (browser,
 * default) sets the HttpOnly session cookie; `bearer` (native app) returns the
 * token in the body instead. DESIGN.md §3.
 */
export const phoneVerifySchema = z.object({
  verificationId: idSchema,
  code: z
    .string({ message: 'Code is required' })
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
  tokenDelivery: z.enum(['cookie', 'bearer']).default('cookie'),
});
/** See {@link phoneVerifySchema}. */
export type PhoneVerify = z.input<typeof phoneVerifySchema>;

/** The signed-in user as the client sees them. `displayName` is null until onboarding. */
export const userSchema = z.object({
  id: idSchema,
  phoneNumber: z.string(),
  displayName: z.string().nullable(),
  isGlobalAdmin: z.boolean(),
  createdAt: z.string(),
});
/** See {@link userSchema}. */
export type User = z.infer<typeof userSchema>;

/** Answer of `GET /api/auth/session`: the current user, or null when signed out. */
export const sessionResponseSchema = z.object({ user: userSchema.nullable() });
/** See {@link sessionResponseSchema}. */
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Answer of `POST /api/auth/phone/verify`. `token` only with `tokenDelivery: 'bearer'`. */
export const phoneVerifyResponseSchema = z.object({
  user: userSchema,
  isNewUser: z.boolean(),
  expiresAt: z.string(),
  token: z.string().optional(),
});
/** See {@link phoneVerifyResponseSchema}. */
export type PhoneVerifyResponse = z.infer<typeof phoneVerifyResponseSchema>;

/** Query of the dev-only `GET /api/dev/sms-outbox`. */
export const smsOutboxQuerySchema = z.object({ phoneNumber: textSchema('phoneNumber').min(1) });

/** One SMS the console provider "sent" (dev outbox; absent in production). */
export const smsOutboxMessageSchema = z.object({
  phoneNumber: z.string(),
  body: z.string(),
  code: z.string(),
  sentAt: z.string(),
});
/** See {@link smsOutboxMessageSchema}. */
export type SmsOutboxMessage = z.infer<typeof smsOutboxMessageSchema>;

/**
 * One live session of the signed-in user, as the account page lists it
 * (DESIGN.md §3). `clientKind`: `browser` (cookie) or `app` (the native
 * app's Bearer token); `browser`, `os` and `deviceType` are read from the
 * user agent (null when it says nothing); `lastUsedAt` moves at most hourly;
 * `isCurrent` marks the session making the request.
 */
export const accountSessionSchema = z.object({
  id: idSchema,
  clientKind: z.enum(['browser', 'app']),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  deviceType: z.enum(['mobile', 'tablet', 'desktop']).nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  isCurrent: z.boolean(),
});
/** See {@link accountSessionSchema}. */
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** Answer of `GET /api/auth/sessions`: live sessions, most recently used first. */
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
/** See {@link accountSessionsResponseSchema}. */
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

/** Path parameters of `DELETE /api/auth/sessions/{sessionId}`. */
export const sessionParamsSchema = z.object({ sessionId: idSchema });

/** Answer of `POST /api/auth/sessions/revoke-others`: how many sessions were revoked. */
export const revokeOtherSessionsResponseSchema = z.object({ revoked: z.number().int() });

/** How long a "sign in on another device" link works, in ms (DESIGN.md §3: at most 5 minutes). */
export const SIGN_IN_LINK_TTL_MS = 5 * 60 * 1000;

/**
 * Answer of `POST /api/auth/sign-in-links`: a custom token for signing in on
 * another device, shown once (link and QR code), single use, valid until
 * `expiresAt`. `path` is `/auth/token/{token}` (SPEC.md §2 verify-token).
 */
export const signInLinkSchema = z.object({
  token: z.string(),
  path: z.string(),
  expiresAt: z.string(),
});
/** See {@link signInLinkSchema}. */
export type SignInLink = z.infer<typeof signInLinkSchema>;

/** A PKCE code verifier (RFC 7636 §4.1): 43-128 characters of A-Z a-z 0-9 - . _ ~. */
export const codeVerifierSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9\-._~]{43,128}$/,
    'A code verifier has 43 to 128 characters: A-Z a-z 0-9 - . _ ~',
  );

/**
 * Body of `POST /api/auth/token`: exchanges a custom token (from a sign-in
 * link or the app handoff) for a session. `codeVerifier`: required when the
 * token is bound to a PKCE challenge (RFC 7636). `tokenDelivery` as for the
 * phone code.
 */
export const tokenExchangeSchema = z.object({
  customToken: textSchema('customToken').min(1).max(200),
  codeVerifier: codeVerifierSchema.optional(),
  tokenDelivery: z.enum(['cookie', 'bearer']).default('cookie'),
});
/** See {@link tokenExchangeSchema}. */
export type TokenExchange = z.input<typeof tokenExchangeSchema>;

/**
 * Why a custom token was refused (`invalid_token`'s `reason`): `unknown`
 * (never minted, or mistyped), `used` (single use), `expired` (older than
 * its lifetime), `verifier_mismatch` (a PKCE-bound token without the right
 * verifier; the token is burned).
 */
export const tokenRefusalSchema = z.enum(['unknown', 'used', 'expired', 'verifier_mismatch']);
/** See {@link tokenRefusalSchema}. */
export type TokenRefusal = z.infer<typeof tokenRefusalSchema>;
