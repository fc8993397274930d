// The app's own start, loaded by main.tsx once the boot screen is on the
// glass (src/app/boot.ts, docs/decisions/018).
// First: zod must not probe for eval before any schema is built (CSP, docs/decisions/010).
import '@rally/shared/zod-without-eval';
// Mantine's base styles; each component's CSS comes with the component
// (vite.config.ts, mantineCssPerComponent; docs/decisions/018). The theme's
// CSS variables are not a file: MantineProvider writes all of them
// (`deduplicateCssVariables={false}`, providers.tsx) from the theme it
// computes anyway, 24 KB of CSS less on every first load
// (docs/decisions/018, sixth pass).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import { startApp } from './start';

/**
 * Starts the web app in index.html's `#root` (SPEC.md §2, §8; see
 * {@link startApp}). Throws when the page has no `#root` element.
 */
export function launch(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  startApp({
    container,
    // This chunk's URL carries the content hash of the app's code.
    buildId: import.meta.url,
    loadServiceWorkerRegistration: () => import('virtual:pwa-register'),
  });
}
