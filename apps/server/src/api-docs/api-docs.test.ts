import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { operations } from '@rally/shared/api/contract';
import { routeKey } from '@rally/shared/api/operation';
import { DOCS_CSP } from '../http/security-headers.ts';
import { openApiDocument } from './openapi-document.ts';

/** `METHOD /path` (Fastify `:param` syntax) of every operation of an OpenAPI document. */
function documentedRoutes(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.keys(item).map((method) => {
      const path = template.replace(/\{([A-Za-z]+)\}/g, ':$1');
      return `${method.toUpperCase()} ${path}`;
    }),
  );
}

let t: TestApp;
let production: TestApp;

beforeAll(async () => {
  [t, production] = await Promise.all([createTestApp(), createTestApp({ isProduction: true })]);
});
afterAll(async () => {
  await Promise.all([t.close(), production.close()]);
});

/** The global admins' routes (`METHOD /path`), which the served document leaves out. */
const globalAdminRoutes = operations.filter((op) => op.access === 'globalAdmin').map(routeKey);

describe('the OpenAPI document (GET /api/openapi.json)', () => {
  it('describes every /api route the server registers but the global admins’, and nothing else', async () => {
    for (const app of [t, production]) {
      const res = await app.request({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const documented = documentedRoutes(res.json());
      const open = app.apiRoutes.filter((r) => !globalAdminRoutes.includes(r));
      expect(open.length).toBeGreaterThan(100);
      expect(open.filter((r) => !documented.includes(r))).toEqual([]);
      expect(documented.filter((r) => !open.includes(r))).toEqual([]);
    }
    expect(production.apiRoutes).not.toContain('GET /api/dev/sms-outbox');
  });

  it('keeps the global admins’ area out of the served document, and describes it in the full one', async () => {
    expect(globalAdminRoutes.length).toBeGreaterThan(3);
    expect(globalAdminRoutes.every((r) => t.apiRoutes.includes(r))).toBe(true);
    const served = (await production.request({ method: 'GET', url: '/api/openapi.json' })).body;
    expect(served).not.toContain('/api/admin');
    expect(served).not.toContain('globalAdmin');
    expect(served).not.toMatch(/"Admin[A-Z]/);

    const full = openApiDocument({ includeDevOnly: true, includeGlobalAdmin: true });
    expect(documentedRoutes(full as never).sort()).toEqual([...t.apiRoutes].sort());
    expect(full.paths?.['/api/admin/orgs']?.get?.['x-rally-access']).toBe('globalAdmin');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    const validator = new Validator();
    const result = await validator.validate(res.json());
    expect(result.errors ?? []).toEqual([]);
    expect([validator.version, result.valid]).toEqual(['3.1', true]);
  });

  it('says who may call each operation, and names shared schemas', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const upload = doc.paths['/api/orgs/{orgId}/logo'].post;
    expect(upload['x-rally-access']).toBe('signedIn');
    expect(upload.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(doc.paths['/api/auth/phone/start'].post.security).toEqual([]);
    const events = doc.paths['/api/programs/{programId}/events'].get;
    expect(events.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`)).toEqual(
      ['path programId', 'query from', 'query to'],
    );
    expect(events.responses['200'].content['application/json'].schema.properties.events).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Event' },
    });
    expect(doc.paths['/api/feeds/{file}'].get.responses['200'].content).toHaveProperty(
      'text/calendar',
    );
  });

  it('may be cached by anyone, and answers 304 when the copy held is current', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = String(res.headers.etag);
    const again = await t.request({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': etag },
    });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    // RFC 9110 §13.1.2: a weak tag, a list of tags and `*` match too; another tag does not.
    for (const header of [`W/${etag}`, `"other", ${etag}`, '*']) {
      const held = await t.request({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'if-none-match': header },
      });
      expect([header, held.statusCode]).toEqual([header, 304]);
    }
    const stale = await t.request({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': '"other"' },
    });
    expect(stale.statusCode).toBe(200);
  });
});

describe('the API reference page (GET /api/docs)', () => {
  it('is Swagger UI served from Rally itself under its own CSP, with no inline script', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(DOCS_CSP);
    const scripts = [...res.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes)).toEqual([
      ' src="/api/docs/assets/swagger-ui-bundle.js"',
      ' src="/api/docs/assets/start.js"',
    ]);
    expect(scripts.every(([, , body]) => body === '')).toBe(true);
    expect(res.body).not.toMatch(/https?:\/\//);
  });

  it('serves its scripts and styles, and refuses any other file name', async () => {
    const bundle = await t.request({ method: 'GET', url: '/api/docs/assets/swagger-ui-bundle.js' });
    expect([bundle.statusCode, bundle.headers['content-type']]).toEqual([
      200,
      'text/javascript; charset=utf-8',
    ]);
    expect(bundle.body.length).toBeGreaterThan(100_000);
    const css = await t.request({ method: 'GET', url: '/api/docs/assets/swagger-ui.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const start = await t.request({ method: 'GET', url: '/api/docs/assets/start.js' });
    expect(start.body).toContain("url: '/api/openapi.json'");
    expect(start.body).toContain('validatorUrl: null');
    for (const file of ['index.html', '..%2Fpackage.json', 'swagger-ui-bundle.js.map']) {
      const res = await t.request({ method: 'GET', url: `/api/docs/assets/${file}` });
      expect([file, res.statusCode, res.json().errors[0].path]).toEqual([file, 400, 'file']);
    }
  });
});
