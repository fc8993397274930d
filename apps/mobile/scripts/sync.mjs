// `npm run mobile:sync`: builds the web app for the native shell into
// apps/mobile/www (web-bundle.mjs) and runs `cap sync`, which copies it into
// the Android and iOS projects and updates their plugins. Works offline and
// without an Android SDK or Xcode (docs/decisions/026).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { apiOrigin, buildNativeWeb } from './web-bundle.mjs';

const MOBILE_DIR = path.join(import.meta.dirname, '..');

const origin = apiOrigin();
process.stdout.write(
  `Building the app's web bundle to call the API at ${origin} (RALLY_API_ORIGIN)\n`,
);
buildNativeWeb(path.join(MOBILE_DIR, 'www'), origin);

const cap = spawnSync(
  process.execPath,
  [path.join(MOBILE_DIR, '../../node_modules/@capacitor/cli/bin/capacitor'), 'sync'],
  {
    cwd: MOBILE_DIR,
    stdio: 'inherit',
  },
);
if (cap.status !== 0) process.exit(cap.status ?? 1);
