import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

// A Vite plugin of apps/web/vite.config.ts (build code, never bundled into the app).

/** The styles folder of the one copy of @mantine/core the app uses (see `dedupe` in vite.config.ts). */
const MANTINE_STYLES = path.dirname(
  createRequire(import.meta.url).resolve('@mantine/core/styles/global.css'),
);

/**
 * A class-name module in @mantine/core's ESM build: a component's
 * (`esm/components/Button/Button.module.mjs`) or a shared part's
 * (`esm/utils/InlineInput/InlineInput.module.mjs`, the label layout of
 * Checkbox, Radio and Switch).
 */
const MANTINE_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/;

/**
 * Each page loads only the Mantine CSS of the components it renders
 * (docs/decisions/018), instead of one 250 KB `styles.css` that
 * blocks the first paint. Every Mantine component imports its class names
 * from `<Name>.module.mjs`; at build this plugin adds
 * `import '@mantine/core/styles/<Name>.css'` to that module, so the CSS
 * follows the component into whichever chunk Rollup puts it in — the entry
 * chunk for the shell, a lazy route's chunk for the rest — and a component's
 * CSS always comes after the CSS of the components it is built on (they are
 * its imports). `app/launch.tsx` imports the base (baseline, CSS variables,
 * global). In `vite dev` Mantine is pre-bundled into one file, so the plugin
 * adds the whole `styles.css` to `app/launch.tsx` instead.
 */
export function mantineCssPerComponent(): Plugin {
  let isBuild = true;
  return {
    name: 'rally:mantine-css-per-component',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    transform(code, id) {
      if (!isBuild) {
        if (!/[\\/]src[\\/]app[\\/]launch\.tsx$/.test(id)) return null;
        return { code: `import '@mantine/core/styles.css';\n${code}`, map: null };
      }
      const name = MANTINE_CLASSES.exec(id.split('?')[0] ?? '')?.[1];
      if (!name) return null;
      const css = path.join(MANTINE_STYLES, `${name}.css`).split(path.sep).join('/');
      return { code: `import ${JSON.stringify(css)};\n${code}`, map: null };
    },
  };
}
