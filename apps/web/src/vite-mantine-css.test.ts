import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { mantineCssPerComponent } from './vite-mantine-css';

/** The plugin's transform hook after `configResolved` for `command` (build or serve). */
function transformOf(command: 'build' | 'serve') {
  const plugin: Plugin = mantineCssPerComponent();
  (plugin.configResolved as (config: { command: string }) => void)({ command });
  const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
  return (code: string, id: string) => transform(code, id);
}

const coreDir = path.dirname(
  path.dirname(
    fs.realpathSync(createRequire(import.meta.url).resolve('@mantine/core/styles/global.css')),
  ),
);

describe('mantineCssPerComponent (docs/decisions/018: each page loads the Mantine CSS it renders)', () => {
  it("at build, a component's class-name module imports that component's CSS file", () => {
    const transform = transformOf('build');
    const id = path.join(coreDir, 'esm/components/Button/Button.module.mjs');
    const out = transform('export default { root: "m_1" };', id);
    expect(out?.code).toMatch(/^import ".*\/@mantine\/core\/styles\/Button\.css";\n/);
    expect(out?.code).toContain('export default { root: "m_1" };');
    expect(
      transform(
        'export default {};',
        path.join(coreDir, 'esm/utils/InlineInput/InlineInput.module.mjs'),
      )?.code,
    ).toContain('styles/InlineInput.css');
    expect(transform('export const a = 1;', path.join(coreDir, 'esm/index.mjs'))).toBeNull();
    expect(transform('export const a = 1;', '/repo/apps/web/src/main.tsx')).toBeNull();
  });

  it('every class-name module of @mantine/core has its CSS file (a Mantine upgrade that renames one fails here)', () => {
    const modules = fs
      .readdirSync(path.join(coreDir, 'esm'), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.module.mjs'));
    expect(modules.length).toBeGreaterThan(50);
    // Not only components: InlineInput (the label beside a checkbox or radio) is under utils/.
    expect(modules.some((file) => file.endsWith('InlineInput.module.mjs'))).toBe(true);
    for (const file of modules) {
      const name = path.basename(file, '.module.mjs');
      expect(fs.existsSync(path.join(coreDir, 'styles', `${name}.css`)), name).toBe(true);
    }
  });

  it('in dev (one pre-bundled Mantine) app/launch.tsx gets the whole styles.css instead', () => {
    const transform = transformOf('serve');
    expect(transform('render();', '/repo/apps/web/src/main.tsx')).toBeNull();
    expect(transform('render();', '/repo/apps/web/src/app/launch.tsx')?.code).toBe(
      "import '@mantine/core/styles.css';\nrender();",
    );
    expect(
      transform(
        'export default {};',
        path.join(coreDir, 'esm/components/Button/Button.module.mjs'),
      ),
    ).toBeNull();
  });
});
