// `npm run mobile:sync`: builds the web app for the native shell into
// apps/mobile/www (web-bundle.mjs) and runs `cap sync`, which copies it into
// the Android and iOS projects and updates their plugins. Works offline and
// without an Android SDK or Xcode (docs/decisions/026).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiOrigin, buildNativeWeb } from './web-bundle.mjs';

const MOBILE_DIR = path.join(import.meta.dirname, '..');

const origin = apiOrigin();
process.stdout.write(
  `Building the app's web bundle to call the API at ${origin} (RALLY_API_ORIGIN)\n`,
);
buildNativeWeb(path.join(MOBILE_DIR, 'www'), origin);

// The host whose https links open the app (docs/decisions/028): Android's
// manifest placeholder and iOS's associated domains (with the push
// entitlement FCM needs on iOS: APNs, docs/decisions/028). Xcode sets
// aps-environment to production when it signs for distribution.
const host = new URL(origin).hostname;
writeFileSync(
  path.join(MOBILE_DIR, 'android/app/rally-links.properties'),
  `# Written by npm run mobile:sync (RALLY_API_ORIGIN)\nappLinkHost=${host}\n`,
);
writeFileSync(
  path.join(MOBILE_DIR, 'ios/App/App/App.entitlements'),
  `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!-- Written by npm run mobile:sync (RALLY_API_ORIGIN) -->
<plist version="1.0">
<dict>
\t<key>com.apple.developer.associated-domains</key>
\t<array>
\t\t<string>applinks:${host}</string>
\t</array>
\t<key>aps-environment</key>
\t<string>development</string>
</dict>
</plist>
`,
);

const cap = spawnSync(
  process.execPath,
  [path.join(MOBILE_DIR, '../../node_modules/@capacitor/cli/bin/capacitor'), 'sync'],
  {
    cwd: MOBILE_DIR,
    stdio: 'inherit',
  },
);
if (cap.status !== 0) process.exit(cap.status ?? 1);
