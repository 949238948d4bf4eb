/**
 * A function a reader can hold in view: Biome's noExcessiveLinesPerFunction (biome.jsonc) counts a body's lines of
 * code up to 100; this also bounds what it leaves out, so comments cannot stretch a function past a screen or two.
 * Test files' `describe` callbacks are lists of cases, as in biome.jsonc.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readImportGraph } from '../../support/project/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAX_PHYSICAL_LINES = 120;

/** Each function of the source longer than `max` physical lines, as `file:line name (lines)`. */
function longFunctions(file: string, source: string, max: number): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line;
      const lines = tree.getLineAndCharacterOfPosition(node.end).line - first + 1;
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined);
      if (lines > max) found.push(`${file}:${first + 1} ${named?.getText(tree) ?? '(anonymous)'} (${lines})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe('function length', () => {
  it(`no function of the sources, scripts, benchmarks, harness or test support spans over ${MAX_PHYSICAL_LINES} lines`, () => {
    const files = readImportGraph(ROOT, ['src', 'scripts', 'bench', 'harness', 'test']).files.filter(
      (file) => /\.(ts|mts|mjs)$/.test(file) && !file.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(300);
    const long = files.flatMap((file) =>
      longFunctions(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), MAX_PHYSICAL_LINES),
    );
    expect(long).toEqual([]);
  });

  it('can fail: a declared function and an arrow held by a name, past the bound', () => {
    const body = Array.from({ length: 4 }, (_, index) => `  const value${index} = ${index};`).join('\n');
    const source = `function long() {\n${body}\n}\nconst short = () => 1;\nconst arrow = () => {\n${body}\n};\n`;
    expect(longFunctions('made-up-source', source, 5)).toEqual([
      'made-up-source:1 long (6)',
      'made-up-source:8 arrow (6)',
    ]);
  });
});
