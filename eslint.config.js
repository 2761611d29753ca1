import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Where a repo-relative path sits: its side (backend/frontend), top folder under src/, feature and the rest. */
function locate(relative) {
  const match = /^(backend|frontend)\/src\/([^/]+)(?:\/([^/]+))?(\/.*)?$/.exec(relative);
  if (!match) return null;
  const [, side, top, second, rest] = match;
  return { side, top, feature: top === 'features' ? second : undefined, inner: top === 'features' ? (rest ?? '') : undefined };
}

/** What a file may import; null when allowed. `target` is repo-relative and has no extension worries: only folders matter. */
function boundaryProblem(from, target, file) {
  if (!from || !target || from.side !== target.side) return null;
  // Tests and their fixtures (child processes, fake workers) may compose layers as the start-up code does.
  const isTest = /\.(int\.)?test\.tsx?$/.test(file) || /\/test-fixtures\//.test(file);
  if (from.side === 'backend') {
    if (target.top === 'features' && from.top === 'features' && target.feature !== from.feature) {
      return `features/${from.feature} must not import features/${target.feature}: take what it needs as a port (an interface in features/${from.feature}, wired in app.ts) or react to its domain events`;
    }
    // Integration tests of a platform part may drive real features through it (e.g. the outbox under saving).
    if (target.top === 'features' && ['platform', 'graph', 'catalog', 'ingest'].includes(from.top) && !isTest) {
      return `${from.top}/ must not import features/: features build on it, not the other way round`;
    }
    // Only the code that runs imports (server start-up, CLI, tests, bench) reaches into the importers.
    if (target.top === 'ingest' && from.top !== 'ingest' && !isTest && from.top !== 'test-support' && from.top !== 'server.ts') {
      return `${from.top}/ must not import ingest/: shared entity data lives in catalog/`;
    }
    return null;
  }
  // Frontend (bulletproof-react): ui -> features -> pages, and a feature is reached only through its index.
  if (target.top === 'pages' && from.top !== 'pages' && from.top !== 'app') return `${from.top}/ must not import pages/`;
  if (target.top === 'features' && (from.top === 'ui' || from.top === 'lib')) return `${from.top}/ must not import features/`;
  // A feature may offer a narrower public entry beside its index (`<name>-entry.ts`), so a lazy page
  // can take part of it without pulling the rest into its chunk.
  const throughIndex = target.inner === '' || /^\/(index|[a-z-]+-entry)(\.tsx?)?$/.test(target.inner);
  if (target.top === 'features' && target.feature !== from.feature && !throughIndex) {
    return `import features/${target.feature} through its index (or a *-entry file), not its internals (${target.feature}${target.inner})`;
  }
  return null;
}

/** Local rule: the folder boundaries of ARCHITECTURE.md and STYLE.md, checked on the import paths alone. */
const featureBoundaries = {
  meta: { type: 'problem', docs: { description: 'Features never import each other; layers import one way.' }, schema: [] },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const from = locate(file);
    if (!from) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.relative(ROOT, path.resolve(path.dirname(context.filename), spec)).split(path.sep).join('/');
      const problem = boundaryProblem(from, locate(target), file);
      if (problem) context.report({ node: node.source, message: problem });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', 'bench/results/**', 'backend/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['backend/src/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'local/feature-boundaries': 'error' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
