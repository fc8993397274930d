import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's ESLint config (eslint.config.js with eslint/web-api-paths.js) run on
// snippets under made-up file names. (The root is cut from this file's path: Vite rewrites
// `new URL('../..', import.meta.url)`.)
const repoRoot = decodeURIComponent(new URL(import.meta.url).pathname).replace(
  /apps\/web\/src\/test\/[^/]+$/,
  '',
);

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The lines where `code`, as the file at `path` (from `apps/web/src/`), writes an API path by hand. */
async function handWrittenPaths(path: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('no-restricted-'))
    .map((message) => message.line);
}

describe('web API paths come from the contract (eslint/web-api-paths.js)', () => {
  it('refuses string and template literals that start with /api in features, lib, components and app', async () => {
    const code = [
      "export const a = '/api/home';",
      'export const b = (id: string) => `/api/programs/${id}/events`;',
      "export const c = '/api';",
      "export const d = '/api?x=1';",
    ].join('\n');
    for (const path of [
      'features/events/api.ts',
      'lib/fixture.ts',
      'components/fixture.tsx',
      'app/fixture.ts',
    ]) {
      expect(await handWrittenPaths(path, code), path).toEqual([1, 2, 3, 4]);
    }
  });

  it('refuses apiRequest outside lib (features call request with a contract operation)', async () => {
    const code = [
      "import { apiRequest } from '../../lib/api-client';",
      "import { ApiError } from '../../lib/api-client';",
      'export const load = () => apiRequest(String(ApiError));',
    ].join('\n');
    expect(await handWrittenPaths('features/events/api.ts', code)).toEqual([1]);
    expect(await handWrittenPaths('lib/fixture.ts', code)).toEqual([]);
  });

  it('lets contract calls, comments, other paths and tests through', async () => {
    const code = [
      "import { eventsRoutes } from '@rally/shared/api/events';",
      "import { buildPath } from '@rally/shared/api/operation';",
      '/** `GET /api/programs/:programId/events/:eventId` */',
      "export const link = buildPath(eventsRoutes.get, { programId: 'p', eventId: 'e' });",
      "export const page = '/programs/p1/apiary';",
      "export const word = 'see /api/docs';",
    ].join('\n');
    expect(await handWrittenPaths('features/events/fixture.ts', code)).toEqual([]);
    expect(
      await handWrittenPaths('features/events/api.test.ts', "export const a = '/api/home';"),
    ).toEqual([]);
  });
});
