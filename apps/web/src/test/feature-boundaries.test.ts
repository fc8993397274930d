import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own ESLint config (eslint.config.js with eslint/web-boundaries.js) run on
// snippets under made-up file names; the files they import are real, so the imports resolve.
// (The root is cut from this file's path: Vite rewrites `new URL('../..', import.meta.url)`.)
const repoRoot = decodeURIComponent(new URL(import.meta.url).pathname).replace(
  /apps\/web\/src\/test\/[^/]+$/,
  '',
);

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The boundary rules `code` breaks when it is the file at `path` (from `apps/web/src/`). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('boundaries/'))
    .map((message) => `${message.line}: ${message.ruleId}`);
}

describe('web feature boundaries (eslint/web-boundaries.js)', () => {
  it("refuses a feature importing another feature's component", async () => {
    const code = "export { JoinForm } from '../../subscriptions/components/join-form';\n";
    expect(await boundaryErrors('features/events/pages/fixture.tsx', code)).toEqual([
      '1: boundaries/dependencies',
    ]);
  });

  it("lets a feature import lib, shared components, its own files and another feature's api.ts", async () => {
    const code = [
      "export { formatDateTime } from '../../../lib/format';",
      "export { PageTitle } from '../../../components/page-title';",
      "export { EventForm } from '../components/event-form';",
      "export { programQueryOptions } from '../../programs/api';",
      "export { createEventSchema } from '@rally/shared/events';",
    ].join('\n');
    expect(await boundaryErrors('features/events/pages/fixture.tsx', code)).toEqual([]);
  });

  it('refuses lib and shared components importing a feature, even its api.ts', async () => {
    const code = "export { eventKeys } from '../features/events/api';\n";
    expect(await boundaryErrors('lib/fixture.ts', code)).toEqual(['1: boundaries/dependencies']);
    expect(await boundaryErrors('components/fixture.ts', code)).toEqual([
      '1: boundaries/dependencies',
    ]);
  });

  it('refuses a feature importing app, and lets app import any part of a feature', async () => {
    expect(
      await boundaryErrors(
        'features/events/fixture.ts',
        "export { createI18n } from '../../app/i18n';",
      ),
    ).toEqual(['1: boundaries/dependencies']);
    expect(
      await boundaryErrors(
        'app/pages/fixture.tsx',
        "export { JoinForm } from '../../features/subscriptions/components/join-form';",
      ),
    ).toEqual([]);
  });

  it("lets a test import app and the test helpers, but not another feature's internals", async () => {
    const code = [
      "export { createI18n } from '../../app/i18n';",
      "export { renderApp } from '../../test/render-app';",
      "export { JoinForm } from '../subscriptions/components/join-form';",
    ].join('\n');
    expect(await boundaryErrors('features/events/fixture.test.tsx', code)).toEqual([
      '3: boundaries/dependencies',
    ]);
  });

  it('refuses an import that resolves to no file of the web app', async () => {
    const code = "export { missing } from '../components/no-such-file';\n";
    expect(await boundaryErrors('features/events/fixture.ts', code)).toEqual([
      '1: boundaries/no-unknown-dependencies',
    ]);
  });
});
