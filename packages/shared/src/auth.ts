import { z } from 'zod';
import { idSchema, phoneInputSchema, textSchema } from './common.ts';

/** Body of `POST /api/auth/phone/start`. The number is parsed to E.164 (default country IN). DESIGN.md §3. */
export const phoneStartSchema = z.object({
  phoneNumber: phoneInputSchema(),
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

/** A texted code as typed: 6 digits, surrounding spaces ignored (`PHONE_CODE.digits`, DESIGN.md §3). */
export const phoneCodeSchema = z
  .string({ message: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');

/**
 * Body of `POST /api/auth/phone/verify`. `tokenDelivery`: `cookie` (browser,
 * default) sets the HttpOnly session cookie; `bearer` (native app) returns the
 * token in the body instead. DESIGN.md §3.
 */
export const phoneVerifySchema = z.object({
  verificationId: idSchema,
  code: phoneCodeSchema,
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

/**
 * An answer of a sign-in step when the user has an authenticator app
 * (DESIGN.md §3): no session yet; the person proves a TOTP or recovery code
 * with `POST /api/auth/totp/verify` and `challengeToken` (a 256-bit secret,
 * valid until `expiresAt`, kept in the tab, never in an address).
 */
export const secondFactorRequiredSchema = z.object({
  secondFactor: z.literal('totp'),
  challengeToken: z.string(),
  expiresAt: z.string(),
});
/** See {@link secondFactorRequiredSchema}. */
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

/**
 * Answer of a first sign-in factor (`POST /api/auth/phone/verify`,
 * `POST /api/auth/token` with a sign-in link): signed in
 * ({@link phoneVerifyResponseSchema}), or asked for the authenticator code
 * ({@link secondFactorRequiredSchema}).
 */
export const signInStepResponseSchema = z.union([
  phoneVerifyResponseSchema,
  secondFactorRequiredSchema,
]);
/** See {@link signInStepResponseSchema}. */
export type SignInStepResponse = z.infer<typeof signInStepResponseSchema>;

/** Whether a sign-in step's answer asks for the authenticator code. */
export function needsSecondFactor(answer: SignInStepResponse): answer is SecondFactorRequired {
  return 'secondFactor' in answer;
}

/**
 * Authenticator-app (TOTP) rules, DESIGN.md §3 and RFC 6238: 6 digits, 30 s
 * steps, SHA-1, one step back accepted for clock drift, 10 recovery codes;
 * a sign-in challenge lives 5 minutes and burns after 5 wrong codes; a user
 * may get 10 codes wrong in 15 minutes before 429.
 */
export const TOTP = {
  digits: 6,
  periodSeconds: 30,
  recoveryCodeCount: 10,
  challengeTtlMs: 5 * 60 * 1000,
  maxAttemptsPerChallenge: 5,
  maxFailuresPerWindow: 10,
  failureWindowMs: 15 * 60 * 1000,
} as const;

/** A 6-digit authenticator code (RFC 6238), spaces allowed between digits. */
export const totpCodeSchema = z
  .string({ message: 'Code is required' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'The code has 6 digits'));

/**
 * A 6-digit authenticator code, or a recovery code (12 letters and digits,
 * shown as `xxxx-xxxx-xxxx`; case, spaces and dashes ignored).
 */
export const totpOrRecoveryCodeSchema = z
  .string({ message: 'Code is required' })
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^(\d{6}|[0-9a-z]{12})$/,
        'Enter the 6-digit code from your app, or a recovery code such as abcd-efgh-jkmn',
      ),
  );

/** Body of `POST /api/auth/totp/verify`: the second sign-in step. `tokenDelivery` as for the phone code. */
export const totpVerifySchema = z.object({
  challengeToken: textSchema('challengeToken').min(1).max(200),
  code: totpOrRecoveryCodeSchema,
  tokenDelivery: z.enum(['cookie', 'bearer']).default('cookie'),
});
/** See {@link totpVerifySchema}. */
export type TotpVerify = z.input<typeof totpVerifySchema>;

/**
 * Answer of `GET /api/auth/totp`: whether the user has an authenticator app
 * (`enabledAt`), how many unused recovery codes are left, whether it is
 * `required` (global admins, DESIGN.md §3) and whether this session passed
 * it (`sessionVerified`).
 */
export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
  sessionVerified: z.boolean(),
});
/** See {@link totpStatusSchema}. */
export type TotpStatus = z.infer<typeof totpStatusSchema>;

/**
 * Answer of `POST /api/auth/totp/enrolment`: a new secret, not yet in force,
 * as the manual key (Base32, RFC 4648) and the `otpauth://totp/...` URI the
 * QR code carries (Key Uri Format of Google Authenticator).
 */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
/** See {@link totpEnrolmentSchema}. */
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** Body of the TOTP operations that prove the authenticator app: a 6-digit code. */
export const totpConfirmSchema = z.object({ code: totpCodeSchema });
/** See {@link totpConfirmSchema}. */
export type TotpConfirm = z.input<typeof totpConfirmSchema>;

/** Body of `POST /api/auth/totp/disable`: an authenticator code or a recovery code. */
export const totpDisableSchema = z.object({ code: totpOrRecoveryCodeSchema });
/** See {@link totpDisableSchema}. */
export type TotpDisable = z.input<typeof totpDisableSchema>;

/** Recovery codes, shown once (only their hashes are kept): `xxxx-xxxx-xxxx`, 60 bits each. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** See {@link recoveryCodesSchema}. */
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** How long an app-handoff token works, ms (DESIGN.md §3: at most 2 minutes). */
export const APP_HANDOFF_TTL_MS = 2 * 60 * 1000;

/** A PKCE S256 code challenge (RFC 7636 §4.2): BASE64URL of a SHA-256, 43 characters. */
export const codeChallengeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'An S256 code challenge has 43 base64url characters');

/**
 * Body of `POST /api/auth/app-handoff` (`/auth/init-app-auth`, RFC 8252 and
 * RFC 7636): the app's code challenge (S256 only), its `state` (returned
 * as is) and the redirect URI, which must be allow-listed.
 */
export const appHandoffSchema = z.object({
  codeChallenge: codeChallengeSchema,
  codeChallengeMethod: z.literal('S256', { message: 'Only S256 code challenges are accepted' }),
  state: textSchema('state').min(1).max(500),
  redirectUri: textSchema('redirectUri').min(1).max(500),
});
/** See {@link appHandoffSchema}. */
export type AppHandoff = z.infer<typeof appHandoffSchema>;

/**
 * Answer of `POST /api/auth/app-handoff`: where to send the browser, the
 * redirect URI with `token` (a custom token bound to the challenge) and
 * `state` added to its query, and when the token expires.
 */
export const appHandoffResponseSchema = z.object({ location: z.string(), expiresAt: z.string() });
/** See {@link appHandoffResponseSchema}. */
export type AppHandoffResponse = z.infer<typeof appHandoffResponseSchema>;

/** Query of `GET /api/auth/app-handoff/redirect-uri`. */
export const appRedirectCheckQuerySchema = z.object({
  redirectUri: textSchema('redirectUri').min(1).max(500),
});
/** Answer of `GET /api/auth/app-handoff/redirect-uri`: whether the URI is an allow-listed app redirect. */
export const appRedirectCheckSchema = z.object({ allowed: z.boolean() });
