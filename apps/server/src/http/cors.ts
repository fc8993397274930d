import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { NATIVE_APP_ORIGINS } from '@rally/shared/constants';

/** How long a browser may reuse a preflight's answer, in seconds (Chromium caps it at 7,200). */
export const CORS_PREFLIGHT_MAX_AGE_S = 600;

/**
 * Cross-origin access for the native app (DESIGN.md §8, docs/decisions/026):
 * its web view's origin is `https://localhost` (Android) or
 * `capacitor://localhost` (iOS), and it calls the API with a Bearer token.
 * CORS allows exactly {@link NATIVE_APP_ORIGINS}; any other origin gets no
 * `Access-Control-Allow-Origin` (so its script cannot read an answer) and a
 * preflight without one. Credentials (cookies) are never allowed across
 * origins: the app sends `Authorization`, so a page of another origin can
 * neither read nor write as a cookie-signed-in user. `Retry-After` is
 * exposed so the app can wait as the browser app does after a 429 or 503.
 * Preflights are answered for the API's methods and the headers the app
 * sends, and cached {@link CORS_PREFLIGHT_MAX_AGE_S} s.
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: [...NATIVE_APP_ORIGINS],
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
    exposedHeaders: ['Retry-After'],
    maxAge: CORS_PREFLIGHT_MAX_AGE_S,
    strictPreflight: true,
  });
}
