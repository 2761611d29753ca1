import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the repository, without types
import { serverSources } from '../../scripts/fast-build.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** What tsc compiles for a package, as `tsc --listFilesOnly` lists it (its tsconfig's include minus exclude). */
function tscSources(dir: string): string[] {
  const listed = execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, dir, 'tsconfig.json'), '--listFilesOnly'], { encoding: 'utf8' });
  const src = path.join(root, dir, 'src') + path.sep;
  return listed
    .split('\n')
    .map((line) => line.trim())
    .filter((file) => file.startsWith(src) && file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .sort();
}

describe('the start build (scripts/fast-build.mjs)', () => {
  it('transpiles exactly the files tsc builds, so `npm start` serves what `npm run build` would', () => {
    const fast = (serverSources(root) as Array<{ dir: string; files: string[] }>).map(({ dir, files }) => ({ dir, files: [...files].sort() }));
    expect(fast).toEqual(['shared-types', 'backend'].map((dir) => ({ dir, files: tscSources(dir) })));
  });
});
