import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, operations } from '@rally/shared/api/contract';
import { routeKey } from '@rally/shared/api/operation';
import { createTestApp, type TestApp } from './harness.ts';
import {
  answerFault,
  buildUrl,
  encodeText,
  getAt,
  leafPaths,
  probesOf,
  setAt,
  type Probe,
} from './hostile-requests.ts';
import { createInputWorld, routeInput, type InputWorld } from './input-world.ts';
import { ROUTE_INPUTS, type RouteInput } from './route-inputs.ts';

/**
 * Hostile input on every `/api` route (DESIGN.md §6; RFC 9457): NUL and
 * other control characters, lone surrogates, upper-case UUIDs, overlong
 * and wrongly typed values, broken percent-encoding and overlong path
 * parameters never answer 5xx, every 4xx is `application/problem+json`
 * with a `code`, and forbidden text is refused as 400 `validation_failed`
 * naming the field. Requests are sent by someone who reaches the route (the
 * org's owner, the child's parent, a global admin), so valid parts of each
 * request reach the services and SQL.
 */
let t: TestApp;
let w: InputWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createInputWorld(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends `probe` with `method` as the route's actor. */
function send(method: Method, input: RouteInput, probe: Omit<Probe, 'label'>) {
  return t.request({
    method,
    url: probe.url,
    token: input.as ? w.users[input.as].token : undefined,
    headers: probe.headers,
    payload: (probe.raw ?? probe.body) as InjectOptions['payload'],
  });
}

/** Sends every probe with `method`; returns `label: fault` of each wrong answer, and every answer by label. */
async function faultsOf(
  method: Method,
  probes: Probe[],
  input: RouteInput,
): Promise<{ faults: string[]; answers: Map<string, LightMyRequestResponse> }> {
  const faults: string[] = [];
  const answers = new Map<string, LightMyRequestResponse>();
  for (const probe of probes) {
    const res = await send(method, input, probe);
    answers.set(probe.label, res);
    const fault = answerFault(res, probe.expect);
    if (fault) faults.push(`${probe.label}: ${fault}`);
  }
  return { faults, answers };
}

/** The operations with a valid request here (ROUTE_INPUTS), in the contract's order. */
const routes = operations.filter((op) => Object.hasOwn(ROUTE_INPUTS, op.id));

describe('hostile input', () => {
  it('has a valid request for every /api route the server registers', () => {
    expect(t.apiRoutes.length).toBeGreaterThan(100);
    const registered = t.apiRoutes.filter((r) => r !== routeKey(contract.realtime.connect));
    const covered = routes.map(routeKey);
    expect(registered.filter((r) => !covered.includes(r))).toEqual([]);
    expect(covered.filter((r) => !registered.includes(r))).toEqual([]);
    expect(Object.keys(ROUTE_INPUTS).length).toBe(routes.length);
  });

  for (const op of routes) {
    const key = routeKey(op);
    it(`${key} never answers 5xx and refuses forbidden text as a problem naming the field`, async () => {
      const route = op.path;
      const { input, params } = routeInput(w, op);
      const encoded = Object.fromEntries(
        Object.entries(params).map(([k, v]) => [k, encodeText(v)]),
      );
      const valid: Probe = {
        label: 'valid',
        url: buildUrl(route, encoded, input.query),
        body: input.body,
      };
      const probes = [valid, ...probesOf(route, encoded, input)];
      const { faults, answers } = await faultsOf(op.method, probes, input);
      expect(faults).toEqual([]);
      const status = answers.get('valid')?.statusCode;
      if (key.startsWith('GET ')) expect(status).toBeLessThan(300);
      if (key.startsWith('GET ') || key.startsWith('PUT ')) {
        // Idempotent requests: an upper-case UUID names the same row as its lower-case form.
        const upper = [...answers].filter(([label]) => label.endsWith('upper case'));
        for (const [label, res] of upper) expect([label, res.statusCode]).toEqual([label, status]);
      }
    }, 120_000);
  }

  it("answers the router's and the body parser's own errors as problem+json with a code", async () => {
    const json = { 'content-type': 'application/json' };
    const cases: { label: string; options: InjectOptions; status: number }[] = [
      { label: 'bad percent-encoding', options: { url: '/api/programs/%ff' }, status: 400 },
      { label: 'bad encoding outside the API', options: { url: '/programs/%E0%A4' }, status: 400 },
      {
        label: 'parameter over 100',
        options: { url: `/api/programs/${'x'.repeat(101)}` },
        status: 414,
      },
      {
        label: 'body over 1 MiB',
        options: { method: 'POST', url: '/api/orgs', payload: { name: 'x'.repeat(1_100_000) } },
        status: 413,
      },
      {
        label: 'body not JSON',
        options: {
          method: 'POST',
          url: '/api/orgs',
          payload: '<org/>',
          headers: { 'content-type': 'application/xml' },
        },
        status: 400,
      },
      {
        label: 'malformed JSON',
        options: { method: 'POST', url: '/api/orgs', payload: '{"name": "\\u00', headers: json },
        status: 400,
      },
      {
        label: 'empty JSON',
        options: { method: 'POST', url: '/api/orgs', payload: '', headers: json },
        status: 400,
      },
    ];
    for (const { label, options, status } of cases) {
      const res = await t.request({ method: 'GET', ...options, token: w.users.orgOwner.token });
      expect([label, res.statusCode, res.headers['content-type']]).toEqual([
        label,
        status,
        'application/problem+json; charset=utf-8',
      ]);
      expect(res.json()).toMatchObject({ status, code: 'validation_failed' });
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      expect(res.json().detail, label).toBeTruthy();
    }
  });

  it('refuses random hostile text in any path parameter, query value or body field of any route', async () => {
    const targets = routes.flatMap((op) => {
      const { input, params } = routeInput(w, op);
      return [
        ...Object.keys(params).map((name) => ({ op, at: 'param' as const, name })),
        ...Object.keys(input.query ?? {}).map((name) => ({ op, at: 'query' as const, name })),
        ...leafPaths(input.body ?? {})
          .filter((path) => typeof getAt(input.body, path) === 'string')
          .map((name) => ({ op, at: 'body' as const, name })),
      ];
    });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), hostileText, async (target, text) => {
        const route = target.op.path;
        const { input, params } = routeInput(w, target.op);
        const encoded = Object.fromEntries(
          Object.entries(params).map(([k, v]) => [k, encodeText(v)]),
        );
        if (target.at === 'param') encoded[target.name] = encodeText(text);
        const query = target.at === 'query' ? { ...input.query, [target.name]: text } : input.query;
        const body = target.at === 'body' ? setAt(input.body, target.name, text) : input.body;
        const probe = { url: buildUrl(route, encoded, query), body };
        const res = await send(target.op.method, input, probe);
        // A lone surrogate cannot be written in a URL (UTF-8): it arrives as a broken encoding.
        const isInUrl = target.at !== 'body';
        const expect =
          !isForbidden(text) || text === ''
            ? undefined
            : isInUrl && hasSurrogate(text)
              ? { status: target.at === 'param' ? 400 : undefined }
              : { field: target.name };
        const fault = answerFault(res, expect);
        if (fault)
          throw new Error(
            `${routeKey(target.op)} ${target.at} ${target.name}=${JSON.stringify(text)}: ${fault}`,
          );
      }),
      { numRuns: 1000 },
    );
  }, 120_000);
});

/** Characters no text field takes, by code point (independent of the server's own checks). */
function isForbidden(text: string): boolean {
  return [...text].some((ch) => {
    const c = ch.codePointAt(0) as number;
    const isLineBreakOrTab = c === 0x09 || c === 0x0a || c === 0x0d;
    return (
      (c < 0x20 && !isLineBreakOrTab) || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff)
    );
  });
}

function hasSurrogate(text: string): boolean {
  return [...text].some(
    (ch) => (ch.codePointAt(0) as number) >= 0xd800 && (ch.codePointAt(0) as number) <= 0xdfff,
  );
}

/** Short strings of any UTF-16 code units, weighted towards NUL, controls, lone surrogates and line breaks. */
const hostileText = fc.string({
  maxLength: 30,
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\ud800', '\udfff', '\u001f', '\u007f', '\u0085', '\t', '\n', '\r'),
    fc.constantFrom('a', 'Z', '7', ' ', 'é', '😀', '-', '/', '%'),
    fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  ),
});
