import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@rally/shared/constants';
import type { Actor, AuthService } from '../auth/auth.service.ts';
import { AppError } from './errors.ts';

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
export function registerAuthHook(app: FastifyInstance, auth: AuthService): void {
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

/** Clears the session cookie on `reply`. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
