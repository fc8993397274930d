import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routeKey } from '@rally/shared/api/operation';
import { operations } from '@rally/shared/api/contract';
import { createTestApp, type TestApp } from './harness.ts';
import { buildUrl } from './hostile-requests.ts';
import { createInputWorld, routeInput, type InputWorld } from './input-world.ts';
import { ROUTE_INPUTS } from './route-inputs.ts';

/**
 * The contract's response schemas say what the server really sends: the
 * valid request of every operation (route-inputs.ts, in the contract's
 * order, as hostile-input.test.ts sends them) is answered, and each
 * successful JSON answer parses with its operation's response schema. The
 * server does not re-serialise answers with these schemas, so only this
 * test keeps the OpenAPI document and the web client's types honest.
 */
let t: TestApp;
let w: InputWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createInputWorld(t);
});
afterAll(() => t.close());

describe('answers and the contract', () => {
  it("every successful JSON answer to a valid request parses with its operation's response schema", async () => {
    const mismatches: string[] = [];
    const checked: string[] = [];
    for (const op of operations.filter((o) => Object.hasOwn(ROUTE_INPUTS, o.id))) {
      const { input, params } = routeInput(w, op);
      const encoded = Object.fromEntries(
        Object.entries(params).map(([name, value]) => [name, encodeURIComponent(value)]),
      );
      expect(buildPath(op, params)).toBe(buildUrl(op.path, encoded));
      const res = await t.request({
        method: op.method,
        url: buildUrl(op.path, encoded, input.query),
        payload: input.body,
        token: input.as ? w.users[input.as].token : undefined,
      });
      const isSuccess = [op.status, ...(op.otherStatuses ?? [])].includes(res.statusCode as 200);
      if (!op.response || !isSuccess) continue;
      checked.push(op.id);
      const result = op.response.safeParse(res.json());
      if (!result.success) {
        const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
        mismatches.push(`${routeKey(op)} ${issues.slice(0, 3).join('; ')}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked.length).toBeGreaterThan(60);
  }, 120_000);
});
