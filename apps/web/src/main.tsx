// First: zod must not probe for eval before any schema is built (CSP, docs/decisions/010).
import '@rally/shared/zod-without-eval';
// Mantine's base styles; each component's CSS comes with the component
// (vite.config.ts, mantineCssPerComponent; docs/decisions/018).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createI18n } from './app/i18n';
import { installPreloadErrorHandler } from './app/preload-error';
import { createQueryClient } from './app/query-client';
import { startFirstScreen } from './app/route-modules';
import { createAppRouter } from './app/router';
import { captureEarlySearchKey } from './features/search/search-requests';
import { sessionQueryOptions } from './lib/auth';

installPreloadErrorHandler();
captureEarlySearchKey();

const queryClient = createQueryClient();
// Ask for the sign-in state and the first route's code at the same time.
void startFirstScreen(window.location.pathname, () =>
  queryClient.prefetchQuery(sessionQueryOptions),
);
const i18n = createI18n();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} i18n={i18n} />
  </StrictMode>,
);
