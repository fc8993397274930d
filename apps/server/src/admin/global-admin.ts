import type { FastifyRequest } from 'fastify';
import type { Actor } from '../auth/auth.service.ts';
import { requireActor } from '../http/auth-hook.ts';
import { AppError } from '../http/errors.ts';
import type { PolicyActor } from '../policy/policy.ts';

/**
 * Throws `not_found` (404) unless `actor` is a global admin. DESIGN.md §2:
 * the global-admin area is for global admins only, and what a caller may not
 * see answers 404, so the area looks absent to everyone else.
 */
export function assertGlobalAdmin(actor: PolicyActor): void {
  if (!actor.isGlobalAdmin) throw new AppError('not_found', 'Not found.');
}

/**
 * The signed-in global admin making `request`: 401 `unauthenticated` when
 * signed out, else 404 `not_found` (worded as for an unknown API path)
 * unless a global admin, before any input is read.
 */
export function requireGlobalAdmin(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (!actor.isGlobalAdmin) {
    throw new AppError('not_found', `No API route ${request.method} ${request.url.split('?')[0]}.`);
  }
  return actor;
}
