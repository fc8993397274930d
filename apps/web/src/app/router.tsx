import {
  PROFILE_BASE_PATH,
  appRoutes,
  type AppRouteName,
  type RouteArea,
} from '@rally/shared/routes';
import {
  lazy,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { NotFound } from '../components/not-found';
import { resolveNavigation } from './guard';
import { RootView } from './root-view';
import { RouteError } from './route-error';
import { areaLayouts, routeAt, routeModules, type LazyRouteModule } from './route-modules';

const areas: readonly RouteArea[] = ['auth', 'main', 'org', 'program', 'program-event', 'profile'];

/** A lazily loaded layout or page: its loader (started at most once) and the component React renders. */
interface LazyRoute {
  /** Starts the download (once) and resolves with the module; what `Component` waits for. */
  load: () => Promise<{ Component: ComponentType }>;
  Component: LazyExoticComponent<ComponentType>;
}

function lazyRoute(loader: LazyRouteModule): LazyRoute {
  let loading: Promise<{ Component: ComponentType }> | undefined;
  const load = () => (loading ??= loader());
  return { load, Component: lazy(() => load().then((module) => ({ default: module.Component }))) };
}

/** The lazy layout of every area and page of every route of SPEC.md §2, for one mounted router. */
export interface RouteTable {
  layouts: Record<RouteArea, LazyRoute>;
  pages: Record<AppRouteName, LazyRoute>;
}

/**
 * A fresh {@link RouteTable} over `route-modules.ts`'s loaders. Each mounted
 * app has its own (as each data router had its own route objects), so a
 * download that failed in one app is tried again by the next.
 */
export function createRouteTable(): RouteTable {
  const layouts = Object.fromEntries(
    areas.map((area) => [area, lazyRoute(areaLayouts[area])]),
  ) as Record<RouteArea, LazyRoute>;
  const pages = Object.fromEntries(
    appRoutes.map((route) => [route.name, lazyRoute(routeModules[route.name])]),
  ) as Record<AppRouteName, LazyRoute>;
  return { layouts, pages };
}

/**
 * Starts downloading the layout and the page of the route at `pathname`
 * together (nothing for an unknown path), so a navigation to another area
 * fetches both chunks at once rather than the page's only after its layout
 * has rendered. Failures are left to the route, which shows them.
 */
export function preloadRoute(table: RouteTable, pathname: string): void {
  const route = routeAt(pathname);
  if (!route) return;
  table.layouts[route.area].load().catch(() => undefined);
  table.pages[route.name].load().catch(() => undefined);
}

/**
 * Keeps `children` (a layout or a page) and shows {@link RouteError} in its
 * place when it throws, so the layout around a failed page stays (SPEC.md §8:
 * router errors are logged to the console only, which RouteError does).
 */
function RouteBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary FallbackComponent={RouteError}>{children}</ErrorBoundary>;
}

/**
 * The routes of the app (React Router's declarative routes; docs/decisions/022):
 * the root view (navigation guard, and the suspense boundary that shows the
 * "Loading..." overlay until the first page's code is there), one lazy layout
 * per area, and under each every route of SPEC.md §2 in that area with its
 * lazy page; then the profile base redirect and the not-found page for any
 * other path. Render it inside a router (`BrowserRouter`, or `MemoryRouter`
 * in tests), whose navigations run as transitions: the current page stays
 * on screen until the next one's code has downloaded.
 */
export function AppRoutes() {
  const [table] = useState(createRouteTable);
  return (
    <Routes>
      <Route element={<RootView onNavigate={(pathname) => preloadRoute(table, pathname)} />}>
        {areas.map((area) => {
          const Layout = table.layouts[area].Component;
          return (
            <Route
              key={area}
              element={
                <RouteBoundary>
                  <Layout />
                </RouteBoundary>
              }
            >
              {appRoutes
                .filter((route) => route.area === area)
                .map((route) => {
                  const Page = table.pages[route.name].Component;
                  return (
                    <Route
                      key={route.name}
                      path={route.path}
                      element={
                        <RouteBoundary>
                          <Page />
                        </RouteBoundary>
                      }
                    />
                  );
                })}
              {area === 'main' && <Route path="*" element={<NotFound />} />}
            </Route>
          );
        })}
        <Route path={PROFILE_BASE_PATH} element={<ProfileBaseRedirect />} />
      </Route>
    </Routes>
  );
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
