/**
 * The web app's route table, exactly SPEC.md §2: names, paths and sign-in
 * flags, plus the authenticator-code page §1 hints at (`auth-verify-totp`)
 * and a match's signed-out share link (`match-share`, docs/decisions/030). Paths use React Router's `:param` syntax for SPEC.md's `{param}`.
 *
 * `requiresAuth`:
 * - `true`  — a signed-out visitor is redirected to login with `?redirect=`.
 * - `false` — the auth area (no sign-in needed).
 * - `null`  — "no flag set on the route" (SPEC.md §2): reachable signed out;
 *   the page itself decides what a signed-out visitor sees.
 */
export const appRoutes = [
  { name: 'login', path: '/auth/login', requiresAuth: false, area: 'auth' },
  { name: 'verify-token', path: '/auth/token/:customToken', requiresAuth: false, area: 'auth' },
  { name: 'app-auth', path: '/auth/init-app-auth', requiresAuth: false, area: 'auth' },
  {
    name: 'auth-verify-code',
    path: '/auth/verify-code/:verificationId',
    requiresAuth: false,
    area: 'auth',
  },
  // The authenticator-app code page SPEC.md §1 hints at (DESIGN.md §3); not in §2's table.
  { name: 'auth-verify-totp', path: '/auth/verify-totp', requiresAuth: false, area: 'auth' },
  { name: 'root', path: '/', requiresAuth: true, area: 'main' },
  { name: 'account', path: '/account', requiresAuth: true, area: 'main' },
  { name: 'delete-account', path: '/account/delete', requiresAuth: true, area: 'main' },
  { name: 'global-admin', path: '/global-admin', requiresAuth: true, area: 'main' },
  { name: 'create-org', path: '/orgs/create', requiresAuth: true, area: 'main' },
  { name: 'org', path: '/orgs/:orgId', requiresAuth: true, area: 'org' },
  { name: 'org-settings', path: '/orgs/:orgId/settings', requiresAuth: true, area: 'org' },
  { name: 'program', path: '/programs/:programId', requiresAuth: true, area: 'program' },
  {
    name: 'program-attendance',
    path: '/programs/:programId/attendance',
    requiresAuth: true,
    area: 'program',
  },
  {
    name: 'program-calendar',
    path: '/programs/:programId/calendar',
    requiresAuth: true,
    area: 'program',
  },
  {
    name: 'program-settings',
    path: '/programs/:programId/settings',
    requiresAuth: true,
    area: 'program',
  },
  {
    name: 'program-event-new',
    path: '/programs/:programId/events/new',
    requiresAuth: null,
    area: 'program',
  },
  {
    name: 'program-subscription-new',
    path: '/programs/:programId/subscriptions/new',
    requiresAuth: null,
    area: 'program',
  },
  {
    name: 'program-subscription',
    path: '/programs/:programId/subscriptions/:subscriptionId',
    requiresAuth: true,
    area: 'program',
  },
  {
    name: 'program-conversations',
    path: '/programs/:programId/conversations',
    requiresAuth: true,
    area: 'program',
  },
  {
    name: 'program-conversation',
    path: '/programs/:programId/conversations/:otherParty',
    requiresAuth: true,
    area: 'program',
  },
  {
    name: 'program-event',
    path: '/programs/:programId/events/:eventId',
    requiresAuth: true,
    area: 'program-event',
  },
  {
    name: 'program-event-edit',
    path: '/programs/:programId/events/:eventId/edit',
    requiresAuth: true,
    area: 'program-event',
  },
  {
    name: 'program-event-attendance',
    path: '/programs/:programId/events/:eventId/attendance',
    requiresAuth: true,
    area: 'program-event',
  },
  {
    name: 'program-event-match',
    path: '/programs/:programId/events/:eventId/match',
    requiresAuth: true,
    area: 'program-event',
  },
  // A match's signed-out share link (docs/decisions/030): its secret is the permission.
  { name: 'match-share', path: '/share/:shareToken', requiresAuth: null, area: 'main' },
  { name: 'profile-calendar', path: '/p/:profileId/calendar', requiresAuth: true, area: 'profile' },
  {
    name: 'profile-event',
    path: '/p/:profileId/events/:eventId',
    requiresAuth: true,
    area: 'profile',
  },
  {
    name: 'profile-activities',
    path: '/p/:profileId/activities',
    requiresAuth: true,
    area: 'profile',
  },
  {
    name: 'profile-conversations',
    path: '/p/:profileId/conversations',
    requiresAuth: true,
    area: 'profile',
  },
  {
    name: 'profile-conversation',
    path: '/p/:profileId/conversations/:otherParty',
    requiresAuth: true,
    area: 'profile',
  },
  {
    name: 'profile-settings',
    path: '/p/:profileId/settings',
    requiresAuth: true,
    area: 'profile',
  },
] as const satisfies readonly AppRouteDef[];

/** Which layout a route renders in (SPEC.md §2: auth, org, program, program event, profile). */
export type RouteArea = 'auth' | 'main' | 'org' | 'program' | 'program-event' | 'profile';

/** One row of SPEC.md §2's route table. */
export interface AppRouteDef {
  name: string;
  path: string;
  requiresAuth: boolean | null;
  area: RouteArea;
}

/** Name of a route of SPEC.md §2. */
export type AppRouteName = (typeof appRoutes)[number]['name'];

/** The profile base path, which redirects to profile-calendar (SPEC.md §2). */
export const PROFILE_BASE_PATH = '/p/:profileId';

/**
 * Builds a concrete path for a named route, e.g.
 * `routePath('program-event', { programId: 'a', eventId: 'b' })` -> `/programs/a/events/b`.
 * Parameters are URI-encoded. Throws when a parameter is missing.
 */
export function routePath(name: AppRouteName, params: Record<string, string> = {}): string {
  const route = appRoutes.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route.path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/** A route of SPEC.md §2 matched at a path ({@link matchAppRoute}), with its raw `:param` segments. */
export interface AppRouteMatch {
  route: AppRouteDef;
  /** Parameter name (without `:`) -> the path's segment, as written (not decoded). */
  params: Record<string, string>;
}

/**
 * The route of SPEC.md §2 at `pathname` (no query or fragment), with its
 * parameters, or undefined. A parameter matches one non-empty segment; a
 * trailing slash is ignored. When several paths match (`/orgs/create` and
 * `/orgs/:orgId`), the one with the fewest parameters wins, as React Router
 * ranks static segments first (apps/web/src/app/guard.ts matches with React
 * Router itself). Plain data, no imports: the server's index.html and the
 * web app's boot step use it (docs/decisions/018).
 */
export function matchAppRoute(pathname: string): AppRouteMatch | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  let best: AppRouteMatch | undefined;
  let fewestParams = Infinity;
  for (const route of appRoutes as readonly AppRouteDef[]) {
    const pattern = route.path === '/' ? [] : route.path.split('/').slice(1);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i] ?? '';
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = segment;
      return segment !== '';
    });
    const count = Object.keys(params).length;
    if (matches && count < fewestParams) {
      best = { route, params };
      fewestParams = count;
    }
  }
  return best;
}
