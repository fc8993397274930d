import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { DOCS_CSP } from '../http/security-headers.ts';

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

describe('the OpenAPI document (GET /api/openapi.json)', () => {
  it('describes every /api route the server registers, and nothing else', async () => {
    for (const app of [t, production]) {
      const res = await app.request({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const documented = documentedRoutes(res.json());
      expect(app.apiRoutes.length).toBeGreaterThan(100);
      expect(app.apiRoutes.filter((r) => !documented.includes(r))).toEqual([]);
      expect(documented.filter((r) => !app.apiRoutes.includes(r))).toEqual([]);
    }
    expect(production.apiRoutes).not.toContain('GET /api/dev/sms-outbox');
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
    expect(doc.paths['/api/admin/orgs'].get['x-rally-access']).toBe('globalAdmin');
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
