import type { CapacitorConfig } from '@capacitor/cli';

/**
 * Rally's native shell (Capacitor 8, DESIGN.md §8, docs/decisions/026).
 *
 * - `webDir`: the web app built for the shell by `npm run mobile:sync`
 *   (scripts/sync.mjs), with the API's absolute origin baked in, since the
 *   web view's own origin is `https://localhost` (Android) or
 *   `capacitor://localhost` (iOS), which the server's CORS allows exactly.
 * - `LiveUpdate.readyTimeout`: a downloaded bundle that has not called
 *   `ready()` within 10 s of starting is rolled back to the built-in one
 *   (the plugin's default, 0, never rolls back); the web app calls `ready()`
 *   once it has rendered (apps/web/src/lib/live-update.ts).
 * - `autoBlockRolledBackBundles`: a bundle rolled back that way is blocked;
 *   the app reads `getBlockedBundles()` and never sets it next again
 *   (docs/decisions/027), so a broken bundle cannot loop.
 * - `autoDeleteBundles`: bundles no longer current or next are deleted after
 *   `ready()`, so the device keeps at most two.
 * - `FirebaseMessaging.presentationOptions`: a push that arrives while the
 *   app is open still shows as a banner with sound (docs/decisions/028).
 * - `experimental.ios.spm.packageOptions`: the messaging plugin's package is
 *   linked by symlink, as its README asks, to avoid a Swift Package
 *   Manager identity clash with Firebase's own package.
 */
const config: CapacitorConfig = {
  appId: 'club.rally.app',
  appName: 'Rally',
  webDir: 'www',
  android: { path: 'android' },
  ios: { path: 'ios' },
  plugins: {
    LiveUpdate: {
      readyTimeout: 10_000,
      autoBlockRolledBackBundles: true,
      autoDeleteBundles: true,
    },
    FirebaseMessaging: {
      presentationOptions: ['badge', 'sound', 'alert'],
    },
  },
  experimental: {
    ios: { spm: { packageOptions: { '@capacitor-firebase/messaging': { symlink: true } } } },
  },
};

export default config;
