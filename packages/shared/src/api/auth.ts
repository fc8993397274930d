import { defineRoutes } from './operation.ts';

/** Phone sign-in and the session (DESIGN.md §3, docs/decisions/001). */
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
  smsOutbox: {
    method: 'GET',
    path: '/api/dev/sms-outbox',
    summary: "The development SMS provider's messages to one phone, newest first",
    access: 'public',
    status: 200,
    isDevOnly: true,
  },
});
