// Builds the web app as the native shell runs it (docs/decisions/026): the
// same Vite build as the browser's, with the API's absolute origin baked in
// (the web view's own origin is https://localhost or capacitor://localhost),
// without the files only a web server uses (precompressed copies, source maps).
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The repository's root. */
export const ROOT_DIR = path.join(import.meta.dirname, '../../..');
/** The API origin used when `RALLY_API_ORIGIN` is unset: the server `npm start` runs. */
export const DEFAULT_API_ORIGIN = 'http://localhost:3000';

/**
 * The API origin the bundle calls: `RALLY_API_ORIGIN` (e.g.
 * `https://rally.example`), else {@link DEFAULT_API_ORIGIN}. Throws an
 * `Error` naming the variable when it is not an http(s) origin (a path,
 * query or credentials are refused: only scheme, host and port).
 */
export function apiOrigin(value = process.env.RALLY_API_ORIGIN) {
  const text = value?.trim() || DEFAULT_API_ORIGIN;
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(
      `RALLY_API_ORIGIN must be an origin such as https://rally.example, not "${text}"`,
    );
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== text.replace(/\/$/, '')) {
    throw new Error(
      `RALLY_API_ORIGIN must be an http(s) origin such as https://rally.example, not "${text}"`,
    );
  }
  return url.origin;
}

/** Files of a web build the shell never serves: brotli and gzip copies, source maps. */
const SERVER_ONLY = /\.(?:br|gz|map)$/;

/** Deletes {@link SERVER_ONLY} files under `dir`, recursively. */
function dropServerOnlyFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) dropServerOnlyFiles(file);
    else if (SERVER_ONLY.test(entry.name)) rmSync(file);
  }
}

/**
 * Builds the web app into `outDir` (an absolute path, emptied first) for the
 * native shell, calling the API at `origin` ({@link apiOrigin}); index.html
 * is at its root. Runs apps/web's `npm run build` (Vite) with
 * `VITE_API_ORIGIN`; throws when the build fails (its output is shown).
 */
export function buildNativeWeb(outDir, origin) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(
    npm,
    ['run', 'build', '-w', '@rally/web', '--', '--outDir', outDir, '--emptyOutDir'],
    { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, VITE_API_ORIGIN: origin } },
  );
  if (build.status !== 0)
    throw new Error(`the web build failed (exit ${build.status ?? build.signal})`);
  dropServerOnlyFiles(outDir);
}
