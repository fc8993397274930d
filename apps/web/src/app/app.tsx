import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';

/** Props of {@link App}. */
export interface AppProps {
  /** The browser router (`createAppRouter()`), or a memory router in tests. */
  router: Parameters<typeof RouterProvider>[0]['router'];
  queryClient: QueryClient;
  i18n: I18n;
}

/** The whole app: providers around the router. */
export function App({ router, queryClient, i18n }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
