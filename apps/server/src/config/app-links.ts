import { APP_LINK_PATH_PREFIXES } from '@rally/shared/app-links';
import type { FastifyInstance } from 'fastify';
import type { AppLinkSettings } from '../lib/env.ts';

// The association files that verify Rally's https links for the native app
// (DESIGN.md §8, docs/decisions/028): Android App Links read
// /.well-known/assetlinks.json (Digital Asset Links), iOS universal links
// read /.well-known/apple-app-site-association. Both must be served over
// https, without redirects, as application/json.

/**
 * The Digital Asset Links statement list of /.well-known/assetlinks.json:
 * every https link of Rally's host may open the Android app signed with one
 * of the certificates (`delegate_permission/common.handle_all_urls`); which
 * paths it opens is the manifest's intent filter (apps/mobile).
 */
export function assetLinks(settings: AppLinkSettings): unknown[] {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: settings.androidPackage,
        sha256_cert_fingerprints: [...settings.androidCertFingerprints],
      },
    },
  ];
}

/**
 * The apple-app-site-association file (iOS 13+ `components`): the paths of
 * {@link APP_LINK_PATH_PREFIXES} open the iOS apps; nothing else does.
 */
export function appleAppSiteAssociation(settings: AppLinkSettings): unknown {
  const components = APP_LINK_PATH_PREFIXES.flatMap((prefix) =>
    prefix.endsWith('/') ? [{ '/': `${prefix}*` }] : [{ '/': prefix }, { '/': `${prefix}/*` }],
  );
  return { applinks: { details: [{ appIDs: [...settings.iosAppIds], components }] } };
}

/**
 * Whether `url` is under `/.well-known/` (RFC 8615): a file there that
 * Rally does not serve is a 404, never the web app's index.html, which a
 * platform verifying links would take for a malformed file.
 */
export function isWellKnownRequest(url: string): boolean {
  return url.startsWith('/.well-known/');
}

/**
 * `GET /.well-known/assetlinks.json` and
 * `GET /.well-known/apple-app-site-association`: the association files of
 * `settings`, as JSON, cacheable for an hour (the platforms fetch them at
 * install and now and then after).
 */
export function registerAppLinkRoutes(app: FastifyInstance, settings: AppLinkSettings): void {
  const serve = (path: string, body: unknown) =>
    app.get(path, async (_request, reply) =>
      reply
        .type('application/json')
        .header('Cache-Control', 'public, max-age=3600')
        .send(JSON.stringify(body)),
    );
  serve('/.well-known/assetlinks.json', assetLinks(settings));
  serve('/.well-known/apple-app-site-association', appleAppSiteAssociation(settings));
}
