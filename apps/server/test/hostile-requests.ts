import type { LightMyRequestResponse } from 'fastify';
import type { RouteInput } from './route-inputs.ts';
import { multipartBody, TINY_PNG } from './uploads.ts';

/**
 * Hostile variants of a valid request (see route-inputs.ts): what a broken
 * or malicious client sends in path parameters, query strings and JSON
 * bodies. Each {@link Probe} says what it changed and, where the answer is
 * certain, what it must be.
 */
export interface Probe {
  label: string;
  url: string;
  body?: unknown;
  /** A body sent as is, with `content-type` from `headers`. */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  /** `field`: 400 `validation_failed` whose `errors` name this path; `status`: exactly this status. */
  expect?: { field?: string; status?: number };
}

/** Text no field may hold: NUL and other control characters, lone surrogates (JSON `"\u0000"`, `"\ud800"`). */
export const FORBIDDEN_TEXT = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udc00y',
  'bell\u0007',
  'esc\u001b[0m',
  'del\u007f',
  'next line\u0085',
];

const UUID_EXAMPLE = '0190f3c2-5c4a-7000-8000-00000000000a';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `value` is a lower-case UUID. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * `encodeURIComponent` that also encodes lone surrogates, as the three
 * bytes a careless UTF-8 encoder writes for them (CESU-8, invalid UTF-8):
 * the bytes a hostile client puts in a URL.
 */
export function encodeText(value: string): string {
  return value
    .split(/(\p{Surrogate})/u)
    .map((part) => {
      if (!/^\p{Surrogate}$/u.test(part)) return encodeURIComponent(part);
      const unit = part.charCodeAt(0);
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

/** The URL of `route` with `params` (already encoded) and `query` (encoded here; arrays repeat the key). */
export function buildUrl(
  route: string,
  params: Record<string, string>,
  query: Record<string, string | string[]> = {},
): string {
  const path = route.replace(/:([A-Za-z]+)/g, (_m, name: string) => params[name] ?? `:${name}`);
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${key}=${encodeText(v)}`),
  );
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** Dotted paths (`marks.0.note`) of every string, number and boolean in a JSON value. */
export function leafPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, `${prefix}${i}.`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, `${prefix}${k}.`));
  }
  return value === null ? [] : [prefix.slice(0, -1)];
}

/** The value at dotted `path` of `value`. */
export function getAt(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], value);
}

/** A deep copy of `value` with `replacement` at dotted `path`. */
export function setAt<T>(value: T, path: string, replacement: unknown): T {
  const copy = structuredClone(value);
  const keys = path.split('.');
  const last = keys.pop() as string;
  const parent = keys.reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], copy);
  (parent as Record<string, unknown>)[last] = replacement;
  return copy;
}

/**
 * Every hostile variant of `input` to `route` whose path parameters are
 * `params` (valid, unencoded): each parameter broken (NUL, bad
 * percent-encoding, over maxParamLength, upper-case UUID), each query value
 * and each body field given forbidden text, wrong types, an overlong string
 * or an upper-case UUID, and whole bodies of the wrong shape.
 */
export function probesOf(
  route: string,
  params: Record<string, string>,
  input: RouteInput,
): Probe[] {
  const probes: Probe[] = [];
  const url = (p = params, q: Record<string, string | string[]> | undefined = input.query) =>
    buildUrl(route, p, q);
  for (const [name, value] of Object.entries(params)) {
    const withParam = (v: string) => url({ ...params, [name]: v });
    probes.push(
      { label: `:${name} NUL`, url: withParam('%00'), expect: { field: name } },
      { label: `:${name} valid then NUL`, url: withParam(`${value}%00`), expect: { field: name } },
      { label: `:${name} %ff`, url: withParam('%ff'), expect: { status: 400 } },
      { label: `:${name} lone %`, url: withParam('%'), expect: { status: 400 } },
      { label: `:${name} encoded surrogate`, url: withParam('%ED%A0%80'), expect: { status: 400 } },
      {
        label: `:${name} over 100 chars`,
        url: withParam('x'.repeat(101)),
        expect: { status: 414 },
      },
      { label: `:${name} 100 chars`, url: withParam('x'.repeat(100)) },
    );
    if (isUuid(value))
      probes.push({ label: `:${name} upper case`, url: withParam(value.toUpperCase()) });
  }
  for (const [key, value] of Object.entries(input.query ?? {})) {
    const withQuery = (v: string | string[]) => url(params, { ...input.query, [key]: v });
    for (const text of FORBIDDEN_TEXT.filter((t) => !/\p{Surrogate}/u.test(t))) {
      probes.push({
        label: `?${key}=${JSON.stringify(text)}`,
        url: withQuery(text),
        expect: { field: key },
      });
    }
    probes.push(
      { label: `?${key} encoded surrogate`, url: withQuery('x\ud800') },
      { label: `?${key} %ff`, url: `${withQuery('')}%ff` },
      { label: `?${key} twice`, url: withQuery([value, value]) },
      { label: `?${key} 5000 chars`, url: withQuery('x'.repeat(5000)) },
    );
    if (isUuid(value))
      probes.push({ label: `?${key} upper case`, url: withQuery(value.toUpperCase()) });
    if (key === 'cursor') {
      // NUL hidden inside the cursor's own encoding, past the query string's checks.
      for (const inner of [
        JSON.stringify([null, 'a\u0000b', UUID_EXAMPLE]),
        `0.${UUID_EXAMPLE}\u0000`,
      ]) {
        const cursor = Buffer.from(inner).toString('base64url');
        probes.push({
          label: `?cursor hiding NUL in ${JSON.stringify(inner)}`,
          url: withQuery(cursor),
        });
      }
    }
  }
  // Broken URLs carry the valid body, so what gets past the URL reaches the service.
  for (const probe of probes) probe.body = input.body;
  if (input.body) probes.push(...bodyProbes(url(), input.body));
  if (input.upload) probes.push(...uploadProbes(url()));
  return probes;
}

/**
 * Multipart uploads of one PNG whose file name, or a text field sent with
 * it, holds forbidden text. Multipart headers are UTF-8 bytes, so a lone
 * surrogate arrives as U+FFFD (a harmless character); control characters
 * arrive as sent and must be refused.
 */
function uploadProbes(url: string): Probe[] {
  const upload = (label: string, file: Parameters<typeof multipartBody>[0], field?: string) => {
    const { payload, headers } = multipartBody(file);
    return { label, url, raw: payload, headers, expect: field ? { field } : undefined };
  };
  return FORBIDDEN_TEXT.flatMap((text) => [
    upload(
      `file name ${JSON.stringify(text)}`,
      { fileName: `${text}.png`, bytes: TINY_PNG },
      /\p{Surrogate}/u.test(text) ? undefined : 'file',
    ),
    upload(`text field ${JSON.stringify(text)}`, {
      fileName: 'photo.png',
      bytes: TINY_PNG,
      fields: { caption: text, [`name${text}`]: 'x' },
    }),
  ]);
}

function bodyProbes(url: string, body: Record<string, unknown>): Probe[] {
  const probes: Probe[] = [];
  const json = { 'content-type': 'application/json' };
  for (const path of leafPaths(body)) {
    const value = getAt(body, path);
    const withLeaf = (label: string, v: unknown, expect?: Probe['expect']): Probe => ({
      label: `${path} ${label}`,
      url,
      body: setAt(body, path, v),
      expect,
    });
    if (typeof value === 'string') {
      for (const text of FORBIDDEN_TEXT) {
        probes.push(withLeaf(JSON.stringify(text), text, { field: path }));
      }
      probes.push(withLeaf('100000 chars', 'x'.repeat(100_000)));
      if (isUuid(value)) probes.push(withLeaf('upper case', value.toUpperCase()));
    }
    for (const wrong of [42, -1.5, true, null, ['x'], { x: 'y' }, '']) {
      if (typeof wrong !== typeof value) probes.push(withLeaf(JSON.stringify(wrong), wrong));
    }
  }
  probes.push(
    { label: 'body []', url, body: [] },
    { label: 'body "\\u0000"', url, raw: '"\\u0000"', headers: json },
    { label: 'body null', url, raw: 'null', headers: json },
    { label: 'body malformed JSON', url, raw: '{"a": ', headers: json },
    { label: 'body __proto__', url, raw: '{"__proto__": {"x": 1}}', headers: json },
    { label: 'body as text/plain', url, raw: 'hello', headers: { 'content-type': 'text/plain' } },
  );
  return probes;
}

/**
 * What is wrong with an answer to a hostile request, or null: a 5xx, a 4xx
 * that is not RFC 9457 problem+json with a `code`, or not the answer `expect` names.
 */
export function answerFault(res: LightMyRequestResponse, expect: Probe['expect']): string | null {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400) {
    if (!String(res.headers['content-type']).startsWith('application/problem+json')) {
      return `${res.statusCode} as ${res.headers['content-type']}: ${res.body.slice(0, 200)}`;
    }
    const problem = res.json() as { code?: unknown; status?: unknown };
    if (typeof problem.code !== 'string' || problem.status !== res.statusCode) {
      return `${res.statusCode} problem without code/status: ${res.body.slice(0, 200)}`;
    }
  }
  if (expect?.status !== undefined && res.statusCode !== expect.status) {
    return `${res.statusCode}, expected ${expect.status}: ${res.body.slice(0, 200)}`;
  }
  if (expect?.field !== undefined) {
    const problem = res.json() as { code?: string; errors?: { path: string }[] };
    const paths = problem.errors?.map((e) => e.path) ?? [];
    if (
      res.statusCode !== 400 ||
      problem.code !== 'validation_failed' ||
      !paths.includes(expect.field)
    ) {
      return `${res.statusCode}, expected 400 naming ${expect.field}: ${res.body.slice(0, 200)}`;
    }
  }
  return null;
}
