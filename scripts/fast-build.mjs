// The build `npm start` runs on a first start: the server's TypeScript (shared-types and backend) is
// transpiled file by file with esbuild, beside the frontend's Vite build. No type checking here —
// `npm run typecheck`, `npm run build` (tsc, as CI and the Docker image use) and the editor do that —
// because tsc's full check is most of a first start's wait (13 s of 16 s on an idle 2-core machine,
// over a minute on a loaded one). The output is what tsc emits file for file (`isolatedModules` holds
// the sources to that), so either build serves the same server.
import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Sources tsc builds for each package (its tsconfig's include minus exclude). */
const PACKAGES = [
  { dir: 'shared-types', skip: [/\.test\.ts$/] },
  {
    dir: 'backend',
    skip: [/\.test\.ts$/, /\.contract\.ts$/, /^test-support\//, /(^|\/)test-fixtures\//, /(^|\/)fixtures\//, /^graph\/test-graphs\.ts$/],
  },
];

function sources(srcDir, skip) {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !skip.some((pattern) => pattern.test(file)))
    .map((file) => path.join(srcDir, file));
}

/** The TypeScript files the start build transpiles, per package folder (the same as tsc's, a test holds). */
export function serverSources(root) {
  return PACKAGES.map(({ dir, skip }) => ({ dir, files: sources(path.join(root, dir, 'src'), skip) }));
}

async function transpile(root) {
  for (const { dir, files } of serverSources(root)) {
    const srcDir = path.join(root, dir, 'src');
    await build({
      entryPoints: files,
      outdir: path.join(root, dir, 'dist'),
      outbase: srcDir,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
    });
  }
}

function viteBuild(root) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', 'frontend'], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Builds everything `npm start` serves; resolves with an exit code (0 when it is ready). */
export async function fastBuild(root, stampFile) {
  const [server, frontend] = await Promise.all([
    transpile(root).then(
      () => 0,
      (error) => (console.error(error), 1),
    ),
    viteBuild(root),
  ]);
  if (server !== 0 || frontend !== 0) return server || frontend;
  writeFileSync(stampFile, `${new Date().toISOString()}\n`);
  return 0;
}
