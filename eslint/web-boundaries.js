// @ts-check
import boundaries from 'eslint-plugin-boundaries';

/**
 * The web app's feature boundaries (CONVENTIONS.md "Layout tells the
 * architecture"; bulletproof-react's restricted zones), as a flat-config array
 * that `eslint.config.js` spreads. What each part of `apps/web/src` may import,
 * and why, is written in docs/web-architecture.md:
 *
 * - `app/` (router, layouts, the pages that compose several features) and
 *   `main.tsx` may import anything below.
 * - A feature (`features/<name>/`) may import its own files, `lib/`,
 *   `components/` and another feature's `api.ts` (its data: query keys,
 *   query options, mutation hooks), never another feature's pages,
 *   components or helpers, and never `app/`.
 * - `components/` (UI shared by several features) may import `lib/` and
 *   itself; `lib/` only itself. Neither imports a feature.
 * - Tests (`*.test.ts(x)`) may also import the test helpers (`test/`), `app/`
 *   (they set the app up as `main.tsx` does) and any feature's `api.ts`
 *   (whose query keys they check); `test/` helpers may import anything.
 *
 * Packages (`@rally/shared`, React, Mantine...) are outside these rules.
 */
const webBoundaries = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // Relative imports name .ts/.tsx files without their extension.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/elements': [
        { type: 'web-app', pattern: 'apps/web/src/app', partialMatch: false },
        {
          type: 'web-feature',
          pattern: 'apps/web/src/features/*',
          capture: ['feature'],
          partialMatch: false,
        },
        { type: 'web-components', pattern: 'apps/web/src/components', partialMatch: false },
        { type: 'web-lib', pattern: 'apps/web/src/lib', partialMatch: false },
        { type: 'web-test-support', pattern: 'apps/web/src/test', partialMatch: false },
        // The entry (`main.tsx`): what is directly in `src/` belongs with `app/`.
        { type: 'web-app', pattern: 'apps/web/src', partialMatch: false },
      ],
      'boundaries/files': [{ category: 'test', pattern: 'apps/web/src/**/*.test.{ts,tsx}' }],
    },
    rules: {
      // A relative import that resolves to nothing, or to a file outside these parts.
      'boundaries/no-unknown-dependencies': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{ from.element.types.[0] }} may not import {{ dependency.source }} ' +
            '(web feature boundaries, docs/web-architecture.md)',
          policies: [
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            {
              from: { element: { type: 'web-app' } },
              allow: {
                to: {
                  element: { type: ['web-app', 'web-feature', 'web-components', 'web-lib'] },
                },
              },
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: {
                to: [
                  {
                    element: {
                      type: 'web-feature',
                      captured: { feature: '{{ from.element.captured.feature }}' },
                    },
                  },
                  { element: { type: 'web-feature', fileInternalPath: 'api.ts' } },
                  { element: { type: ['web-components', 'web-lib'] } },
                ],
              },
            },
            {
              from: { element: { type: 'web-components' } },
              allow: { to: { element: { type: ['web-components', 'web-lib'] } } },
            },
            {
              from: { element: { type: 'web-lib' } },
              allow: { to: { element: { type: 'web-lib' } } },
            },
            {
              from: { element: { type: 'web-test-support' } },
              allow: { to: { element: { type: 'web-*' } } },
            },
            {
              from: { file: { categories: 'test' } },
              allow: {
                to: [
                  { element: { type: ['web-test-support', 'web-app'] } },
                  { element: { type: 'web-feature', fileInternalPath: 'api.ts' } },
                ],
              },
            },
          ],
        },
      ],
    },
  },
];

export default webBoundaries;
