import type { AppRouteName, RouteArea } from '@rally/shared/routes';
import type { ComponentType } from 'react';

/** A lazily loaded route module in React Router's shape (`{ Component }`). */
export type LazyRouteModule = () => Promise<{ Component: ComponentType }>;

const page =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyRouteModule =>
  async () => ({ Component: pick(await load()) });

/**
 * The page of every route of SPEC.md §2, each in its own chunk so the first
 * screen loads only what it shows (DESIGN.md §7: first screen <= 150 KB gzip,
 * each lazy route <= 50 KB). Typed as a record over every route name, so a
 * route without a page does not compile.
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
  root: page(
    () => import('../features/home/pages/root-page'),
    (m) => m.RootPage,
  ),
  account: page(
    () => import('../features/account/pages/account-page'),
    (m) => m.AccountPage,
  ),
  'delete-account': page(
    () => import('../features/account/pages/delete-account-page'),
    (m) => m.DeleteAccountPage,
  ),
  'global-admin': page(
    () => import('../features/admin/pages/global-admin-page'),
    (m) => m.GlobalAdminPage,
  ),
  'create-org': page(
    () => import('../features/orgs/pages/create-org-page'),
    (m) => m.CreateOrgPage,
  ),
  org: page(
    () => import('../features/orgs/pages/org-page'),
    (m) => m.OrgPage,
  ),
  'org-settings': page(
    () => import('../features/orgs/pages/org-settings-page'),
    (m) => m.OrgSettingsPage,
  ),
  program: page(
    () => import('../features/programs/pages/program-page'),
    (m) => m.ProgramPage,
  ),
  'program-attendance': page(
    () => import('../features/programs/pages/program-attendance-page'),
    (m) => m.ProgramAttendancePage,
  ),
  'program-calendar': page(
    () => import('../features/programs/pages/program-calendar-page'),
    (m) => m.ProgramCalendarPage,
  ),
  'program-settings': page(
    () => import('../features/programs/pages/program-settings-page'),
    (m) => m.ProgramSettingsPage,
  ),
  'program-event-new': page(
    () => import('../features/programs/pages/program-event-new-page'),
    (m) => m.ProgramEventNewPage,
  ),
  'program-subscription-new': page(
    () => import('../features/programs/pages/program-subscription-new-page'),
    (m) => m.ProgramSubscriptionNewPage,
  ),
  'program-subscription': page(
    () => import('../features/programs/pages/program-subscription-page'),
    (m) => m.ProgramSubscriptionPage,
  ),
  'program-conversations': page(
    () => import('../features/programs/pages/program-conversations-page'),
    (m) => m.ProgramConversationsPage,
  ),
  'program-conversation': page(
    () => import('../features/programs/pages/program-conversation-page'),
    (m) => m.ProgramConversationPage,
  ),
  'program-event': page(
    () => import('../features/programs/pages/program-event-page'),
    (m) => m.ProgramEventPage,
  ),
  'program-event-edit': page(
    () => import('../features/programs/pages/program-event-edit-page'),
    (m) => m.ProgramEventEditPage,
  ),
  'program-event-attendance': page(
    () => import('../features/programs/pages/program-event-attendance-page'),
    (m) => m.ProgramEventAttendancePage,
  ),
  'program-event-match': page(
    () => import('../features/programs/pages/program-event-match-page'),
    (m) => m.ProgramEventMatchPage,
  ),
  'profile-calendar': page(
    () => import('../features/profiles/pages/profile-calendar-page'),
    (m) => m.ProfileCalendarPage,
  ),
  'profile-event': page(
    () => import('../features/profiles/pages/profile-event-page'),
    (m) => m.ProfileEventPage,
  ),
  'profile-activities': page(
    () => import('../features/profiles/pages/profile-activities-page'),
    (m) => m.ProfileActivitiesPage,
  ),
  'profile-conversations': page(
    () => import('../features/profiles/pages/profile-conversations-page'),
    (m) => m.ProfileConversationsPage,
  ),
  'profile-conversation': page(
    () => import('../features/profiles/pages/profile-conversation-page'),
    (m) => m.ProfileConversationPage,
  ),
  'profile-settings': page(
    () => import('../features/profiles/pages/profile-settings-page'),
    (m) => m.ProfileSettingsPage,
  ),
};

/** The layout of each area (SPEC.md §2: auth, org, program, program event, profile; plus main). */
export const areaLayouts: Record<RouteArea, LazyRouteModule> = {
  auth: page(
    () => import('./layouts/auth-layout'),
    (m) => m.AuthLayout,
  ),
  main: page(
    () => import('./layouts/main-layout'),
    (m) => m.MainLayout,
  ),
  org: page(
    () => import('./layouts/org-layout'),
    (m) => m.OrgLayout,
  ),
  program: page(
    () => import('./layouts/program-layout'),
    (m) => m.ProgramLayout,
  ),
  'program-event': page(
    () => import('./layouts/program-event-layout'),
    (m) => m.ProgramEventLayout,
  ),
  profile: page(
    () => import('./layouts/profile-layout'),
    (m) => m.ProfileLayout,
  ),
};
