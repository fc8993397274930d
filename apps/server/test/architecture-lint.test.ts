import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's folder order (docs/architecture.md) is enforced by lint
 * (eslint/server-boundaries.js). These tests lint code that is not in the
 * repository, under made-up file names inside `apps/server/src`, with the
 * repository's own ESLint configuration, and check that the rule refuses
 * what the order forbids and lets through what it allows.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The messages of `boundaries/dependencies` for `code` linted as if it were the file `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${filePath}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'boundaries/dependencies')
    .map((m) => m.message);
}

/** One import of `name` from `from`, used so the file is otherwise clean. */
function importing(name: string, from: string, kind: 'value' | 'type' = 'value'): string {
  return kind === 'type'
    ? `import type { ${name} } from '${from}';\nexport type Used = ${name};\n`
    : `import { ${name} } from '${from}';\nexport const used = ${name};\n`;
}

describe('the server area order lint', () => {
  it('refuses an import of another area’s repository', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/events/x.ts',
      importing('lockEvent', '../attendance/rsvp.repository.ts'),
    );
    expect(errors).toEqual([expect.stringContaining('repository is private')]);
  });

  it('refuses it without the .ts extension too (moduleResolution Bundler resolves that)', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/events/x.ts',
      importing('lockEvent', '../attendance/rsvp.repository'),
    );
    expect(errors).toEqual([expect.stringContaining('repository is private')]);
  });

  it('refuses a relative import that resolves to no known file', async () => {
    const [result] = await eslint.lintText(importing('x', '../attendance/no-such-file'), {
      filePath: `${repoRoot}/apps/server/src/events/x.ts`,
    });
    expect((result?.messages ?? []).map((m) => m.ruleId)).toContain(
      'boundaries/no-unknown-dependencies',
    );
  });

  it('refuses an import of an area above the importer', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/orgs/x.ts',
      importing('ConversationsService', '../conversations/conversations.service.ts'),
    );
    expect(errors).toEqual([expect.stringContaining('server:orgs may not import')]);
  });

  it('refuses a type-only import of an area above the importer too', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/attendance/x.ts',
      importing('EventsService', '../events/events.service.ts', 'type'),
    );
    expect(errors).toHaveLength(1);
  });

  it('lets an area use a lower area’s service, queries and plain helpers', async () => {
    const code = [
      "import { promoteWaitlists } from '../attendance/rsvp.service.ts';",
      "import { listRoster } from '../attendance/attendance.queries.ts';",
      "import { rsvpDeadline } from '../attendance/rsvp-state.ts';",
      'export const used = [promoteWaitlists, listRoster, rsvpDeadline];',
      '',
    ].join('\n');
    expect(await boundaryErrors('apps/server/src/events/x.ts', code)).toEqual([]);
  });

  it('refuses one direction of every pair of folders importing each other', async () => {
    const down = await boundaryErrors(
      'apps/server/src/programs/x.ts',
      importing('authorizeOrg', '../orgs/orgs.service.ts'),
    );
    const up = await boundaryErrors(
      'apps/server/src/orgs/x.ts',
      importing('ProgramsService', '../programs/programs.service.ts'),
    );
    expect(down).toEqual([]);
    expect(up).toHaveLength(1);
  });

  it('refuses a sink importing the areas that publish into it', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/realtime/x.ts',
      importing('ProgramsService', '../programs/programs.service.ts', 'type'),
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses an area importing the composition root', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/orgs/x.ts',
      importing('Services', '../services.ts', 'type'),
    );
    expect(errors).toHaveLength(1);
  });

  it('lets the composition root import any area, but no repository', async () => {
    const services = await boundaryErrors(
      'apps/server/src/x.ts',
      importing('FeedsService', './feeds/feeds.service.ts'),
    );
    const repository = await boundaryErrors(
      'apps/server/src/x.ts',
      importing('insertProgram', './programs/programs.repository.ts'),
    );
    expect(services).toEqual([]);
    expect(repository).toHaveLength(1);
  });

  it('lets test code import anything', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/orgs/x.test.ts',
      importing('lockEvent', '../attendance/rsvp.repository.ts'),
    );
    expect(errors).toEqual([]);
  });
});
