/**
 * The layering of docs/ARCHITECTURE.md, kept honest: every import between project files goes
 * in an allowed direction (the table below is the one in the document), there is no import
 * cycle, and the browser code reaches no Node-only module.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImportGraph, type ImportEdge } from '../support/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Folder → the folders it may import (its own files always). Mirrors docs/ARCHITECTURE.md. */
const ALLOWED_IMPORTS: Record<string, string[]> = {
  'src/lib/model': [],
  'src/lib/config': ['src/lib/model'],
  'src/lib/store': ['src/lib/model'],
  'src/lib/search': ['src/lib/model'],
  'src/lib/api': ['src/lib/model'],
  'src/lib/display': ['src/lib/model', 'src/lib/config', 'src/lib/store'],
  'src/upstream': ['src/lib/model'],
  'src/crests': ['src/lib/model', 'src/lib/store', 'src/upstream'],
  'src/demo': ['src/lib/model', 'src/lib/config', 'src/upstream'],
  'src/pipeline': ['src/lib/model', 'src/lib/config', 'src/lib/store', 'src/lib/api', 'src/lib/display', 'src/upstream', 'src/crests'],
  'src/server': ['src/lib/model', 'src/lib/config', 'src/lib/store', 'src/lib/search', 'src/lib/api', 'src/pipeline'],
  'src/client': ['src/lib/model', 'src/lib/search', 'src/lib/api', 'src/lib/display'],
  'src/components': ['src/lib/model', 'src/lib/api', 'src/lib/display', 'src/client'],
  'src/layouts': ['src/lib/display', 'src/components', 'src/styles'],
  'src/pages': ['src/lib/api', 'src/lib/display', 'src/components', 'src/layouts', 'src/server'],
  'src/styles': [],
  src: ['src/lib/display'],
  scripts: ['src/lib/model', 'src/lib/config', 'src/lib/store', 'src/pipeline', 'src/server', 'src/demo', 'bench'],
  bench: ['src/lib/model', 'src/lib/config', 'src/lib/store', 'src/lib/search', 'src/upstream', 'src/demo', 'test'],
  test: [],
};

/** The folder a file belongs to, as named in the table: src/lib/<kind>, src/<part>, or the top folder. */
function folderOf(file: string): string {
  const [top = '', second = '', third] = file.split('/');
  if (top !== 'src') return top;
  if (second === 'lib') return `src/lib/${third ?? ''}`;
  return third === undefined ? 'src' : `src/${second}`;
}

/** Edges that go against the table (or come from a folder the table does not name). */
function forbiddenEdges(edges: ImportEdge[], allowed: Record<string, string[]>): string[] {
  return edges.flatMap(({ from, to }) => {
    const source = folderOf(from);
    const target = folderOf(to);
    if (source === target || (source === 'test' && target !== 'test')) return [];
    return allowed[source]?.includes(target) ? [] : [`${from} → ${to} (${source} may not import ${target})`];
  });
}

/** Every import cycle among the files, each as the chain of files that closes it. */
function findCycles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const target of next.get(file) ?? []) {
      if (state.get(target) === 'open') cycles.push([...stack.slice(stack.indexOf(target)), target]);
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of next.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

const graph = readImportGraph(ROOT, ['src', 'scripts', 'bench', 'test']);

describe('layering (docs/ARCHITECTURE.md)', () => {
  it('reads a real graph: every kind of import statement is seen', () => {
    const targets = (file: string) => graph.edges.filter((edge) => edge.from === file).map((edge) => edge.to);
    // A dynamic import('…'), an .astro <script>, an .astro frontmatter import.
    expect(targets('src/client/search-request.ts')).toContain('src/client/static-search.ts');
    expect(targets('src/components/SearchView.astro')).toContain('src/client/search.ts');
    expect(targets('src/pages/index.astro').length).toBeGreaterThan(0);
    expect(graph.edges.length).toBeGreaterThan(200);
  });

  it('every folder of the sources is in the table', () => {
    const unknown = [...new Set(graph.files.map(folderOf))].filter((folder) => !(folder in ALLOWED_IMPORTS));
    expect(unknown).toEqual([]);
  });

  it('every import goes in an allowed direction', () => {
    expect(forbiddenEdges(graph.edges, ALLOWED_IMPORTS)).toEqual([]);
  });

  it('there is no import cycle, between files or in the table', () => {
    expect(findCycles(graph.edges)).toEqual([]);
    const tableEdges = Object.entries(ALLOWED_IMPORTS).flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
    expect(findCycles(tableEdges)).toEqual([]);
  });

  it('the browser code reaches no Node-only module', () => {
    const reached = new Set<string>();
    const pending = graph.files.filter((file) => folderOf(file) === 'src/client');
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (reached.has(file)) continue;
      reached.add(file);
      pending.push(...graph.edges.filter((edge) => edge.from === file).map((edge) => edge.to));
    }
    const nodeOnly = [...reached].flatMap((file) =>
      (graph.external.get(file) ?? []).filter((name) => name.startsWith('node:')).map((name) => `${file} imports ${name}`),
    );
    expect(nodeOnly).toEqual([]);
  });

  it('the checks can fail: a bad direction and a cycle are reported', () => {
    const bad = [
      { from: 'src/lib/model/model.ts', to: 'src/server/run-server.ts' },
      { from: 'src/server/run-server.ts', to: 'src/lib/model/model.ts' },
    ];
    expect(forbiddenEdges(bad, ALLOWED_IMPORTS)).toHaveLength(1);
    expect(findCycles(bad)).toHaveLength(1);
  });
});
