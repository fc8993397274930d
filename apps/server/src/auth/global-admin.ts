import { AppError } from '../lib/errors.ts';
import type { PolicyActor } from '../policy/policy.ts';

/**
 * Throws `not_found` (404) unless `actor` is a global admin. DESIGN.md §2:
 * the global-admin area is for global admins only, and what a caller may not
 * see answers 404, so the area looks absent to everyone else.
 */
export function assertGlobalAdmin(actor: PolicyActor): void {
  if (!actor.isGlobalAdmin) throw new AppError('not_found', 'Not found.');
}
