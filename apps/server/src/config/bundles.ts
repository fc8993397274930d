import fastifyStatic from '@fastify/static';
import { isValidBundleId } from '@rally/shared/client-config';
import type { FastifyInstance } from 'fastify';
import { zipSync, type Zippable } from 'fflate';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../lib/errors.ts';

// Live-update packages (SPEC.md §3 config `client`, §9 `bundle-{id}.zip`;
// docs/decisions/027): `npm run bundle:publish` packs the
// web app built for the native shell into `BUNDLES_DIR/bundle-{id}.zip`,
// and the server serves that folder at `/bundles/`.

/** The URL path under which published packages are served. */
export const BUNDLES_PATH = '/bundles/';

/** A package file name: `bundle-{id}.zip` (SPEC.md §9), the only files `/bundles/` serves. */
const BUNDLE_FILE = /^bundle-(.+)\.zip$/;

/** What {@link packBundle} wrote. */
export interface PackedBundle {
  /** The package id, `{id}` of the file name. */
  id: string;
  /** The package's absolute path: `bundlesDir/bundle-{id}.zip`. */
  file: string;
  /** `bundle-{id}.zip`. */
  fileName: string;
  /** SHA-256 of the zip, lowercase hex (what the plugin's `downloadBundle` `checksum` checks). */
  sha256: string;
  /** Size of the zip in bytes. */
  bytes: number;
}

/** The files under `dir` as a {@link Zippable} tree keyed by relative path (`/` separators), sorted. */
function filesOf(dir: string): Zippable {
  const files: Zippable = {};
  const walk = (from: string, prefix: string) => {
    const entries = fs.readdirSync(from, { withFileTypes: true });
    // By code unit, not locale: the same order on every machine.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const file = path.join(from, entry.name);
      if (entry.isDirectory()) walk(file, `${prefix}${entry.name}/`);
      else if (entry.isFile()) files[`${prefix}${entry.name}`] = fs.readFileSync(file);
    }
  };
  walk(dir, '');
  return files;
}

/**
 * Zips the built web app in `webDir` as `bundlesDir/bundle-{id}.zip`, with
 * `index.html` at the zip's root (the plugin looks for it there first),
 * deflated, entries in a fixed order with a fixed date, so the same files
 * give the same bytes. Creates `bundlesDir` when missing.
 *
 * Errors (`Error`, message for a person): `id` fails `isValidBundleId`
 * (1–64 of `A-Za-z0-9._-`, not `public`); `webDir` has no index.html; a
 * package with that id is already published (a published id never changes
 * content: devices that downloaded it would keep the old one, and the
 * server caches it as immutable).
 */
export function packBundle(webDir: string, bundlesDir: string, id: string): PackedBundle {
  if (!isValidBundleId(id)) {
    throw new Error(
      `"${id}" cannot be a bundle id: use 1 to 64 letters, digits, ".", "_" or "-" (not "public").`,
    );
  }
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`${webDir} holds no index.html: build the web app first.`);
  }
  const fileName = `bundle-${id}.zip`;
  const file = path.join(bundlesDir, fileName);
  if (fs.existsSync(file)) {
    throw new Error(
      `${fileName} is already published in ${bundlesDir}; publish under a new id (a published package never changes).`,
    );
  }
  // 1980-01-01 is the earliest date a zip entry can hold: every build zips the same.
  const zip = zipSync(filesOf(webDir), { level: 9, mtime: new Date(1980, 0, 1) });
  fs.mkdirSync(bundlesDir, { recursive: true });
  // `wx`: never overwrite, even if another publish raced this one.
  fs.writeFileSync(file, zip, { flag: 'wx' });
  return {
    id,
    file,
    fileName,
    sha256: createHash('sha256').update(zip).digest('hex'),
    bytes: zip.byteLength,
  };
}

/**
 * The config record's `url` for a published package (SPEC.md §3): served by
 * the server at `origin` under {@link BUNDLES_PATH}, its SHA-256 in the
 * fragment (`#sha256=<hex>`, read by the app and never sent to the server;
 * docs/decisions/027).
 */
export function publishedBundleUrl(
  origin: string,
  bundle: Pick<PackedBundle, 'fileName' | 'sha256'>,
): string {
  return `${new URL(`${BUNDLES_PATH}${bundle.fileName}`, origin).href}#sha256=${bundle.sha256}`;
}

/**
 * Serves `bundlesDir` at {@link BUNDLES_PATH}: only files named
 * `bundle-{id}.zip` with a valid id, as `application/zip`, cached for a
 * year as immutable (a published id never changes content, see
 * {@link packBundle}); anything else under the path answers 404
 * problem+json (never the SPA's index.html). Nothing is served when
 * `bundlesDir` is undefined (tests that need none).
 */
export async function registerBundleRoutes(
  app: FastifyInstance,
  bundlesDir: string | undefined,
): Promise<void> {
  const notFound = () => new AppError('not_found', 'No such app package.');
  if (!bundlesDir) {
    app.get(`${BUNDLES_PATH}*`, async () => {
      throw notFound();
    });
    return;
  }
  fs.mkdirSync(bundlesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: bundlesDir,
    prefix: BUNDLES_PATH,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    lastModified: false,
    allowedPath: (pathName) => {
      const name = pathName.replace(/^\//, '');
      const id = BUNDLE_FILE.exec(name)?.[1];
      return id !== undefined && isValidBundleId(id);
    },
    setHeaders: (reply) => {
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header('Content-Type', 'application/zip');
    },
  });
}

/** Whether `url` (a request's) lies under {@link BUNDLES_PATH}: its misses answer 404, not the SPA. */
export function isBundleRequest(url: string): boolean {
  const pathname = url.split(/[?#]/)[0] ?? '';
  return pathname.startsWith(BUNDLES_PATH) || pathname === BUNDLES_PATH.slice(0, -1);
}
