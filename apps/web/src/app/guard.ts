import { PROFILE_BASE_PATH, appRoutes, type AppRouteDef } from '@rally/shared/routes';
import { matchPath, matchRoutes } from 'react-router';
import { loginPathFor } from '../lib/login-path';

/** What the navigation guard knows about the sign-in state (SPEC.md §4). */
export interface AuthSnapshot {
  /** True until the sign-in state has finished loading. */
  isLoading: boolean;
  /** True when a user is signed in. */
  isSignedIn: boolean;
}

/**
 * The guard's decision for one full path (SPEC.md §2, navigation guard):
 * - `wait`: the sign-in state is not known yet; show the loading overlay.
 * - `render`: show the page of `route`.
 * - `redirect`: replace the location with `to` (login with `?redirect=`, or the
 *   profile base's calendar).
 * - `not-found`: no route of SPEC.md §2 has this path.
 */
export type NavigationDecision =
  | { kind: 'wait' }
  | { kind: 'render'; route: AppRouteDef }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' };

// The same ranking React Router uses, so `/orgs/create` beats `/orgs/:orgId` and
// `/programs/:id/events/new` beats `/programs/:id/events/:eventId`.
const matchableRoutes = appRoutes.map((route) => ({ path: route.path, route }));

/**
 * Finds the route of SPEC.md §2 whose path matches `pathname` (no search or
 * hash), or null. The profile base `/p/:profileId` is not a page and is not
 * matched here.
 */
export function matchAppRoute(pathname: string): AppRouteDef | null {
  const matches = matchRoutes(matchableRoutes, pathname);
  const last = matches?.at(-1);
  return last ? last.route.route : null;
}

/**
 * Decides what to show for `fullPath` (pathname + search + hash, as in the
 * address bar) given the sign-in state. Pure, so it is tested over the whole
 * route table (SPEC.md §2):
 * - while the sign-in state loads, every path waits (the app waits before its
 *   first navigation);
 * - `/p/{profileId}` redirects to `/p/{profileId}/calendar`, keeping search and hash;
 * - an unknown path is `not-found`;
 * - a route with `requiresAuth: true` visited signed out redirects to
 *   `/auth/login?redirect=<fullPath>`; `false` and `null` (no flag) render.
 */
export function resolveNavigation(fullPath: string, auth: AuthSnapshot): NavigationDecision {
  if (auth.isLoading) return { kind: 'wait' };
  const { pathname, rest } = splitPath(fullPath);

  const profileBase = matchPath(PROFILE_BASE_PATH, pathname);
  if (profileBase?.params.profileId) {
    const profileId = encodeURIComponent(profileBase.params.profileId);
    return { kind: 'redirect', to: `/p/${profileId}/calendar${rest}` };
  }

  const route = matchAppRoute(pathname);
  if (!route) return { kind: 'not-found' };
  if (route.requiresAuth === true && !auth.isSignedIn) {
    return { kind: 'redirect', to: loginPathFor(fullPath) };
  }
  return { kind: 'render', route };
}

function splitPath(fullPath: string): { pathname: string; rest: string } {
  const index = fullPath.search(/[?#]/);
  if (index === -1) return { pathname: fullPath, rest: '' };
  return { pathname: fullPath.slice(0, index), rest: fullPath.slice(index) };
}
