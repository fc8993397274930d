import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Content-Security-Policy of the web app's pages (CSP Level 3; directive
 * by directive in docs/decisions/010):
 * - `default-src 'self'`: anything not named below (workers, manifest,
 *   media, frames) only from Rally itself;
 * - `script-src 'self'`: the built bundles only; no inline script, no eval
 *   (the web app runs zod without its `new Function` fast path);
 * - `style-src 'self' 'unsafe-inline'`: Mantine writes its CSS variables
 *   and FullCalendar its styles in `<style>` elements and `style` attributes;
 * - `img-src 'self' data: blob:`: files come from `/api/files` (the S3
 *   store is read by the server, never linked), QR codes are `data:` URLs,
 *   attachment previews `blob:` URLs;
 * - `font-src 'self' data:`: FullCalendar's icon font (its arrows) is a
 *   `data:` URL in its styles;
 * - `connect-src 'self'`: the API and the realtime WebSocket (CSP Level 3,
 *   "Does url match expression in origin with redirect count?": `'self'`
 *   matches `ws:`/`wss:` on the page's own host and port);
 * - `object-src 'none'`, `base-uri 'none'`, `frame-ancestors 'none'`
 *   (no plug-ins, no `<base>` hijack, no framing), `form-action 'self'`.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Content-Security-Policy of API answers: JSON is never a page, so nothing may load or frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Content-Security-Policy of the API reference page (`GET /api/docs`), the
 * one HTML page under `/api`: Swagger UI's scripts and styles from Rally
 * itself (no CDN, no inline script, no eval), `data:` images (its icons),
 * and `connect-src 'self'` for the OpenAPI document and "Try it out". Set
 * by that route, so {@link API_CSP} does not replace it.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** `/api`, `/api/...` and `/api?...`: the JSON API. */
const API_PATH = /^\/api(?:[/?]|$)/;

/**
 * A built script, style sheet, image or font of the web app (`/assets/...`,
 * `/icons/...`): a subresource that is never rendered as a page, so the
 * page-only headers (CSP, `X-Frame-Options`, `Referrer-Policy`) do nothing
 * on it — the policy of the page that loads it applies (CSP Level 3 §4.2:
 * a policy is enforced for the document or worker it is delivered with).
 * Left out: HTML and SVG (a page if opened directly) and the service
 * worker (`/sw.js`: a worker's own policy comes with its script).
 */
const STATIC_SUBRESOURCE =
  /^\/(?:assets|icons)\/[^?#]*\.(?:js|mjs|css|png|jpe?g|webp|avif|ico|woff2?)(?:[?#]|$)/;

/** Strict-Transport-Security in production (RFC 6797 §6.1): HTTPS only for a year, subdomains too. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Sets the security headers of every answer (docs/decisions/010), in one
 * `onSend` hook:
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: same-origin`
 *   (`no-referrer` on the `/auth/` pages, whose addresses carry tokens),
 *   `X-Frame-Options: DENY` (framing, for browsers without
 *   `frame-ancestors`; OWASP HTTP Headers Cheat Sheet);
 * - `Content-Security-Policy`: {@link API_CSP} under `/api`, {@link APP_CSP}
 *   elsewhere (the SPA's index.html, its fallback and its assets); a route
 *   that set its own (a stored file's sandbox) keeps it;
 * - `Strict-Transport-Security` ({@link HSTS}) only when `isProduction`:
 *   a development server on plain http://localhost must not pin HTTPS
 *   (browsers ignore it over http anyway, RFC 6797 §8.1).
 *
 * The built scripts, styles, images and fonts ({@link STATIC_SUBRESOURCE})
 * get only `nosniff` (and HSTS): the page-only headers are ~330 bytes of
 * uncompressed HTTP/1.1 headers on each of the ~35 files of a first screen
 * on a phone network, for no effect (docs/decisions/018).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { isProduction }: { isProduction: boolean },
): void {
  app.addHook('onSend', async (request, reply) => {
    setSecurityHeaders(request, reply, isProduction);
  });
}

/**
 * Sets the headers of {@link registerSecurityHeaders} on one answer: for
 * answers that bypass the onSend hooks (the router's own errors, sent
 * through Fastify's `frameworkErrors`).
 */
export function setSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  isProduction: boolean,
): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  if (isProduction) reply.header('Strict-Transport-Security', HSTS);
  if (STATIC_SUBRESOURCE.test(request.url)) return;
  // Sign-in pages carry tokens in their address (DESIGN.md §3): no Referer at all.
  reply.header('Referrer-Policy', request.url.startsWith('/auth/') ? 'no-referrer' : 'same-origin');
  reply.header('X-Frame-Options', 'DENY');
  if (!reply.hasHeader('Content-Security-Policy')) {
    reply.header('Content-Security-Policy', API_PATH.test(request.url) ? API_CSP : APP_CSP);
  }
}
