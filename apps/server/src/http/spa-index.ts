import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { appRoutes, matchAppRoute, type AppRouteDef } from '@rally/shared/routes';

/** Name of the file the web build writes beside index.html (apps/web/src/vite-route-chunks.ts). */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/** What `route-chunks.json` holds: the files each area layout and each route loads beyond the entry. */
export interface RouteChunks {
  areas: Record<string, string[]>;
  routes: Record<string, string[]>;
}

/** One form of index.html for a route: its bytes plain, brotli and gzip, and its strong ETag. */
export interface SpaIndexVariant {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** An encoding index.html is sent in (`identity`: none). */
export type SpaIndexEncoding = 'br' | 'gzip' | 'identity';

/** The login route of SPEC.md §2, where the app sends a signed-out visitor of a signed-in page. */
const LOGIN_ROUTE = appRoutes.find((route) => route.name === 'login') as AppRouteDef | undefined;

/**
 * The files the first screen at `pathname` will load beyond the entry (its
 * layout's and its page's chunks with their CSS and UI strings), from the
 * build's `route-chunks.json`. A visitor without a session cookie
 * (`signedIn` false) on a signed-in page gets the login page's, where the
 * app will send them. Empty for a path that is no route.
 */
export function routeFiles(chunks: RouteChunks, pathname: string, signedIn: boolean): string[] {
  let route = matchAppRoute(pathname)?.route;
  if (route?.requiresAuth && !signedIn) route = LOGIN_ROUTE;
  if (!route) return [];
  return [...new Set([...(chunks.areas[route.area] ?? []), ...(chunks.routes[route.name] ?? [])])];
}

/**
 * `<link>` tags that start the downloads of `files` at once
 * (`/assets/...` URLs): `modulepreload` for scripts (as Vite writes for
 * the entry's imports), `preload as="style"` for style sheets (fetched, not
 * applied: the app adds each when its chunk loads, so nothing blocks the
 * first paint); both `crossorigin`, the mode Vite's loader requests them
 * in, so the preloaded response is the one used. Only same-origin `/assets/` paths are written; anything
 * else in the list is skipped.
 */
export function preloadTags(files: readonly string[]): string {
  return files
    .filter((file) => /^\/assets\/[\w.~-]+\.(?:js|css)$/.test(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${file}">`
        : `<link rel="modulepreload" crossorigin href="${file}">`,
    )
    .join('');
}

/**
 * The SPA's index.html for deep links, with the route's downloads named in
 * its `<head>` (docs/decisions/018): the browser fetches the layout and
 * page chunks while the entry chunk downloads and runs, instead of after
 * it. Reads `index.html` and `route-chunks.json` from `webDistDir` once;
 * without `route-chunks.json` (an older build) every path gets index.html
 * as built. Each variant is built once (one per route and sign-in state),
 * compressed with brotli (quality 11) and gzip (level 9) like the build's
 * own files. Throws when index.html cannot be read.
 */
export function createSpaIndex(webDistDir: string) {
  const html = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const chunksFile = path.join(webDistDir, ROUTE_CHUNKS_FILE);
  const chunks: RouteChunks | undefined = fs.existsSync(chunksFile)
    ? (JSON.parse(fs.readFileSync(chunksFile, 'utf8')) as RouteChunks)
    : undefined;
  const variants = new Map<string, SpaIndexVariant>();

  const build = (tags: string): SpaIndexVariant => {
    const identity = Buffer.from(tags ? html.replace('</head>', `${tags}</head>`) : html);
    return {
      identity,
      br: zlib.brotliCompressSync(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      }),
      gzip: zlib.gzipSync(identity, { level: 9 }),
      etag: `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    };
  };

  return {
    /** index.html for a request of `pathname` by a visitor with (`signedIn`) or without a session cookie. */
    variantFor(pathname: string, signedIn: boolean): SpaIndexVariant {
      const files = chunks ? routeFiles(chunks, pathname, signedIn) : [];
      const key = files.join('\n');
      let variant = variants.get(key);
      if (!variant) {
        variant = build(preloadTags(files));
        variants.set(key, variant);
      }
      return variant;
    },
  };
}

/** The encoding to send index.html in for an `Accept-Encoding` header (RFC 9110 §12.5.3): brotli, else gzip, else none. */
export function spaIndexEncoding(acceptEncoding: string | undefined): SpaIndexEncoding {
  if (!acceptEncoding) return 'identity';
  return negotiate(acceptEncoding, ['br', 'gzip', 'identity']) ?? 'identity';
}
