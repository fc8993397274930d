// @ts-check

/** An API path written by hand: text that starts with `/api` (then `/`, `?` or its end). */
const API_PATH = String.raw`/^\/api([\/?]|$)/`;

const message =
  'Build API paths from the contract: request(<area>Routes.<op>, …) from lib/api-request, ' +
  'or buildPath(<area>Routes.<op>, params) for a link (docs/web-architecture.md "One API contract")';

/**
 * The web client calls the API only through the contract in
 * `packages/shared/src/api` (docs/web-architecture.md, "One API contract"): a
 * string or template literal in `apps/web/src` that starts with `/api` is a
 * path written by hand, which drifts from the server's routes unseen. Tests
 * (which mock the API by path) and comments are exempt. A flat-config array
 * that `eslint.config.js` spreads.
 */
const webApiPaths = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${API_PATH}]`, message },
        { selector: `TemplateLiteral[quasis.0.value.raw=${API_PATH}]`, message },
      ],
    },
  },
  {
    // `apiRequest` (any path, untyped answer) is what `request` is built on; only lib/ calls it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/**', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/lib/api-client'], importNames: ['apiRequest'], message }] },
      ],
    },
  },
];

export default webApiPaths;
