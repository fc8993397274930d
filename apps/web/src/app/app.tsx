import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { AppProviders } from './providers';

/** Props of {@link App}. */
export interface AppProps {
  /**
   * The router with the app's routes: `<BrowserRouter><AppRoutes /></BrowserRouter>`
   * (start.tsx), or a `MemoryRouter` in tests.
   */
  children: ReactNode;
  queryClient: QueryClient;
  i18n: I18n;
}

/** The whole app: providers around the router. */
export function App({ children, queryClient, i18n }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      {children}
    </AppProviders>
  );
}
