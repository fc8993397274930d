import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, operations } from './contract.ts';
import { answerKindOf, buildPath, pathParamNames, routeKey } from './operation.ts';

/** The keys a params schema reads (its object shape), or none. */
function paramsKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
}

describe('the API contract', () => {
  it('names every operation `<area>.<key>` once, and gives each method and path one operation', () => {
    const named = Object.entries(contract).flatMap(([area, ops]) =>
      Object.entries(ops).map(([key, op]) => [`${area}.${key}`, op.id]),
    );
    expect(named.filter(([expected, id]) => expected !== id)).toEqual([]);
    const keys = operations.map(routeKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('reads exactly the path parameters its path names', () => {
    const mismatched = operations
      .filter((op) => op.answer !== 'websocket')
      .map((op) => [op.id, pathParamNames(op.path).sort(), paramsKeys(op.params)])
      .filter(([, inPath, inSchema]) => JSON.stringify(inPath) !== JSON.stringify(inSchema));
    expect(mismatched).toEqual([]);
  });

  it('describes a JSON answer only where one is sent, and no JSON body on GET or an upload', () => {
    const wrong = operations.filter(
      (op) =>
        (op.response !== undefined && answerKindOf(op) !== 'json') ||
        (op.status === 204 && answerKindOf(op) !== 'none') ||
        (op.body !== undefined && (op.method === 'GET' || op.upload === 'multipart')),
    );
    expect(wrong.map((op) => op.id)).toEqual([]);
  });

  it('lets signed-out callers reach only sign-in (a phone code, a sign-in link, an authenticator code, the app redirect check), public pages, feeds, the live-update record and the docs', () => {
    const open = operations.filter((op) => op.access === 'public').map((op) => op.id);
    expect(open.sort()).toEqual(
      [
        'auth.appRedirectCheck',
        'auth.exchangeToken',
        'auth.phoneStart',
        'auth.phoneVerify',
        'auth.session',
        'auth.smsOutbox',
        'auth.totpVerify',
        'config.client',
        'docs.asset',
        'docs.openapi',
        'docs.page',
        'feeds.render',
        'matches.getShared',
        'programs.publicPage',
        'realtime.connect',
      ].sort(),
    );
    const admin = operations.filter((op) => op.access === 'globalAdmin');
    expect(admin.every((op) => op.path.startsWith('/api/admin/'))).toBe(true);
  });

  it('keeps the route tables the web app imports free of zod (docs/decisions/004)', () => {
    const dir = import.meta.dirname;
    const tables = fs
      .readdirSync(dir)
      .filter((file) => /^[a-z-]+\.ts$/.test(file) && file !== 'contract.ts');
    expect(tables.length).toBeGreaterThan(15);
    const valueImports = tables.flatMap((file) =>
      [
        ...fs
          .readFileSync(path.join(dir, file), 'utf8')
          .matchAll(/^import (?!type )[^;]*?'([^']+)'/gm),
      ]
        .map((match) => match[1])
        .filter((from) => from !== './operation.ts' && from !== '../realtime-socket.ts')
        .map((from) => `${file}: ${from}`),
    );
    expect(valueImports).toEqual([]);
  });

  it('builds concrete paths with each parameter URI-encoded, and refuses a missing one', () => {
    const op = contract.conversations.staffEdit;
    const path = buildPath(op, { programId: 'p 1', otherParty: 'c/2', messageId: 'm' });
    expect(path).toBe('/api/programs/p%201/conversations/c%2F2/messages/m');
    expect(() => buildPath(op, { programId: 'p' })).toThrow('otherParty');
  });
});
