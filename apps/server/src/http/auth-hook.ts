import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@rally/shared/constants';
import type { users } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';

/** The signed-in caller of a request. */
export interface Actor {
  userId: string;
  sessionId: string;
  /**
   * Whether the caller acts as a global admin: the user is one
   * (`user.isGlobalAdmin`) and this session passed the authenticator step
   * (DESIGN.md §3); otherwise they act as anyone else.
   */
  isGlobalAdmin: boolean;
  /** Whether this session passed the authenticator (TOTP) step (docs/decisions/024). */
  totpVerified: boolean;
  /** The user's row. */
  user: typeof users.$inferSelect;
  /** When the session expires (UTC), after this request's sliding renewal. */
  expiresAt: Date;
}

/**
 * What resolves a session token to its actor (`AuthService.authenticate`):
 * null for a bad, expired or revoked token. The auth area sits above this
 * floor, so app.ts hands its service in (docs/architecture.md).
 */
export interface SessionAuthenticator {
  authenticate(token: string): Promise<Actor | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null (set for every `/api` request). */
    actor: Actor | null;
  }
}

/** The session token of a request: `Authorization: Bearer` first (native app), then the cookie. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[SESSION_COOKIE] || undefined;
}

/**
 * Resolves `request.actor` for every `/api` request from the Bearer token or
 * the session cookie (DESIGN.md §3). A bad or revoked token is simply
 * signed-out; routes that need a user call {@link requireActor}.
 */
export function registerAuthHook(app: FastifyInstance, auth: SessionAuthenticator): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = sessionToken(request);
    request.actor = token ? await auth.authenticate(token) : null;
  });
}

/** The signed-in actor, or throws `AppError('unauthenticated')` (401). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthenticated', 'Sign in to continue.');
  return request.actor;
}

/**
 * The signed-in global admin making `request`: 401 `unauthenticated` when
 * signed out, else 404 `not_found` (worded as for an unknown API path)
 * unless a global admin, before any input is read (DESIGN.md §2: the
 * global-admin area looks absent to everyone else), else 403
 * `totp_required` unless the session passed the authenticator step
 * (DESIGN.md §3: TOTP is required for global admins).
 */
export function requireGlobalAdmin(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (!actor.user.isGlobalAdmin) {
    throw new AppError('not_found', `No API route ${request.method} ${request.url.split('?')[0]}.`);
  }
  if (!actor.isGlobalAdmin) {
    throw new AppError(
      'totp_required',
      'The global-admin area needs an authenticator app: set one up on your account page, or sign in again with its code.',
    );
  }
  return actor;
}

/** Clears the session cookie on `reply`. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
