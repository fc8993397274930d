// First: zod must not probe for eval before any schema is built (CSP, docs/decisions/010).
import '@rally/shared/zod-without-eval';
// Mantine's base styles; each component's CSS comes with the component
// (vite.config.ts, mantineCssPerComponent; docs/decisions/018).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
startApp({
  container,
  // The entry chunk's URL carries the build's content hash.
  buildId: import.meta.url,
  loadServiceWorkerRegistration: () => import('virtual:pwa-register'),
});
