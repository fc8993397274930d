import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { SESSION_COOKIE } from '@rally/shared/constants';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fresh from 'fresh';
import type { Logger } from 'pino';
import { registerAccountRoutes } from './account/account.routes.ts';
import { registerInviteRoutes } from './account/invites.routes.ts';
import { registerAdminRoutes } from './admin/admin.routes.ts';
import { registerApiDocsRoutes } from './api-docs/api-docs.routes.ts';
import { managesProfileOnRoster } from './attendance/attendance.queries.ts';
import { registerAttendanceRoutes } from './attendance/attendance.routes.ts';
import { registerMatchRoutes } from './matches/matches.routes.ts';
import { registerRsvpRoutes } from './attendance/rsvp.routes.ts';
import { registerAuthRoutes, registerDevOutboxRoute } from './auth/auth.routes.ts';
import { ConsoleSmsProvider, type SmsProvider } from './auth/sms.ts';
import { registerClientRoutes } from './clients/clients.routes.ts';
import { isWellKnownRequest, registerAppLinkRoutes } from './config/app-links.ts';
import { DEFAULT_APP_LINK_SETTINGS, type AppLinkSettings } from './lib/env.ts';
import { isBundleRequest, registerBundleRoutes } from './config/bundles.ts';
import { registerConfigRoutes } from './config/config.routes.ts';
import { registerConversationRoutes } from './conversations/conversations.routes.ts';
import type { Db } from './db/client.ts';
import { registerEventRoutes } from './events/events.routes.ts';
import { registerFeedRoutes } from './feeds/feeds.routes.ts';
import type { FileStore } from './files/file-store.ts';
import { registerFileRoutes } from './files/files.routes.ts';
import type { Clock } from './lib/clock.ts';
import { systemClock } from './lib/clock.ts';
import { errorSerializer } from './lib/log-errors.ts';
import { registerNotificationRoutes } from './notifications/notifications.routes.ts';
import { registerPushRoutes } from './push/push.routes.ts';
import { PushService, type PushOptions } from './push/push.service.ts';
import { registerMemberRoutes } from './orgs/members.routes.ts';
import { registerOrgRoutes } from './orgs/orgs.routes.ts';
import { registerProfileRoutes } from './profiles/profiles.routes.ts';
import { registerProgramRoutes } from './programs/programs.routes.ts';
import { registerProgramSettingsRoutes } from './programs/program-settings.routes.ts';
import { PgBus } from './realtime/pg-bus.ts';
import {
  createRealtimeHub,
  listenConnectionOf,
  registerRealtimeRoutes,
  type RealtimeParts,
} from './realtime/realtime.routes.ts';
import { registerSearchRoutes } from './search/search.routes.ts';
import { registerSubscriptionRoutes } from './subscriptions/subscriptions.routes.ts';
import { registerAuthHook } from './http/auth-hook.ts';
import { registerCompression } from './http/compression.ts';
import { registerCors } from './http/cors.ts';
import { registerCrossSiteGuard } from './http/cross-site.ts';
import { createSpaIndex, spaIndexEncoding } from './http/spa-index.ts';
import { AppError } from './lib/errors.ts';
import { registerProblemHandler } from './http/problem.ts';
import { OneLinePerRequest, redactUrl } from './http/request-log.ts';
import { registerSecurityHeaders, setSecurityHeaders } from './http/security-headers.ts';
import { fastifyTimeoutOptions, HTTP_TIMEOUTS, type HttpTimeouts } from './http/timeouts.ts';
import {
  createServices,
  DEFAULT_AUTH_SETTINGS,
  type AuthSettings,
  type Services,
} from './services.ts';

/** What {@link buildApp} needs. `webDistDir` absent = API only (tests). */
export interface AppOptions {
  db: Db;
  logger: Logger;
  sms?: SmsProvider;
  clock?: Clock;
  isProduction?: boolean;
  trustProxy?: boolean;
  /** Origins besides Rally's own that may send state-changing requests (`TRUSTED_ORIGINS`, docs/decisions/010). */
  trustedOrigins?: readonly string[];
  webDistDir?: string;
  /** Where published live-update packages live (`BUNDLES_DIR`), served at `/bundles/`; absent = none. */
  bundlesDir?: string;
  /** The apps Rally's https links open (`ANDROID_APP_ID`, `ANDROID_CERT_SHA256`, `IOS_APP_IDS`); absent = {@link DEFAULT_APP_LINK_SETTINGS}. */
  appLinks?: AppLinkSettings;
  /** Where uploaded files live (`createFileStore(config.files)`); absent = in memory (tests). */
  fileStore?: FileStore;
  /** How long the server waits for slow clients; absent = {@link HTTP_TIMEOUTS}. */
  httpTimeouts?: HttpTimeouts;
  /** Push transports, VAPID public key and push hosts (`createPushOptions`); absent = no pushes sent. */
  push?: Omit<PushOptions, 'logger'>;
  /** App redirect URIs and TOTP keys (`APP_REDIRECT_URIS`, `TOTP_ENCRYPTION_KEYS`); absent = {@link DEFAULT_AUTH_SETTINGS}. */
  authSettings?: AuthSettings;
}

/** A built app: the Fastify instance and the services behind it. */
export interface RallyApp {
  app: FastifyInstance;
  services: Services;
  sms: SmsProvider;
  /** `METHOD /path` of every `/api` route, as registered (the authorization matrix enumerates these). */
  apiRoutes: string[];
  /** The realtime bus (LISTEN/NOTIFY) and this instance's sockets (docs/decisions/007). */
  realtime: RealtimeParts;
}

/**
 * Builds the one Fastify server of DESIGN.md §1: JSON API under `/api`,
 * every route an operation of the API contract (`@rally/shared/api/contract`,
 * problem+json errors, pino request logs without secrets), its OpenAPI
 * document and reference page (api-docs/), the dev SMS outbox outside
 * production, and the built SPA with an index.html fallback
 * so deep links work. Unknown `/api` paths answer 404 problem+json.
 * Requests from pages of other origins are refused (http/cross-site.ts) and
 * every answer carries the security headers (http/security-headers.ts),
 * both per docs/decisions/010. JSON answers above 8 KB are compressed and
 * the SPA's files are sent precompressed (docs/decisions/018).
 */
export async function buildApp(options: AppOptions): Promise<RallyApp> {
  const clock = options.clock ?? systemClock;
  const sms = options.sms ?? new ConsoleSmsProvider();
  const app: FastifyInstance = Fastify({
    loggerInstance: options.logger.child(
      {},
      {
        serializers: {
          req: (req: { method: string; url: string; ip?: string }) => ({
            method: req.method,
            url: redactUrl(req.url),
            remoteAddress: req.ip,
          }),
          err: errorSerializer,
        },
      },
    ) as FastifyBaseLogger,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    ...fastifyTimeoutOptions(options.httpTimeouts ?? HTTP_TIMEOUTS),
    logController: new OneLinePerRequest(),
    // The router's own errors (a broken percent-encoding, a path parameter
    // over maxParamLength) bypass setErrorHandler and the onSend hooks unless
    // sent here, and would answer plain JSON without a `code` (RFC 9457).
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request, reply, options.isProduction ?? false);
      app.errorHandler(error, request, reply);
    },
  });
  const bus = new PgBus(options.db, options.logger);
  const services = createServices(
    options.db,
    sms,
    clock,
    options.fileStore,
    bus,
    options.authSettings ?? DEFAULT_AUTH_SETTINGS,
    new PushService(options.db, clock, { ...options.push, logger: options.logger }),
  );
  // Sessions are served from memory only while the bus hears every change (docs/decisions/032).
  services.auth.sessions.follow(bus);
  const realtime: RealtimeParts = {
    bus,
    hub: createRealtimeHub(options.db, { ...services, managesProfileOnRoster }, options.logger),
    listenConnection: listenConnectionOf(options.db),
  };
  const apiRoutes: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (route.url.startsWith('/api/') && method !== 'HEAD')
        apiRoutes.push(`${method} ${route.url}`);
    }
  });

  // Queued pushes go out (or are dropped after a grace period) before the pool closes.
  app.addHook('onClose', async () => {
    await services.push.close();
  });
  await app.register(cookie);
  await registerCompression(app);
  registerProblemHandler(app);
  await registerCors(app);
  registerCrossSiteGuard(app, options.trustedOrigins);
  registerAuthHook(app, services.auth);
  registerSecurityHeaders(app, { isProduction: options.isProduction ?? false });

  registerAuthRoutes(app, services, {
    secureCookies: options.isProduction ?? false,
  });
  const hasDevOutbox = !options.isProduction && sms instanceof ConsoleSmsProvider;
  if (hasDevOutbox) registerDevOutboxRoute(app, sms);
  registerAccountRoutes(app, services);
  registerInviteRoutes(app, services);
  registerOrgRoutes(app, services);
  registerMemberRoutes(app, services);
  registerProgramRoutes(app, services);
  registerProgramSettingsRoutes(app, services);
  registerSubscriptionRoutes(app, services);
  registerSearchRoutes(app, services);
  registerProfileRoutes(app, services);
  registerEventRoutes(app, services);
  registerRsvpRoutes(app, services);
  registerAttendanceRoutes(app, services);
  registerMatchRoutes(app, services);
  registerFeedRoutes(app, services);
  registerFileRoutes(app, services);
  registerConfigRoutes(app, services);
  registerClientRoutes(app, services);
  registerAdminRoutes(app, services);
  registerConversationRoutes(app, services);
  registerNotificationRoutes(app, services);
  registerPushRoutes(app, services);
  await registerRealtimeRoutes(app, realtime);
  registerApiDocsRoutes(app, { includeDevOnly: hasDevOutbox, includeGlobalAdmin: false });

  registerAppLinkRoutes(app, options.appLinks ?? DEFAULT_APP_LINK_SETTINGS);
  await registerBundleRoutes(app, options.bundlesDir);
  await registerSpa(app, options.webDistDir, options.isProduction ?? false);
  return { app, services, sms, apiRoutes, realtime };
}

/** Whether `url` (its path, percent-decoded) names a source map of the built web app (`*.map`). */
function isSourceMap(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(pathname).endsWith('.map');
  } catch {
    return pathname.endsWith('.map');
  }
}

/**
 * `Cache-Control` of a file of the built web app, by its path relative to
 * the build's root (`assets/index-abc123.js`, `sw.js`, `index.html.br`):
 * files under `assets/` have a content hash in their name, so they never
 * change (a year, `immutable`); every other file (index.html, a service
 * worker, a web app manifest, icons) keeps its name across versions, so the
 * browser asks again each time (`no-cache`: revalidated, never stale; a
 * service worker's script must not be cached, or updates would not be seen).
 */
export function cacheControlOf(relativePath: string): string {
  const parts = relativePath.split(path.sep);
  return parts.length > 1 && parts[0] === 'assets'
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * Serves the built SPA from `webDistDir` with an index.html fallback for
 * deep links. In production its source maps are never served (404
 * problem+json): they stay in the build for `npm run measure:web` and for
 * reading production stack traces, not for the public (docs/decisions/010).
 */
async function registerSpa(
  app: FastifyInstance,
  webDistDir: string | undefined,
  isProduction: boolean,
): Promise<void> {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && fs.existsSync(indexFile);
  const isHidden = (url: string) => isProduction && isSourceMap(url);
  const spaIndex = hasSpa && webDistDir ? createSpaIndex(webDistDir) : undefined;
  if (hasSpa && webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => !isHidden(pathName),
      // The build writes a brotli and a gzip copy beside every text asset
      // (apps/web/vite.config.ts): sent by Accept-Encoding with
      // Content-Encoding and `Vary: Accept-Encoding`, the plain file
      // otherwise (docs/decisions/018).
      preCompressed: true,
      // The ETag is the validator (a no-cache file is revalidated with it;
      // a hashed asset never is): no Last-Modified beside it.
      lastModified: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlOf(path.relative(webDistDir, filePath)));
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      throw new AppError(
        'not_found',
        `No API route ${request.method} ${request.url.split('?')[0]}.`,
      );
    }
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      isHidden(request.url) ||
      isBundleRequest(request.url) ||
      isWellKnownRequest(request.url)
    ) {
      throw new AppError('not_found', 'Not found.');
    }
    if (!hasSpa) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    if (!spaIndex) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    // index.html naming the route's chunks (docs/decisions/018), by Accept-Encoding.
    const variant = spaIndex.variantFor(
      request.url.split(/[?#]/)[0] ?? '/',
      Boolean(request.cookies[SESSION_COOKIE]),
    );
    const encoding = spaIndexEncoding(request.headers['accept-encoding']);
    const etag = `"${variant.etag.slice(1, -1)}-${encoding}"`;
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Cookie')
      .header('ETag', etag)
      .type('text/html; charset=utf-8');
    // RFC 9110 §13.1.2: weak comparison, a list of tags or `*` (fresh, as Express does).
    if (fresh(request.headers, { etag })) return reply.status(304).send();
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(variant[encoding]);
  });
}
