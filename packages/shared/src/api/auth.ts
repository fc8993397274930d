import { defineRoutes } from './operation.ts';

/**
 * Phone sign-in, sign-in links, the app handoff, authenticator codes and
 * sessions (DESIGN.md §3, docs/decisions/001, 023, 024).
 */
export const authRoutes = defineRoutes('auth', {
  phoneStart: {
    method: 'POST',
    path: '/api/auth/phone/start',
    summary: 'Send a sign-in code by SMS (the same answer for known and unknown numbers)',
    access: 'public',
    status: 200,
  },
  phoneVerify: {
    method: 'POST',
    path: '/api/auth/phone/verify',
    summary: 'Check the code and sign in (session cookie, or a Bearer token for the native app)',
    access: 'public',
    status: 200,
  },
  session: {
    method: 'GET',
    path: '/api/auth/session',
    summary: 'The signed-in user, or null (never 401)',
    access: 'public',
    status: 200,
  },
  signOut: {
    method: 'POST',
    path: '/api/auth/signout',
    summary: 'End this session and clear its cookie',
    access: 'signedIn',
    status: 204,
  },
  sessions: {
    method: 'GET',
    path: '/api/auth/sessions',
    summary: 'My live sessions (browser or app, platform, created, last used), this one marked',
    access: 'signedIn',
    status: 200,
  },
  revokeSession: {
    method: 'DELETE',
    path: '/api/auth/sessions/:sessionId',
    summary: 'Sign one of my sessions out (its sockets close at once)',
    access: 'signedIn',
    status: 204,
  },
  revokeOtherSessions: {
    method: 'POST',
    path: '/api/auth/sessions/revoke-others',
    summary: 'Sign out everywhere else: revoke all my sessions but this one',
    access: 'signedIn',
    status: 200,
  },
  createSignInLink: {
    method: 'POST',
    path: '/api/auth/sign-in-links',
    summary: 'Mint a single-use sign-in link (5 minutes) to sign in on another device',
    access: 'signedIn',
    status: 201,
  },
  exchangeToken: {
    method: 'POST',
    path: '/api/auth/token',
    summary:
      'Exchange a custom token (sign-in link or app handoff, with its PKCE verifier) for a new session',
    access: 'public',
    status: 200,
  },
  appRedirectCheck: {
    method: 'GET',
    path: '/api/auth/app-handoff/redirect-uri',
    summary: "Whether a redirect URI is one of the native app's allow-listed URIs (RFC 8252)",
    access: 'public',
    status: 200,
  },
  appHandoff: {
    method: 'POST',
    path: '/api/auth/app-handoff',
    summary:
      "Mint a 2-minute custom token bound to the app's PKCE challenge and answer the app redirect that carries it",
    access: 'signedIn',
    status: 201,
  },
  totpVerify: {
    method: 'POST',
    path: '/api/auth/totp/verify',
    summary: 'Second sign-in step: an authenticator or recovery code for a sign-in challenge',
    access: 'public',
    status: 200,
  },
  totpStatus: {
    method: 'GET',
    path: '/api/auth/totp',
    summary: 'Whether I have an authenticator app, recovery codes left, whether it is required',
    access: 'signedIn',
    status: 200,
  },
  totpEnrolStart: {
    method: 'POST',
    path: '/api/auth/totp/enrolment',
    summary: 'Start adding an authenticator app: a new secret (QR code URI and manual key)',
    access: 'signedIn',
    status: 201,
  },
  totpEnrolConfirm: {
    method: 'POST',
    path: '/api/auth/totp/enrolment/confirm',
    summary: 'Turn the authenticator app on with a code from it; answers 10 recovery codes, once',
    access: 'signedIn',
    status: 200,
  },
  totpRecoveryCodes: {
    method: 'POST',
    path: '/api/auth/totp/recovery-codes',
    summary: 'Replace all recovery codes (proven with an authenticator code); answers them once',
    access: 'signedIn',
    status: 200,
  },
  totpDisable: {
    method: 'POST',
    path: '/api/auth/totp/disable',
    summary: 'Turn the authenticator app off with one of its codes or a recovery code',
    access: 'signedIn',
    status: 204,
  },
  smsOutbox: {
    method: 'GET',
    path: '/api/dev/sms-outbox',
    summary: "The development SMS provider's messages to one phone, newest first",
    access: 'public',
    status: 200,
    isDevOnly: true,
  },
});
