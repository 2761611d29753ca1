import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markTopLevelValuesPure, pureContract } from '../../build/pure-contract';

const run = promisify(execFile);
const challengesModule = path.resolve(import.meta.dirname, '../../../shared-types/src/challenges.ts');

describe('the contract as the browser build reads it (build/pure-contract.ts)', () => {
  it('marks a top-level value built by calls pure, and leaves plain values, functions and statements alone', () => {
    const source = [
      "export const NameSchema = z.string().trim().min(1);",
      'const Table = { a: z.number(), b: 2 };',
      'export const LIMIT = 8;',
      'export const TEXTS = { title: `Daily` };',
      'export const build = () => z.object({});',
      'let counter = z.number();',
      'register(NameSchema);',
    ].join('\n');
    expect(markTopLevelValuesPure(source)?.toString()).toBe(
      [
        'export const NameSchema = /* @__PURE__ */ (() => (z.string().trim().min(1)))();',
        'const Table = /* @__PURE__ */ (() => ({ a: z.number(), b: 2 }))();',
        'export const LIMIT = 8;',
        'export const TEXTS = { title: `Daily` };',
        'export const build = () => z.object({});',
        'let counter = z.number();',
        'register(NameSchema);',
      ].join('\n'),
    );
    expect(markTopLevelValuesPure('export const LIMIT = 8;')).toBeNull();
  });

  describe('bundled', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'pure-contract-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    /** Bundles `entry` (with or without the plugin), runs it, and counts the zod schemas it built. */
    async function schemasBuiltBy(entry: string, withPlugin: boolean): Promise<number> {
      const input = path.join(dir, `entry-${withPlugin}.ts`);
      await writeFile(input, entry);
      const bundle = await rolldown({ input, platform: 'node', plugins: withPlugin ? [pureContract()] : [], logLevel: 'silent' });
      const { output } = await bundle.generate({ format: 'esm' });
      await bundle.close();
      const file = path.join(dir, `bundle-${withPlugin}.mjs`);
      await writeFile(file, output[0].code);
      // Run in a fresh Node: zod calls this hook once for every schema it builds.
      const runner = path.join(dir, `count-${withPlugin}.mjs`);
      await writeFile(runner, `let built = 0;\nglobalThis.__zod_globalConfig = { postProcessor: () => void built++ };\nawait import(${JSON.stringify(pathToFileURL(file).href)});\nconsole.log(built);\n`);
      const { stdout } = await run(process.execPath, [runner]);
      return Number(stdout.trim());
    }

    it('builds a schema a page uses, and what it is made of, but not its neighbours', async () => {
      const entry = `import { DailyChallengeSchema } from ${JSON.stringify(challengesModule)};\nglobalThis.seen = DailyChallengeSchema;\n`;
      // Without the plugin the bundler keeps (and the page builds) most of the module's schemas.
      const whole = await schemasBuiltBy(entry, false);
      const used = await schemasBuiltBy(entry, true);
      expect(whole).toBeGreaterThan(300);
      expect(used).toBeGreaterThan(0);
      expect(used).toBeLessThan(whole / 2);
    }, 30_000);
  });
});
