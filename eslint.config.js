// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import serverBoundaries from './eslint/server-boundaries.js';
import webApiPaths from './eslint/web-api-paths.js';
import webBoundaries from './eslint/web-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'apps/server/drizzle/**',
      'apps/mobile/android/**',
      'apps/mobile/ios/**',
      'apps/mobile/www/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: [
      'bench/**',
      'scripts/**',
      'apps/server/src/scripts/**',
      'apps/server/src/main.ts',
      'e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
  ...serverBoundaries,
  ...webBoundaries,
  ...webApiPaths,
);
