import { PROFILE_BASE_PATH, appRoutes, type RouteArea } from '@rally/shared/routes';
import { Navigate, createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { NotFound } from '../components/not-found';
import { resolveNavigation } from './guard';
import { LoadingOverlay } from './loading-overlay';
import { RootView } from './root-view';
import { RouteError } from './route-error';
import { areaLayouts, routeModules } from './route-modules';

/** What each route object of SPEC.md §2 carries in `handle`: its exact name and sign-in flag. */
export interface AppRouteHandle {
  name: string;
  requiresAuth: boolean | null;
}

const areas: readonly RouteArea[] = ['auth', 'main', 'org', 'program', 'program-event', 'profile'];

/**
 * The route objects of the app: the root view (navigation guard), one lazy
 * layout per area, and under each every route of SPEC.md §2 in that area with
 * `id` = route name and `handle` = {@link AppRouteHandle}; then the profile
 * base redirect and the not-found page for any other path.
 */
export function createAppRoutes(): RouteObject[] {
  const areaRoutes: RouteObject[] = areas.map((area) => ({
    id: `layout-${area}`,
    lazy: areaLayouts[area],
    errorElement: <RouteError />,
    children: [
      ...appRoutes
        .filter((route) => route.area === area)
        .map((route): RouteObject => ({
          id: route.name,
          path: route.path,
          handle: { name: route.name, requiresAuth: route.requiresAuth } satisfies AppRouteHandle,
          lazy: routeModules[route.name],
          errorElement: <RouteError />,
        })),
      ...(area === 'main' ? [{ id: 'not-found', path: '*', element: <NotFound /> }] : []),
    ],
  }));

  return [
    {
      id: 'app',
      element: <RootView />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingOverlay />,
      children: [
        ...areaRoutes,
        { id: 'profile-base', path: PROFILE_BASE_PATH, element: <ProfileBaseRedirect /> },
      ],
    },
  ];
}

/** `/p/{profileId}` redirects to `/p/{profileId}/calendar` (SPEC.md §2). The guard normally does it first. */
function ProfileBaseRedirect() {
  const location = useLocation();
  const decision = resolveNavigation(location.pathname + location.search + location.hash, {
    isLoading: false,
    isSignedIn: true,
  });
  return decision.kind === 'redirect' ? <Navigate to={decision.to} replace /> : <NotFound />;
}

/** Creates the browser router of the app (React Router data router, lazy route modules). */
export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
