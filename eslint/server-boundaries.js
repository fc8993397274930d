// @ts-check
import boundaries from 'eslint-plugin-boundaries';

/**
 * The order of the server's folders (docs/architecture.md), lowest first.
 * A folder may import (values and types alike) only folders of lower ranks;
 * folders of one rank are siblings and import neither each other nor
 * anything above. So no folder imports one that imports it back.
 */
export const SERVER_ORDER = [
  // Floors: adapters and helpers every area stands on.
  ['lib'],
  ['db'],
  ['policy'],
  ['http'],
  // Sinks: every area publishes into them; they import no area. Push sits below
  // notifications, which hands it each committed notification (docs/decisions/029).
  ['realtime'],
  ['activities'],
  ['push'],
  ['notifications'],
  // Areas. api-docs (the OpenAPI document and reference page) reads only the contract and http.
  ['auth', 'api-docs'],
  ['clients', 'config'],
  ['admin'],
  ['orgs'],
  ['profiles'],
  ['files'],
  ['programs'],
  ['subscriptions'],
  ['attendance'],
  ['events'],
  ['conversations', 'matches'],
  ['feeds', 'search'],
  ['account'],
];

const SRC = 'apps/server/src';
const typeOf = (folder) => `server:${folder}`;
const TOP = 'server:top';

/** Test code may import anything: test files, the shared harness, fixtures and test helpers. */
const TEST_FILES = [
  'apps/server/**/*.test.ts',
  'apps/server/test/**',
  'apps/server/src/**/*-fixtures.ts',
  'apps/server/src/**/test-*.ts',
  'apps/server/src/realtime/thread-follower.ts',
];

const elements = [
  ...[...SERVER_ORDER.flat(), 'scripts'].map((folder) => ({
    type: typeOf(folder),
    pattern: `${SRC}/${folder}`,
    partialMatch: false,
  })),
  { type: TOP, pattern: SRC, partialMatch: false },
  { type: 'server:test', pattern: 'apps/server/test', partialMatch: false },
  // The native shell's build helpers (web-bundle.mjs), which `npm run bundle:publish` reuses.
  { type: 'mobile:scripts', pattern: 'apps/mobile/scripts', partialMatch: false },
];

/** Each folder may import the folders of the ranks below its own. */
const orderPolicies = SERVER_ORDER.flatMap((rank, index) => {
  const below = SERVER_ORDER.slice(0, index).flat().map(typeOf);
  return rank.map((folder) => ({
    from: { element: { type: typeOf(folder) } },
    allow: below.length > 0 ? { to: { element: { type: below } } } : undefined,
    message: `${folder}/ may import only the folders below it in docs/architecture.md (${below.join(', ') || 'none'}), not {{to.type}}.`,
  }));
}).filter((policy) => policy.allow);

/**
 * The server's area order as lint (docs/architecture.md): a flat-config
 * array for eslint.config.js. `boundaries/dependencies` allows an import
 * from one server folder to another only downwards in {@link SERVER_ORDER}
 * (the top, app.ts and friends, may import every area), never into another
 * area's `*.repository.ts` (an area is reached through its service or its
 * `<area>.queries.ts`), and lets test code import anything.
 */
export default [
  {
    files: ['apps/server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      // `moduleResolution: Bundler` lets a relative import leave out `.ts`; resolved
      // the same way here, such an import is checked like any other.
      'import/resolver': { node: { extensions: ['.ts', '.js', '.json'] } },
      'boundaries/elements': elements,
      'boundaries/files': [
        { category: 'repository', pattern: `${SRC}/**/*.repository.ts` },
        { category: 'routes', pattern: `${SRC}/**/*.routes.ts` },
        ...TEST_FILES.map((pattern) => ({ category: 'test', pattern })),
      ],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/legacy-templates': false,
    },
    rules: {
      // A relative import that resolves to nothing, or to a file outside the known folders.
      'boundaries/no-unknown-dependencies': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{from.type}} may not import {{to.type}}: server folders import only downwards (docs/architecture.md).',
          policies: [
            ...orderPolicies,
            {
              from: { element: { type: TOP } },
              allow: { to: { element: { type: SERVER_ORDER.flat().map(typeOf) } } },
            },
            {
              from: { element: { type: typeOf('scripts') } },
              allow: {
                to: {
                  element: { type: [TOP, ...SERVER_ORDER.flat().map(typeOf), 'mobile:scripts'] },
                },
              },
            },
            {
              disallow: { to: { file: { categories: 'repository' } } },
              message:
                'Another area’s repository is private to it: use its service or its <area>.queries.ts (docs/architecture.md).',
            },
            {
              disallow: { to: { file: { categories: 'routes' } } },
              message: 'Only app.ts registers routes: call the area’s service instead.',
            },
            {
              from: { element: { type: TOP } },
              allow: { to: { file: { categories: 'routes' } } },
            },
            {
              from: { file: { categories: 'test' } },
              allow: { to: { element: { type: 'server:*' } } },
            },
          ],
        },
      ],
    },
  },
];
