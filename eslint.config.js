import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/feature-boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', 'bench/results/**', 'backend/migrations/**', 'eslint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['backend/src/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    // The folder boundaries, on resolved imports (eslint/feature-boundaries.js; fixtures in eslint/fixtures/).
    plugins: { local: boundaries },
    rules: { 'local/feature-boundaries': 'error' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Calls go through the client typed from the shared route contract (lib/api-client-typed.ts); the untyped core
    // stays in lib/ (and its tests), so a hand-written path cannot come back unnoticed.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/lib/**', 'frontend/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/lib/api-client'], importNames: ['apiFetch'], message: 'Call the API through `api` of lib/api-client-typed (typed from the shared route contract).' }] },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
