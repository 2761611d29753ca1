// Each forbidden edge of ARCHITECTURE.md has a fixture in eslint/fixtures/ (its first line names the path it
// pretends to live at); linting it with the project's own config must report local/feature-boundaries.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = path.join(ROOT, 'eslint/fixtures');
const eslint = new ESLint({ cwd: ROOT });

async function boundaryMessages(fixture: string): Promise<string[]> {
  const code = readFileSync(path.join(FIXTURES, fixture), 'utf8');
  const as = /^\/\/ as: (\S+)/.exec(code)?.[1];
  if (!as) throw new Error(`${fixture} does not say where it lives (// as: <path>)`);
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, as) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/feature-boundaries').map((m) => m.message);
}

const FORBIDDEN: Record<string, RegExp[]> = {
  'services-import.ts': [/must not import the composition root \(services\.js\)/],
  'community-ports-import.ts': [/must not import the composition root \(community-ports\.js\)/],
  'test-support-import.ts': [/production code must not import test-support/],
  'typeof-import.ts': [/features\/activity must not import features\/diary/],
  'package-self-import.ts': [/features\/activity must not import features\/diary/],
  'frontend-app-routes.tsx': [/features\/ must not import app\//],
  'frontend-feature-to-feature.tsx': [/features\/watchlist must not import features\/challenges/],
  'root-reads-feature-table.ts': [/features\/diary's tables are read only inside it/],
  'backend-feature-to-feature.ts': [/features\/activity must not import features\/reviews/, /features\/activity must not import features\/diary/],
};

describe('local/feature-boundaries on resolved imports', () => {
  it('has a fixture for every forbidden edge, and nothing else in eslint/fixtures but the allowed one', () => {
    expect(readdirSync(FIXTURES).sort()).toEqual([...Object.keys(FORBIDDEN), 'allowed.ts'].sort());
  });

  for (const [fixture, expected] of Object.entries(FORBIDDEN)) {
    it(`refuses ${fixture}`, async () => {
      const messages = await boundaryMessages(fixture);
      expect(messages).toHaveLength(expected.length);
      expected.forEach((pattern, index) => expect(messages[index]).toMatch(pattern));
    });
  }

  it('allows a feature its own files, platform/ and the shared contract', async () => {
    expect(await boundaryMessages('allowed.ts')).toEqual([]);
  });
});
