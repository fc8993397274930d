import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import mantinePreset from 'postcss-preset-mantine';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Text assets that get a brotli (`.br`) and a gzip (`.gz`) copy beside them
 * at build, which the server sends by `Accept-Encoding` (apps/server/src/app.ts,
 * `preCompressed`; docs/decisions/018). Source maps are left out: they are
 * never served in production (docs/decisions/010).
 */
export const PRECOMPRESSED_ASSETS = /\.(?:html|css|js|mjs|json|svg|webmanifest|txt|xml)$/;

/** The styles folder of the one copy of @mantine/core the app uses (see `dedupe` below). */
const MANTINE_STYLES = path.dirname(
  createRequire(import.meta.url).resolve('@mantine/core/styles/global.css'),
);

/** A Mantine component's class-name module in @mantine/core's ESM build: `.../Button/Button.module.mjs`. */
const MANTINE_CLASSES =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/].*[\\/](\w+)\.module\.mjs$/;

/**
 * Each page loads only the Mantine CSS of the components it renders
 * (issue 13, docs/decisions/018), instead of one 250 KB `styles.css` that
 * blocks the first paint. Every Mantine component imports its class names
 * from `<Name>.module.mjs`; at build this plugin adds
 * `import '@mantine/core/styles/<Name>.css'` to that module, so the CSS
 * follows the component into whichever chunk Rollup puts it in — the entry
 * chunk for the shell, a lazy route's chunk for the rest — and a component's
 * CSS always comes after the CSS of the components it is built on (they are
 * its imports). `main.tsx` imports the base (baseline, CSS variables,
 * global). In `vite dev` Mantine is pre-bundled into one file, so the plugin
 * adds the whole `styles.css` to `main.tsx` instead.
 */
function mantineCssPerComponent(): Plugin {
  let isBuild = true;
  return {
    name: 'rally:mantine-css-per-component',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    transform(code, id) {
      if (!isBuild) {
        if (!/[\\/]src[\\/]main\.tsx$/.test(id)) return null;
        return { code: `import '@mantine/core/styles.css';\n${code}`, map: null };
      }
      const name = MANTINE_CLASSES.exec(id.split('?')[0] ?? '')?.[1];
      if (!name) return null;
      const css = path.join(MANTINE_STYLES, `${name}.css`).split(path.sep).join('/');
      return { code: `import ${JSON.stringify(css)};\n${code}`, map: null };
    },
  };
}

import { VitePWA } from 'vite-plugin-pwa';

/**
 * Vite build of the Rally web app (DESIGN.md §5). `npm run build -w @rally/web`
 * writes `apps/web/dist`, which the server serves; `npm run dev -w @rally/web`
 * serves on :5173 and proxies `/api` (HTTP and the `/api/realtime` WebSocket)
 * to the API server on :3000.
 */
export default defineConfig({
  plugins: [
    react(),
    mantineCssPerComponent(),
    // Brotli at its best quality (11) and gzip level 9, once at build: the
    // server never compresses a static file per request. Files under 1 KB
    // are left alone (a compressed copy would save less than a packet).
    compression({
      include: PRECOMPRESSED_ASSETS,
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
      logLevel: 'silent',
    }),
    // The offline app shell (docs/decisions/017): a Workbox service worker
    // (generateSW) precaches index.html, the entry and every route chunk and
    // style; navigations fall back to index.html, never under /api. A new
    // version waits until the person taps "Update available - reload"
    // (registerType 'prompt'); the app registers it itself, web only
    // (src/app/service-worker.ts), so `injectRegister` is off.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      manifest: {
        name: 'Rally',
        short_name: 'Rally',
        description:
          'Rally: programs, events, attendance and conversations for clubs, academies and schools.',
        lang: 'en-US',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#228be6',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(?:[/?]|$)/],
        cleanupOutdatedCaches: true,
        // FullCalendar's chunk is the largest; every route chunk must be precached.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  css: { postcss: { plugins: [mantinePreset()] } },
  resolve: {
    // npm nests a second @mantine/core under apps/web (notifications pins 9.7.3, dates 9.7.4);
    // two copies would mean two React contexts, so every import resolves to one copy.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  server: {
    port: 5173,
    strictPort: true,
    // No `changeOrigin`: the API must see Vite's own Host, which is what the
    // page's Origin names, or it refuses the page's writes and its cookie-signed
    // WebSocket as cross-site (docs/decisions/010).
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  // Source maps are written for `npm run measure:web` and for reading stack
  // traces; the server never serves them in production (docs/decisions/010).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
});
