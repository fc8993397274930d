import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Smallest JSON answer, in bytes before compression, that is sent
 * compressed (docs/decisions/018). Below it the bytes saved on the wire
 * (a few hundred, less than one packet on a phone network) are not worth
 * the CPU: a month of a profile's calendar (about 8 events, ~4–6 KB) stays
 * under it, so the hot calendar path costs what it did; rosters, inboxes,
 * member lists and the OpenAPI document are compressed.
 */
export const JSON_COMPRESSION_THRESHOLD = 8 * 1024;

/** JSON media types: `application/json`, `application/problem+json` and other `+json`. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:\s*;|$)/i;

/** `/api`, `/api/...` and `/api?...`: the JSON API. */
const API_PATH = /^\/api(?:[/?]|$)/;

/**
 * Compresses JSON answers of the API above {@link JSON_COMPRESSION_THRESHOLD}
 * (@fastify/compress): brotli at quality 4 when the client takes it
 * (Cloudflare's "this is brotli from origin": as fast as gzip's default and
 * smaller), else gzip, with `Vary: Accept-Encoding`. Left alone:
 * - routes outside `/api` (the built web app: its files are compressed at
 *   build and sent by `@fastify/static`'s `preCompressed`, the SPA fallback
 *   included — apps/server/src/app.ts);
 * - the realtime WebSocket route (no HTTP body to compress);
 * - anything not JSON: uploaded files (already compressed images and PDFs,
 *   and byte ranges), CSV exports, calendar feeds, the API reference's
 *   scripts.
 * Request bodies are not decompressed (as before: a compressed body would
 * slip past the body limit's intent). Must be registered before the routes
 * it applies to.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before @fastify/compress's own onRoute hook (hooks run in order).
  app.addHook('onRoute', (route) => {
    if (!API_PATH.test(route.url) || route.websocket) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: JSON_COMPRESSION_THRESHOLD,
    customTypes: JSON_TYPE,
  });
}
