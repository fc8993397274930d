import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { lazyPart } from '../lib/lazy-part';
import { useTranslation } from 'react-i18next';
import { Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { describeError } from '../lib/describe-error';
import { useAuth } from '../lib/auth';
import { useAfterLoadWhenIdle } from '../lib/idle';
import { currentPlatform } from '../lib/platform';
import { resolveNavigation } from './guard';
import { LoadingOverlay } from './loading-overlay';

// The live-update check and the realtime client load in their own chunk, after the first screen.
const LiveUpdate = lazyPart(() => import('./use-live-update').then((module) => module.LiveUpdate));
// Push registration and taps on notifications (docs/decisions/029), after the first screen.
const PushPart = lazyPart(() => import('./push-part').then((module) => module.PushPart));
// Links that open the native app (docs/decisions/028): its code loads in the app only.
const AppLinks = lazyPart(() => import('./app-links').then((module) => module.AppLinks));

/** Props of {@link RootView}. */
export interface RootViewProps {
  /**
   * Called with the pathname each time the view renders a route (idempotent:
   * the router starts the route's layout and page downloads together).
   */
  onNavigate?: (pathname: string) => void;
}

/**
 * The root view (SPEC.md §2): applies the navigation guard to the current full
 * path and shows the route's page, re-created whenever the full path
 * (pathname + search + hash) changes. It also starts the automatic update
 * check at start-up and re-runs it when the followed config record changes
 * (SPEC.md §2, §4; `useLiveUpdate`): at once in the native app; in a
 * browser, where the check never installs anything, once the first screen
 * is shown and the main thread is idle, so its code (and the realtime
 * client's) does not compete with the first screen's (docs/decisions/018).
 * In the app it is mounted while the session loads and when it cannot be
 * loaded too: its start-up tells the plugin the app rendered (`ready`),
 * which a package that starts offline must do as well (docs/decisions/027),
 * and so is the listener of links that open the app (`AppLinks`).
 * The full-screen "Loading..." overlay stands in for the route until its
 * code has downloaded at start; later navigations are transitions, which
 * keep the current page until the next one is ready (docs/decisions/022).
 */
export function RootView({ onNavigate }: RootViewProps = {}) {
  const location = useLocation();
  const auth = useAuth();
  const fullPath = location.pathname + location.search + location.hash;
  // In the native app the check resets live update at once (SPEC.md §4).
  const [isNativeApp] = useState(() => currentPlatform().isNative);
  const startsCheck = useAfterLoadWhenIdle(isNativeApp);

  // Mounted whatever the root view shows, so the native app signals ready
  // once it has rendered anything, even offline (docs/decisions/027).
  // So are the links that open the app: a link may arrive while it loads.
  const liveUpdate = (
    <>
      {startsCheck && <LiveUpdate user={auth.user} />}
      {startsCheck && <PushPart user={auth.user} />}
      {isNativeApp && <AppLinks />}
    </>
  );
  if (!auth.isLoading && auth.error && !auth.user) {
    return (
      <>
        {liveUpdate}
        <SessionUnavailable error={auth.error} onRetry={() => void auth.refresh()} />
      </>
    );
  }

  const decision = resolveNavigation(fullPath, {
    isLoading: auth.isLoading,
    isSignedIn: auth.user !== null,
  });
  switch (decision.kind) {
    case 'wait':
      return (
        <>
          {liveUpdate}
          <LoadingOverlay />
        </>
      );
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'render':
    case 'not-found':
      onNavigate?.(location.pathname);
      return (
        <>
          {liveUpdate}
          <Suspense fallback={<LoadingOverlay />}>
            <Outlet key={fullPath} />
          </Suspense>
        </>
      );
  }
}

function SessionUnavailable({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack gap="md" align="center" maw={420} role="alert">
        <Title order={1} size="h3">
          {t('session.unavailableTitle')}
        </Title>
        <Text ta="center">{describeError(t, error)}</Text>
        <Button onClick={onRetry}>{t('actions.retry')}</Button>
      </Stack>
    </Center>
  );
}
