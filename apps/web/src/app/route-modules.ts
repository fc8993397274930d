import {
  appRoutes,
  type AppRouteDef,
  type AppRouteName,
  type RouteArea,
} from '@rally/shared/routes';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import {
  DownloadFailedError,
  isDownloadFailure,
  noteDownloadSucceeded,
  reloadOnceForNewVersion,
  trackDownload,
} from '../lib/downloads';
import { LayoutFallbackShell } from './layout-fallback-shell';
import { loadUiStrings, type UiStringsPartName } from './locales/ui-string-parts';
import { ReloadingPage, retryingPage, type RetryFrame } from './retrying-page';

/** A lazily loaded route module in React Router's shape (`{ Component }`). */
export type LazyRouteModule = () => Promise<{ Component: ComponentType }>;

/**
 * A route module that loads the page's chunk and the parts of the UI strings
 * it uses at the same time, and resolves once both are there, so the page
 * never renders before its strings. When the download fails (offline, a
 * deploy removed the chunk, a style file did not load; SPEC.md §8 and
 * docs/decisions/017) it still resolves: online it first reloads the page
 * once (a new build is probably out), else the route shows the
 * offline/retry state inside its layout (in `frame` when given: see
 * {@link layout}) and loads the page by itself when the connection returns.
 * Any other error goes to the route's error element.
 */
const page =
  <M>(
    load: () => Promise<M>,
    pick: (module: M) => ComponentType,
    strings: readonly UiStringsPartName[] = [],
    frame?: RetryFrame,
  ): LazyRouteModule =>
  async () => {
    const loadPage = () =>
      trackDownload(async () => {
        // Both settle before either failure is thrown: a page chunk that
        // fails after its strings (it waits for its style files first) must
        // still fail while this download is tracked, or its preload error
        // would find nobody handling it and be rethrown (SPEC.md §8).
        const [loaded, texts] = await Promise.allSettled([load(), loadUiStrings(strings)]);
        if (loaded.status === 'rejected') throw loaded.reason;
        if (texts.status === 'rejected') throw texts.reason;
        const module = loaded.value;
        // A cancelled preload error makes Vite's import resolve to undefined.
        if (module === undefined) throw new DownloadFailedError();
        return pick(module);
      });
    try {
      const Component = await loadPage();
      noteDownloadSucceeded();
      return { Component };
    } catch (error) {
      if (!isDownloadFailure(error)) throw error;
      if (await reloadOnceForNewVersion()) return { Component: ReloadingPage };
      return { Component: retryingPage(loadPage, frame) };
    }
  };

/**
 * A {@link page} for an area layout, which uses only core strings: when its
 * chunk fails to download, the offline/retry state has no layout around it,
 * so it comes in {@link LayoutFallbackShell} (the Rally header and the
 * navigation that needs no more code) instead of standing alone.
 */
const layout = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyRouteModule =>
  page(load, pick, [], LayoutFallbackShell);

/**
 * The page of every route of SPEC.md §2, each in its own chunk so the first
 * screen loads only what it shows (DESIGN.md §7: first screen <= 150 KB gzip,
 * each lazy route <= 50 KB), with the parts of the UI strings its page (and
 * everything the page imports) uses beyond the core strings
 * (docs/decisions/004; `locales/ui-strings.test.ts` checks the list against
 * the keys the page's code refers to). Typed as a record over every route
 * name, so a route without a page does not compile.
 */
export const routeModules: Record<AppRouteName, LazyRouteModule> = {
  login: page(
    () => import('../features/auth/pages/login-page'),
    (m) => m.LoginPage,
  ),
  'verify-token': page(
    () => import('../features/auth/pages/verify-token-page'),
    (m) => m.VerifyTokenPage,
  ),
  'app-auth': page(
    () => import('../features/auth/pages/app-auth-page'),
    (m) => m.AppAuthPage,
  ),
  'auth-verify-code': page(
    () => import('../features/auth/pages/verify-code-page'),
    (m) => m.VerifyCodePage,
  ),
  'auth-verify-totp': page(
    () => import('../features/auth/pages/verify-totp-page'),
    (m) => m.VerifyTotpPage,
  ),
  root: page(
    () => import('../features/home/pages/root-page'),
    (m) => m.RootPage,
    ['home', 'schedule'],
  ),
  account: page(
    () => import('./pages/account-page'),
    (m) => m.AccountPage,
    ['account'],
  ),
  'delete-account': page(
    () => import('../features/account/pages/delete-account-page'),
    (m) => m.DeleteAccountPage,
    ['account'],
  ),
  'global-admin': page(
    () => import('../features/admin/pages/global-admin-page'),
    (m) => m.GlobalAdminPage,
    ['admin'],
  ),
  'create-org': page(
    () => import('../features/orgs/pages/create-org-page'),
    (m) => m.CreateOrgPage,
    ['orgs'],
  ),
  org: page(
    () => import('../features/orgs/pages/org-page'),
    (m) => m.OrgPage,
    ['orgs', 'programs'],
  ),
  'org-settings': page(
    () => import('./pages/org-settings-page'),
    (m) => m.OrgSettingsPage,
    ['orgs', 'matches'],
  ),
  program: page(
    () => import('./pages/program-page'),
    (m) => m.ProgramPage,
    ['events', 'programs', 'schedule'],
  ),
  'program-attendance': page(
    () => import('./pages/program-attendance-page'),
    (m) => m.ProgramAttendancePage,
    ['attendance', 'matches'],
  ),
  'program-calendar': page(
    () => import('../features/events/pages/program-calendar-page'),
    (m) => m.ProgramCalendarPage,
    ['events', 'programs', 'schedule'],
  ),
  'program-settings': page(
    () => import('./pages/program-settings-page'),
    (m) => m.ProgramSettingsPage,
    ['programs'],
  ),
  'program-event-new': page(
    () => import('../features/events/pages/program-event-new-page'),
    (m) => m.ProgramEventNewPage,
    ['events', 'schedule'],
  ),
  'program-subscription-new': page(
    () => import('../features/subscriptions/pages/program-subscription-new-page'),
    (m) => m.ProgramSubscriptionNewPage,
    ['home', 'programs'],
  ),
  'program-subscription': page(
    () => import('../features/subscriptions/pages/program-subscription-page'),
    (m) => m.ProgramSubscriptionPage,
    ['programs'],
  ),
  'program-conversations': page(
    () => import('../features/conversations/pages/program-conversations-page'),
    (m) => m.ProgramConversationsPage,
    ['conversations'],
  ),
  'program-conversation': page(
    () => import('../features/conversations/pages/program-conversation-page'),
    (m) => m.ProgramConversationPage,
    ['conversations'],
  ),
  'program-event': page(
    () => import('./pages/program-event-page'),
    (m) => m.ProgramEventPage,
    ['events', 'schedule'],
  ),
  'program-event-edit': page(
    () => import('../features/events/pages/program-event-edit-page'),
    (m) => m.ProgramEventEditPage,
    ['events', 'schedule'],
  ),
  'program-event-attendance': page(
    () => import('../features/attendance/pages/program-event-attendance-page'),
    (m) => m.ProgramEventAttendancePage,
    ['attendance'],
  ),
  'program-event-match': page(
    () => import('../features/matches/pages/program-event-match-page'),
    (m) => m.ProgramEventMatchPage,
    ['events', 'schedule', 'matches'],
  ),
  'match-share': page(
    () => import('../features/matches/pages/match-share-page'),
    (m) => m.MatchSharePage,
    ['match-share'],
  ),
  'profile-calendar': page(
    () => import('../features/profiles/pages/profile-calendar-page'),
    (m) => m.ProfileCalendarPage,
    ['events', 'schedule'],
  ),
  'profile-event': page(
    () => import('./pages/profile-event-page'),
    (m) => m.ProfileEventPage,
    ['events', 'schedule', 'matches'],
  ),
  'profile-activities': page(
    () => import('./pages/profile-activities-page'),
    (m) => m.ProfileActivitiesPage,
    ['profiles', 'programs', 'matches'],
  ),
  'profile-conversations': page(
    () => import('../features/conversations/pages/profile-conversations-page'),
    (m) => m.ProfileConversationsPage,
    ['conversations'],
  ),
  'profile-conversation': page(
    () => import('../features/conversations/pages/profile-conversation-page'),
    (m) => m.ProfileConversationPage,
    ['conversations'],
  ),
  'profile-settings': page(
    () => import('../features/profiles/pages/profile-settings-page'),
    (m) => m.ProfileSettingsPage,
    ['orgs', 'profiles', 'programs'],
  ),
};

/**
 * The layout of each area (SPEC.md §2: auth, org, program, program event,
 * profile; plus main). Layouts use only core strings: they frame every page.
 * A layout that fails to download keeps a light header ({@link layout}).
 */
export const areaLayouts: Record<RouteArea, LazyRouteModule> = {
  auth: layout(
    () => import('./layouts/auth-layout'),
    (m) => m.AuthLayout,
  ),
  main: layout(
    () => import('./layouts/main-layout'),
    (m) => m.MainLayout,
  ),
  org: layout(
    () => import('./layouts/org-layout'),
    (m) => m.OrgLayout,
  ),
  program: layout(
    () => import('./layouts/program-layout'),
    (m) => m.ProgramLayout,
  ),
  'program-event': layout(
    () => import('./layouts/program-event-layout'),
    (m) => m.ProgramEventLayout,
  ),
  profile: layout(
    () => import('./layouts/profile-layout'),
    (m) => m.ProfileLayout,
  ),
};

/**
 * The route of SPEC.md §2 at `pathname`, or undefined (the not-found page).
 * When several paths match (`/orgs/create` and `/orgs/:orgId`), the one with
 * the fewest parameters wins, as React Router ranks static segments first.
 */
export function routeAt(pathname: string): (typeof appRoutes)[number] | undefined {
  const params = (route: AppRouteDef) => route.path.split('/:').length;
  return [...appRoutes]
    .filter((route) => matchPath({ path: route.path, end: true }, pathname) !== null)
    .sort((a, b) => params(a) - params(b))[0];
}

/**
 * Starts what the first screen waits for, all at once and before React
 * renders (docs/decisions/018): the sign-in state
 * (`loadSession`, e.g. prefetching `GET /api/auth/session`), and the
 * layout and page chunks of the route at `pathname` (with their UI strings).
 * Without it the page's chunk would only be asked for once the router
 * starts, and its layout's only after that. The router later calls the
 * same loaders and gets the modules the browser already has (an `import()`
 * is fetched once). A chunk that fails here is left to the router, which
 * loads it again and shows its error (the rejection is swallowed here).
 * Returns a promise that settles when all of them have; `modules` is for tests.
 */
export function startFirstScreen(
  pathname: string,
  loadSession: () => Promise<unknown>,
  modules: {
    routeModules: Partial<Record<AppRouteName, LazyRouteModule>>;
    areaLayouts: Partial<Record<RouteArea, LazyRouteModule>>;
  } = { routeModules, areaLayouts },
): Promise<void> {
  const route = routeAt(pathname);
  const started = [
    loadSession(),
    ...(route ? [modules.areaLayouts[route.area]?.(), modules.routeModules[route.name]?.()] : []),
  ];
  return Promise.allSettled(started).then(() => undefined);
}
