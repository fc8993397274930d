import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiOrigin, buildNativeWeb } from '../../../mobile/scripts/web-bundle.mjs';
import { packBundle, publishedBundleUrl } from '../config/bundles.ts';
import { loadConfig, REPO_ROOT } from '../lib/env.ts';

// `npm run bundle:publish [-- --id <id>]` (docs/decisions/027):
// builds the web app as the native shell runs it (calling the API at
// RALLY_API_ORIGIN), zips it as BUNDLES_DIR/bundle-{id}.zip (index.html at
// the root) with its SHA-256, which the server serves at /bundles/, and
// prints the config record's url to set on the global-admin page.

const USAGE = `Usage: npm run bundle:publish [-- --id <id>]

  --id <id>   the package id: 1 to 64 letters, digits, ".", "_" or "-" (default: UTC date and time,
              and the git commit, e.g. 20261125-143000-3b069bd)

RALLY_API_ORIGIN  the API the app calls and that serves /bundles/ (default http://localhost:3000)
BUNDLES_DIR       where packages are written (default DATA_DIR/bundles, ./data/bundles)`;

/** The default package id: UTC `YYYYMMDD-HHMMSS`, then the short git commit when there is one. */
function defaultBundleId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^[0-9a-f]{7}$/.test(commit) ? `${stamp}-${commit}` : stamp;
  } catch {
    return stamp;
  }
}

function main(): void {
  const { values } = parseArgs({
    options: { id: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const origin = apiOrigin();
  // Only the paths matter here: read them as in development, so a production
  // environment's other requirements (SMS, TOTP keys) are not asked for.
  const { bundlesDir } = loadConfig({ ...process.env, NODE_ENV: 'development' });
  const id = values.id?.trim() || defaultBundleId();
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bundle-'));
  try {
    console.log(`Building the app's web bundle to call the API at ${origin} (RALLY_API_ORIGIN)`);
    buildNativeWeb(buildDir, origin);
    const bundle = packBundle(buildDir, bundlesDir, id);
    const url = publishedBundleUrl(origin, bundle);
    console.log(`
Published ${bundle.fileName} (${(bundle.bytes / 1024).toFixed(0)} KB)
  file     ${bundle.file}
  SHA-256  ${bundle.sha256}
  served   ${url.split('#')[0]}

To roll it out, a global admin sets the app's update URL (Global admin > Live update) to:

  ${url}

Phones running the app download it and use it from their next start. To roll back, set the URL
back to the previous package, or turn over-the-air updates off (README, "Rolling back").`);
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
}

try {
  main();
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof TypeError && 'code' in error) console.error(USAGE);
  process.exitCode = 1;
}
