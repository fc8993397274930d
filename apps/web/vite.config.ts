import path from 'node:path';
import react from '@vitejs/plugin-react';
import mantinePreset from 'postcss-preset-mantine';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineCssPerComponent } from './src/vite-mantine-css';
import { routeChunks, staticImportsOf } from './src/vite-route-chunks';

/** index.html: the module Vite makes of it is the entry; it imports the boot step, src/main.tsx. */
const INDEX_HTML = path.join(import.meta.dirname, 'index.html');
const ENTRY_MODULE = path.join(import.meta.dirname, 'src/main.tsx');
/**
 * The UI libraries: those used by at least 4 chunks make the `ui` chunk, but
 * for what goes to `ui-later`.
 */
const UI =
  /node_modules[\\/](?:@mantine[\\/](?:core|hooks|store)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|tslib|@tabler[\\/]icons-react|aria-hidden|detect-node-es|clsx|react-number-format|react-textarea-autosize)[\\/]/;
/**
 * The modules of the `ui-later` chunk: Mantine's overlays, scroll areas and
 * tables with what only they use (floating-ui, the scroll lock, the focus
 * trap)...
 */
const UI_LATER =
  /node_modules[\\/](?:@mantine[\\/](?:core[\\/]esm[\\/](?:components[\\/](?:Menu|Popover|Modal|ModalBase|Portal|Overlay|FocusTrap|Combobox|ScrollArea|Table|Tooltip|Drawer|Select|Autocomplete|Transition)|utils[\\/]Floating)|hooks[\\/]esm[\\/]use-(?:focus-trap|focus-return|click-outside|window-scroll|scroll-into-view))|@floating-ui|react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|tslib|aria-hidden|detect-node-es)[\\/]/;
/**
 * ...but for the small parts that components of the first screens import
 * from them (SegmentedControl's indicator uses ScrollArea's helpers,
 * NativeSelect the Combobox chevron), which would make `ui` import `ui-later`.
 */
const UI_LATER_EXCEPT =
  /[\\/]components[\\/](?:ScrollArea[\\/]utils|Combobox[\\/](?:ComboboxChevron[\\/]|Combobox\.module|get-parsed-combobox-data))/;
/** True for a module of the `ui-later` chunk ({@link UI_LATER}, {@link UI_LATER_EXCEPT}). */
const isUiLater = (id: string): boolean => UI_LATER.test(id) && !UI_LATER_EXCEPT.test(id);
/** The app's start (main.tsx imports it once the boot screen is painted; docs/decisions/018). */
const LAUNCH_MODULE = path.join(import.meta.dirname, 'src/app/launch.tsx');

/**
 * Text assets that get a brotli (`.br`) and a gzip (`.gz`) copy beside them
 * at build, which the server sends by `Accept-Encoding` (apps/server/src/app.ts,
 * `preCompressed`; docs/decisions/018). Source maps are left out: they are
 * never served in production (docs/decisions/010).
 */
export const PRECOMPRESSED_ASSETS = /\.(?:html|css|js|mjs|json|svg|webmanifest|txt|xml)$/;

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
    // route-chunks.json: the files each route loads, which the server names
    // in a deep link's index.html (docs/decisions/018).
    routeChunks({
      launchModule: LAUNCH_MODULE,
      routeModulesFile: path.join(import.meta.dirname, 'src/app/route-modules.ts'),
      stringPartsDir: path.join(import.meta.dirname, 'src/app/locales/en-US'),
    }),
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
    // (src/app/service-worker.ts), so `injectRegister` is off. It imports
    // public/push-sw.js, which shows push notifications.
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
        // The score card's canvas library is fetched when first used, never
        // ahead for everyone (docs/decisions/030).
        globIgnores: ['**/node_modules/**/*', '**/konva-*.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(?:[/?]|$)/],
        // Push notifications: shown and opened by public/push-sw.js (docs/decisions/029).
        importScripts: ['/push-sw.js'],
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
      // The app's start is an entry of its own (imported by main.tsx once
      // the boot screen is painted; docs/decisions/018), so the bundler
      // gives its code to the shell chunk as it does to an entry's.
      input: {
        index: path.join(import.meta.dirname, 'index.html'),
        launch: LAUNCH_MODULE,
      },
      output: {
        // Few, larger chunks (docs/decisions/018): on a phone network each
        // request costs a round trip, and ~90 small chunks per signed-in
        // page cost more than the bytes they saved.
        // - shell: everything the first screen needs (app/launch.tsx and its
        //   static imports; the entry itself is only the boot step, main.tsx);
        // - ui-base: the Mantine parts of the signed-out pages (sign in), so
        //   the login page does not load the whole UI kit (and ui-input, its
        //   text fields, which the home does not load);
        // - ui-later: menus, dialogs, floating-ui, scroll areas and tables,
        //   when first needed;
        // - ui: the rest of the UI libraries used by at least 4 lazy chunks
        //   (one download for every signed-in page);
        // - query-persistence: restored at start, kept out of `app` (a layout
        //   imports it too, and `app` would drag `ui` into the sign-in page);
        // - app-base / app: our own shared components, hooks and layouts, the
        //   same split. Pages, FullCalendar, dates and what only a few pages
        //   use stay in their own chunks.
        codeSplitting: {
          groups: [
            {
              // The canvas drawing library (SPEC.md §7) draws only the
              // shareable score card (docs/decisions/030): one chunk of its
              // own, fetched when someone shares a card, in no page's bytes
              // (`npm run measure:web` checks) and not precached.
              name: 'konva',
              test: /node_modules[\\/]konva[\\/]/,
              priority: 40,
            },
            {
              // What the boot step imports (boot.ts, Vite's preload helper,
              // ...), on its own: else it lands in the shell, which the entry
              // would then import statically. Its small graph has no
              // barrel files, so its static imports are the modules it uses.
              name: (id, ctx) =>
                id !== INDEX_HTML && id !== ENTRY_MODULE && staticImportsOf(INDEX_HTML, ctx).has(id)
                  ? 'boot'
                  : null,
              priority: 31,
            },
            {
              // Both entries' static imports (tree-shaken), but for the
              // boot step's own (which stay in index.html's entry chunk).
              name: 'shell',
              tags: ['$initial'],
              test: (id) => id !== INDEX_HTML && id !== ENTRY_MODULE,
              priority: 30,
            },
            {
              name: 'ui-base',
              test: /node_modules[\\/](?:@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Alert|CloseButton|Paper)[\\/]|@tabler[\\/]icons-react[\\/].*IconAlertCircle)/,
              priority: 25,
            },
            {
              // Text fields: the sign-in page's, not the home's (whose only
              // one, for new users, loads with its part).
              name: 'ui-input',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Input|InputBase|TextInput)[\\/]/,
              priority: 25,
            },
            {
              // The Mantine components the first screens draw (the signed-in
              // header, home's cards and buttons, lists) with
              // what they need: their own chunk, so that a first screen does
              // not download the overlays (menus, dialogs, pickers and
              // floating-ui), which stay in `ui` (docs/decisions/018). Of
              // Mantine's hooks only those these components and the header
              // use: the others (drag, pagination, focus trap, ...) would
              // add 4 KB to every first screen.
              name: 'ui-first',
              test: /node_modules[\\/]@mantine[\\/](?:hooks[\\/]esm[\\/](?:index|utils[\\/].*|use-(?:callback-ref|collapse|horizontal-collapse|id|isomorphic-effect|merged-ref|reduced-motion|uncontrolled|window-event|disclosure|media-query|document-title|hotkeys|debounced-value|document-visibility|interval|did-update)[\\/].*)\.mjs$|core[\\/]esm[\\/]components[\\/](?:ActionIcon|Anchor|AppShell|Badge|Box|Burger|Button|Card|Center|Container|Divider|Flex|Group|Indicator|Kbd|Loader|NavLink|Collapse|SimpleGrid|Skeleton|Stack|Text|ThemeIcon|Title|UnstyledButton|VisuallyHidden)[\\/])/,
              priority: 21,
            },
            {
              // Icons several pages share: small, and on their own so that
              // the first screens' few do not pull the overlays of `ui` in.
              name: 'icons',
              test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/,
              minShareCount: 2,
              priority: 22,
            },
            {
              // What an area page's first screen does not draw: the overlays
              // (menus, dialogs, popovers, pickers) with floating-ui and the
              // scroll lock, scroll areas and tables. Downloaded after the
              // page (the area navigation's "More" menu and the confirmation
              // dialog load after the window's load and an idle moment, or
              // on a tap), so the first screen neither waits for them nor
              // shares its bandwidth with them (docs/decisions/018, seventh
              // pass).
              name: 'ui-later',
              test: isUiLater,
              minShareCount: 2,
              priority: 19,
            },
            {
              name: 'ui',
              test: (id) => UI.test(id) && !isUiLater(id),
              minShareCount: 4,
              priority: 20,
            },
            {
              // The service worker's registration (vite-plugin-pwa's module
              // and the workbox-window it imports) and the update check's
              // code (root view, after the first screen): each one download
              // instead of two in a row (docs/decisions/018, sixth pass).
              name: (id) =>
                /virtual:pwa-register|node_modules[\\/]workbox-window[\\/]/.test(id)
                  ? 'pwa-register'
                  : /apps[\\/]web[\\/]src[\\/](?:app[\\/]use-live-update|lib[\\/]live-update)\./.test(
                        id,
                      )
                    ? 'live-update'
                    : null,
              priority: 23,
            },
            {
              // Restores saved answers at start (start.tsx): on its own, not
              // inside the shared code of signed-in pages that also uses it.
              name: 'query-persistence',
              test: /apps[\\/]web[\\/]src[\\/]app[\\/]query-persistence\./,
              priority: 16,
            },
            {
              // The schema library and the shared schemas every other
              // schema builds on: on their own, so that a page that only
              // shares a component with a form (in `app`) does not download
              // zod (about 25 KB gzip) with it.
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/]common\./,
              priority: 17,
            },
            {
              name: 'app-base',
              test: /apps[\\/]web[\\/]src[\\/](?:components[\\/](?:error-alert|page-title)|lib[\\/](?:describe-error|login-path|api-client))\./,
              priority: 15,
            },
            {
              // Forms (Mantine's form library and our helpers, which load a
              // form's schema when the form is first focused): not in `app`,
              // which every signed-in page loads, also those without a form.
              name: 'forms',
              test: /(?:node_modules[\\/](?:@mantine[\\/]form|klona|fast-deep-equal)[\\/]|apps[\\/]web[\\/]src[\\/](?:lib[\\/](?:use-schema-form|form-errors|schema-validation)|components[\\/](?:display-name-form|time-zone-select))\.)/,
              minShareCount: 2,
              priority: 9,
            },
            {
              // The phone field, which needs the shared schemas (and so zod)
              // at once: apart from `forms`, so that a form without a phone
              // (a match's details) downloads zod only once it is used.
              name: 'phone-field',
              test: /apps[\\/]web[\\/]src[\\/]components[\\/]phone-number-input\./,
              minShareCount: 2,
              priority: 9,
            },
            {
              // Also in `app`, though fewer than 4 chunks import them: the
              // main area's layout and the event title and RSVP buttons that
              // the home and the event pages draw; each was a request of
              // under 1 KB of its own on the first screen (docs/decisions/018,
              // sixth pass).
              name: 'app',
              test: /apps[\\/]web[\\/]src[\\/](?:app[\\/]layouts[\\/]main-layout|components[\\/](?:event-title|rsvp-buttons))\./,
              priority: 11,
            },
            {
              name: 'app',
              test: /apps[\\/]web[\\/]src[\\/](?:components|lib|app[\\/]layouts)[\\/](?!(?:use-schema-form|form-errors|schema-validation|confirm-modal|confirm-dialog|display-name-form|time-zone-select|phone-number-input|area-nav)\.)/,
              minShareCount: 4,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
