import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The contract's source files (shared-types/src), tests aside. */
const CONTRACT_FILE = /[\\/]shared-types[\\/]src[\\/].*(?<!\.test)\.ts$/;

/**
 * Lets the bundler drop the contract's schemas a page does not use. A schema is built by a chain of calls
 * (`z.string().trim().min(1)`): the bundler cannot know the chain has no side effects, so it kept every
 * schema of every contract module a page imports anything from, and the browser built them all when the
 * page loaded — 2,096 zod schemas on every page, the longest task of a phone's start. Each top-level
 * `const` whose value calls something is wrapped in a call marked pure, `/* @__PURE__ *\/ (() => (value))()`:
 * the same value at the same moment when it is used, nothing when it is not. The contract's values are
 * schemas, texts and tables; none is built for a side effect.
 */
export function pureContract(): Plugin {
  return {
    name: 'cinema-dna:pure-contract',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_FILE.test(id)) return null;
      const edited = markTopLevelValuesPure(code, id);
      return edited && { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) };
    },
  };
}

/** The source with every top-level `const` initializer that makes a call wrapped in a pure-marked call; null when none does. */
export function markTopLevelValuesPure(code: string, fileName = 'contract.ts'): MagicString | null {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edited = new MagicString(code);
  let changed = false;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const value = declaration.initializer;
      if (!value || !makesCall(value)) continue;
      edited.appendLeft(value.getStart(source), '/* @__PURE__ */ (() => (');
      edited.appendRight(value.getEnd(), '))()');
      changed = true;
    }
  }
  return changed ? edited : null;
}

/** Whether evaluating the expression calls something (a function body is not evaluated when it is written). */
function makesCall(node: ts.Node): boolean {
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return false;
  if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) return true;
  return ts.forEachChild(node, (child) => (makesCall(child) ? true : undefined)) ?? false;
}
