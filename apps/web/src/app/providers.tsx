import { NOTIFICATION_AUTO_CLOSE_MS } from '@rally/shared/constants';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode } from 'react';
import { lazyPart } from '../lib/lazy-part';
import { I18nextProvider } from 'react-i18next';
import { SearchRequestsProvider } from '../features/search/search-requests';
import { useIsNotificationRequested } from '../lib/notify';
import { cssVariablesResolver, theme } from './theme';
import { useWaitingUpdate } from './service-worker';

// The update banner loads when a new version waits (docs/decisions/017).
const UpdatePrompt = lazyPart(() =>
  import('./update-prompt').then((module) => module.UpdatePrompt),
);

// The toast container loads with the first toast (`notify()`); shown toasts queue until it mounts.
const Notifications = lazyPart(() =>
  import('@mantine/notifications').then((module) => module.Notifications),
);

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
}

/**
 * Everything the pages rely on: UI strings (react-i18next, en-US), Mantine
 * (theme with SPEC.md §9 breakpoints, WCAG AA colours), notifications (auto-close 5000 ms,
 * SPEC.md §9), TanStack Query for server state, and the app-wide Ctrl/Cmd+K
 * of search.
 */
export function AppProviders({ queryClient, i18n, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        deduplicateCssVariables={false}
      >
        <LazyNotifications />
        <LazyUpdatePrompt />
        <QueryClientProvider client={queryClient}>
          <SearchRequestsProvider>{children}</SearchRequestsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

function LazyNotifications() {
  const isRequested = useIsNotificationRequested();
  if (!isRequested) return null;
  return <Notifications autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="bottom-center" />;
}

function LazyUpdatePrompt() {
  const waiting = useWaitingUpdate();
  return waiting ? <UpdatePrompt /> : null;
}
