// local/feature-boundaries: the folder boundaries of ARCHITECTURE.md and STYLE.md, checked on RESOLVED imports.
//
// Every way a file can name another module is checked: import/export declarations, dynamic import(), TypeScript
// `import x = require()`, `require()` and type-level `import('…')` (e.g. `typeof import('../diary/service.js')`).
// Specifiers are resolved to a repo path before the rules apply: relative paths, and package self-imports
// (`@cinema-dna/backend/src/…`, `@cinema-dna/frontend/src/…`), so no spelling walks around a rule.
// The forbidden edges each have a fixture in eslint/fixtures/ that eslint/feature-boundaries.test.ts lints.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Workspace packages a self-import may name, mapped to their folder. */
const PACKAGES = { '@cinema-dna/backend': 'backend', '@cinema-dna/frontend': 'frontend' };

/** backend/src's top-level folders; any other top-level name there is a file of the composition root. */
const BACKEND_FOLDERS = new Set(
  fs.readdirSync(path.join(ROOT, 'backend/src'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name),
);

/**
 * Feature-to-feature edges the frontend had when the rule was made strict (issue 28). A feature imports
 * another only through its index; no NEW pair may appear — move shared parts to lib/ or ui/, or take them as props.
 */
const FRONTEND_FEATURE_EDGES = new Set([
  'admin>auth', 'admin>realtime', 'admin>reviews', 'api-keys>auth', 'badges>auth', 'badges>realtime',
  'challenges>auth', 'challenges>connections', 'challenges>entities', 'challenges>realtime', 'connections>auth',
  'connections>entities', 'connections>realtime', 'diary>auth', 'diary>entities', 'diary>reviews', 'diary>watchlist',
  'discovery>auth', 'discovery>entities', 'discovery>watchlist', 'faceted-search>entities', 'leaderboards>auth',
  'leaderboards>realtime', 'profiles>auth', 'profiles>badges', 'profiles>connections', 'profiles>entities',
  'profiles>reviews', 'profiles>social', 'progression>auth', 'progression>realtime', 'reviews>auth', 'social>auth',
  'social>realtime', 'status>social', 'watchlist>auth',
]);

/** Repo-relative path (forward slashes) a specifier names, or null for an outside package. */
export function resolveSpecifier(spec, fromFile) {
  let absolute;
  if (spec.startsWith('.')) absolute = path.resolve(path.dirname(fromFile), spec);
  else {
    const pkg = Object.keys(PACKAGES).find((name) => spec === name || spec.startsWith(`${name}/`));
    if (!pkg) return null;
    absolute = path.join(ROOT, PACKAGES[pkg], spec.slice(pkg.length));
  }
  return path.relative(ROOT, absolute).split(path.sep).join('/');
}

/** Where a repo-relative path sits: its side (backend/frontend), top name under src/, feature and the rest. */
export function locate(relative) {
  const match = /^(backend|frontend)\/src(?:\/([^/]+))?(?:\/([^/]+))?(\/.*)?$/.exec(relative);
  if (!match) return null;
  const [, side, top = '', second, rest] = match;
  return {
    side,
    top,
    rootFile: side === 'backend' && !BACKEND_FOLDERS.has(top),
    feature: top === 'features' ? second : undefined,
    inner: top === 'features' ? (rest ?? '') : undefined,
  };
}

/** Tests and their fixtures (child processes, fake workers) may compose layers as the start-up code does. */
function isTestFile(file) {
  return /\.(int\.)?test\.tsx?$/.test(file) || /\/test-fixtures\//.test(file) || /^frontend\/src\/test\//.test(file);
}

/** What a file may import; null when allowed. */
export function boundaryProblem(from, target, file) {
  if (!from || !target || from.side !== target.side) return null;
  const isTest = isTestFile(file);
  if (from.side === 'backend') {
    if (target.top === 'features' && from.top === 'features' && target.feature && target.feature !== from.feature) {
      return `features/${from.feature} must not import features/${target.feature}: take what it needs as a port (an interface in features/${from.feature}, wired in app.ts) or react to its domain events`;
    }
    // A feature's tables are read only inside it: the root's ports call the owning feature's own queries (queries.ts).
    if (target.top === 'features' && target.feature && /\/schema(\.[jt]s)?$/.test(target.inner ?? '') && from.feature !== target.feature && !isTest && from.top !== 'test-support') {
      return `features/${target.feature}'s tables are read only inside it: call its own query functions (features/${target.feature}/queries.ts) instead of its schema`;
    }
    // The composition root (services.ts, app.ts, server.ts, the *-ports.ts adapters) wires features; none may reach back into it.
    if (target.rootFile && !from.rootFile && !isTest && from.top !== 'test-support') {
      return `${from.top}/ must not import the composition root (${target.top}): take what you need as a port wired there`;
    }
    if (target.top === 'test-support' && !isTest && from.top !== 'test-support') {
      return `production code must not import test-support/ (${file})`;
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
  // Frontend (bulletproof-react): ui -> features -> app/pages, and a feature is reached only through its index.
  if (isTest) return null;
  if (target.top === 'pages' && from.top !== 'pages' && from.top !== 'app') return `${from.top}/ must not import pages/`;
  // The two entries compose the app: main.tsx in the browser, entry-server.tsx for the server's first paint.
  if (target.top === 'app' && from.top !== 'app' && from.top !== 'pages' && from.top !== 'main.tsx' && from.top !== 'entry-server.tsx') {
    return `${from.top}/ must not import app/ (the routes and providers compose features, not the other way round)`;
  }
  if (target.top === 'features' && (from.top === 'ui' || from.top === 'lib')) return `${from.top}/ must not import features/`;
  if (from.top === 'features' && target.top === 'features' && target.feature && target.feature !== from.feature) {
    if (!FRONTEND_FEATURE_EDGES.has(`${from.feature}>${target.feature}`)) {
      return `features/${from.feature} must not import features/${target.feature}: features never import each other (move the shared part to lib/ or ui/, or compose them in a page)`;
    }
  }
  // A feature may offer a narrower public entry beside its index (`<name>-entry.ts`), so a lazy page
  // can take part of it without pulling the rest into its chunk.
  const throughIndex = target.inner === '' || /^\/(index|[a-z-]+-entry)(\.tsx?)?$/.test(target.inner ?? '');
  if (target.top === 'features' && target.feature && target.feature !== from.feature && !throughIndex) {
    return `import features/${target.feature} through its index (or a *-entry file), not its internals (${target.feature}${target.inner})`;
  }
  return null;
}

const featureBoundaries = {
  meta: { type: 'problem', docs: { description: 'Features never import each other; layers import one way.' }, schema: [] },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const from = locate(file);
    if (!from) return {};
    const check = (literal) => {
      const spec = literal?.value;
      if (typeof spec !== 'string') return;
      const target = resolveSpecifier(spec, context.filename);
      if (target === null) return;
      const problem = boundaryProblem(from, locate(target), file);
      if (problem) context.report({ node: literal, message: problem });
    };
    const fromSource = (node) => check(node.source);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: fromSource,
      TSImportType: fromSource,
      TSExternalModuleReference: (node) => check(node.expression),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') check(node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
