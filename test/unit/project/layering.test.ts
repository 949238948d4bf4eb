/**
 * The layering of docs/ARCHITECTURE.md, kept honest: every import between project files goes
 * in a direction the document's folder table allows (read from the document itself), there is
 * no import cycle, the browser code reaches no Node-only module, and every room (a layer's
 * sub-folder, or one of test/support/, test/unit/, test/integration/ and test/e2e/) is in the
 * rooms table of its layer's README (src/refresh/README.md, test/README.md, …).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImportGraph, type ImportEdge } from '../../support/project/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

const ARCHITECTURE = fs.readFileSync(path.join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
/** What "May import" says of a folder that may import any other (the tests). */
const ANYTHING = 'anything';

/** A folder a row may import: any of its files, or (`a.ts`, `b.ts` only) just those. */
interface Allowance {
  folder: string;
  /** The only files of the folder it may import; null: any. */
  onlyFiles: string[] | null;
}

/**
 * docs/ARCHITECTURE.md's folder table as folder → the folders it may import (its own files always).
 * A row is `| \`folder/\` | holds | may import |`; "may import" names folders by their last part
 * ("model" is src/lib/model), "—" for none, "anything" for a folder no rule limits (kept apart,
 * so the table's own cycle check sees only real rules). A note in brackets is for the reader,
 * except "(`file.ts` only)" or "(`a.ts`, `b.ts` only)", which allows those files of the folder alone.
 */
function readLayering(markdown: string): { allowed: Record<string, Allowance[]>; unlimited: Set<string> } {
  const rows = [...markdown.matchAll(/^\| `([^`]+)\/` \|[^\n]*\| ([^|\n]+) \|$/gm)].map((m) => ({
    folder: m[1] ?? '',
    targets: (m[2] ?? '').trim(),
  }));
  const folders = rows.map((row) => row.folder);
  const byLastPart = (name: string): string => {
    const matches = folders.filter((folder) => folder.split('/').at(-1) === name);
    if (matches.length !== 1) throw new Error(`"${name}" names ${matches.length} folders of the table`);
    return matches[0] ?? '';
  };
  const readAllowance = (target: string): Allowance => {
    const only = /\(([^)]*) only\)/.exec(target)?.[1] ?? null;
    const onlyFiles = only === null ? null : [...only.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
    return { folder: byLastPart(target.replace(/\(.*\)/, '').trim()), onlyFiles };
  };
  const allowed = Object.fromEntries(
    rows.map(({ folder, targets }) => {
      if (targets === '—' || targets === ANYTHING) return [folder, []];
      return [folder, targets.split(/,(?![^(]*\))/).map(readAllowance)];
    }),
  );
  return { allowed, unlimited: new Set(rows.filter((row) => row.targets === ANYTHING).map((row) => row.folder)) };
}

const { allowed: ALLOWED_IMPORTS, unlimited: UNLIMITED } = readLayering(ARCHITECTURE);

/** The folder a file belongs to, as named in the table: src/lib/<kind>, src/<part>, or the top folder. */
function folderOf(file: string): string {
  const [top = '', second = '', third] = file.split('/');
  if (top !== 'src') return top;
  if (second === 'lib') return `src/lib/${third ?? ''}`;
  return third === undefined ? 'src' : `src/${second}`;
}

/** The folders of test/ kept in rooms: the support by what it supports, the tests by what they test. */
const TEST_FOLDERS_WITH_ROOMS = ['test/support', 'test/unit', 'test/integration', 'test/e2e'];

/**
 * The rooms tables of the layers' READMEs: a row `| \`src/<layer>/<room>/\` | holds |` (or
 * `test/support/<room>/`, `test/unit/<room>/`, …) names a room (a layer's "(top)" row does not; the
 * folder table's rows have a third cell).
 */
function readRooms(markdown: string): string[] {
  return [
    ...markdown.matchAll(
      /^\| `((?:src|test\/support|test\/unit|test\/integration|test\/e2e)\/[^`]+)\/` \| [^|\n]+ \|$/gm,
    ),
  ].map((m) => m[1] ?? '');
}

/** Every README.md in src/ and test/ (test/fixtures' recorded pages apart): where the rooms tables are. */
function readRoomTables(): string {
  return ['src', 'test']
    .flatMap((top) =>
      fs
        .readdirSync(path.join(ROOT, top), { recursive: true, encoding: 'utf8' })
        .filter((file) => path.basename(file) === 'README.md' && !file.startsWith('fixtures'))
        .map((file) => fs.readFileSync(path.join(ROOT, top, file), 'utf8')),
    )
    .join('\n');
}

const ROOMS = readRooms(readRoomTables());

/**
 * The room a file sits in: the folder under its layer in src/, or under one of
 * TEST_FOLDERS_WITH_ROOMS; null for a layer's top, src/pages' routes and the rest of test/.
 */
function roomOf(file: string): string | null {
  const layer = TEST_FOLDERS_WITH_ROOMS.find((folder) => file.startsWith(`${folder}/`)) ?? folderOf(file);
  const below = file.slice(layer.length + 1).split('/');
  const roomed = layer.startsWith('src/') || TEST_FOLDERS_WITH_ROOMS.includes(layer);
  if (!roomed || layer === 'src/pages' || below.length < 2) return null;
  return `${layer}/${below[0] ?? ''}`;
}

/** The files' rooms the table lacks, and the table's rooms no file sits in. */
function roomMismatches(files: string[], rooms: string[]): { unlisted: string[]; empty: string[] } {
  const present = new Set(files.flatMap((file) => roomOf(file) ?? []));
  return {
    unlisted: [...present].filter((room) => !rooms.includes(room)).sort(),
    empty: rooms.filter((room) => !present.has(room)),
  };
}

/** Edges that go against the table (or come from a folder the table does not name). */
function forbiddenEdges(edges: ImportEdge[], allowed: Record<string, Allowance[]>): string[] {
  return edges.flatMap(({ from, to }) => {
    const source = folderOf(from);
    const target = folderOf(to);
    if (source === target || UNLIMITED.has(source)) return [];
    const allowance = allowed[source]?.find((candidate) => candidate.folder === target);
    if (!allowance) return [`${from} → ${to} (${source} may not import ${target})`];
    const file = path.posix.basename(to);
    if (allowance.onlyFiles !== null && !allowance.onlyFiles.includes(file)) {
      return [`${from} → ${to} (${source} may import only ${allowance.onlyFiles.join(', ')} of ${target})`];
    }
    return [];
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

/**
 * The import edges between rooms (each once): a file's imports seen from its room, leaving out a layer's
 * top (the entry files that wire the rooms together) and imports within one room.
 */
function roomEdges(edges: ImportEdge[]): ImportEdge[] {
  const seen = new Map<string, ImportEdge>();
  for (const { from, to } of edges) {
    const source = roomOf(from);
    const target = roomOf(to);
    if (source === null || target === null || source === target) continue;
    seen.set(`${source} ${target}`, { from: source, to: target });
  }
  return [...seen.values()];
}

const graph = readImportGraph(ROOT, ['src', 'scripts', 'bench', 'harness', 'test']);

describe('layering (docs/ARCHITECTURE.md)', () => {
  it('reads a real graph: every kind of import statement is seen', () => {
    const targets = (file: string) => graph.edges.filter((edge) => edge.from === file).map((edge) => edge.to);
    // A dynamic import('…'), an .astro <script>, an .astro frontmatter import.
    expect(targets('src/client/search/search-request.ts')).toContain('src/client/search/static-search.ts');
    expect(targets('src/components/search/SearchView.astro')).toContain('src/client/search/search.ts');
    expect(targets('src/pages/index.astro').length).toBeGreaterThan(0);
    expect(graph.edges.length).toBeGreaterThan(200);
  });

  it('every folder of the sources is in the table', () => {
    const unknown = [...new Set(graph.files.map(folderOf))].filter((folder) => !(folder in ALLOWED_IMPORTS));
    expect(unknown).toEqual([]);
  });

  it("every room in src/ and in test/ has a row in its layer's README, and every row a room", () => {
    expect(roomMismatches(graph.files, ROOMS)).toEqual({ unlisted: [], empty: [] });
  });

  it('every import goes in an allowed direction', () => {
    expect(forbiddenEdges(graph.edges, ALLOWED_IMPORTS)).toEqual([]);
  });

  it('tests and benchmarks share the harness, and neither imports the other', () => {
    const across = graph.edges.filter(
      ({ from, to }) =>
        (folderOf(from) === 'test' && folderOf(to) === 'bench') ||
        (folderOf(from) === 'bench' && folderOf(to) === 'test'),
    );
    expect(across).toEqual([]);
    expect(graph.edges.some(({ from, to }) => folderOf(from) === 'bench' && folderOf(to) === 'harness')).toBe(true);
    expect(graph.edges.some(({ from, to }) => folderOf(from) === 'test' && folderOf(to) === 'harness')).toBe(true);
  });

  it('there is no import cycle, between files or in the table', () => {
    expect(findCycles(graph.edges)).toEqual([]);
    const tableEdges = Object.entries(ALLOWED_IMPORTS).flatMap(([from, targets]) =>
      targets.map((to) => ({ from, to: to.folder })),
    );
    expect(findCycles(tableEdges)).toEqual([]);
  });

  it('there is no import cycle between rooms: a room is below or above another, never both', () => {
    expect(findCycles(roomEdges(graph.edges))).toEqual([]);
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
      (graph.external.get(file) ?? [])
        .filter((name) => name.startsWith('node:'))
        .map((name) => `${file} imports ${name}`),
    );
    expect(nodeOnly).toEqual([]);
  });

  it('reads the rules from the document: a row edited there changes what is allowed', () => {
    expect(Object.keys(ALLOWED_IMPORTS).length).toBeGreaterThanOrEqual(19);
    expect(ALLOWED_IMPORTS['src/client']?.map((allowance) => allowance.folder)).toEqual([
      'src/lib/model',
      'src/lib/search',
      'src/lib/api',
      'src/lib/display',
    ]);
    expect(UNLIMITED).toEqual(new Set(['test']));
    expect(ROOMS).toEqual(
      expect.arrayContaining([
        'src/upstream/fetch',
        'src/client/alerts',
        'src/components/match',
        'test/support/browser',
        'test/unit/upstream',
        'test/integration/refresh',
        'test/e2e/fan',
      ]),
    );
    const serverRow =
      /^(\| `src\/server\/` \|.*\| )model, config, store, search, api, slices, refresh \(`refresh-scheduler\.ts`, `welcome-push\.ts` only\) \|$/m;
    expect(ARCHITECTURE).toMatch(serverRow);
    const edited = readLayering(ARCHITECTURE.replace(serverRow, '$1model |'));
    const entry = [{ from: 'src/server/run-server.ts', to: 'src/refresh/refresh-scheduler.ts' }];
    expect(forbiddenEdges(entry, ALLOWED_IMPORTS)).toEqual([]);
    expect(forbiddenEdges(entry, edited.allowed)).toHaveLength(1);
    // "(`refresh-scheduler.ts`, `welcome-push.ts` only)": the refresh's other files stay out of the server's reach.
    const inside = [{ from: 'src/server/run-server.ts', to: 'src/refresh/refresh.ts' }];
    expect(forbiddenEdges(inside, ALLOWED_IMPORTS)).toEqual([
      'src/server/run-server.ts → src/refresh/refresh.ts (src/server may import only refresh-scheduler.ts, welcome-push.ts of src/refresh)',
    ]);
  });

  it('the checks can fail: a bad direction, a cycle, a room without a row and a row without a room', () => {
    const bad = [
      { from: 'src/lib/model/model.ts', to: 'src/server/run-server.ts' },
      { from: 'src/server/run-server.ts', to: 'src/lib/model/model.ts' },
    ];
    expect(forbiddenEdges(bad, ALLOWED_IMPORTS)).toHaveLength(1);
    expect(findCycles(bad)).toHaveLength(1);
    // Two rooms that import each other through different files are a cycle of rooms, though no file closes one.
    const acrossRooms = [
      { from: 'src/server/filters/a.ts', to: 'src/server/site/b.ts' },
      { from: 'src/server/site/c.ts', to: 'src/server/filters/d.ts' },
    ];
    expect(findCycles(acrossRooms)).toEqual([]);
    expect(findCycles(roomEdges(acrossRooms))).toEqual([
      ['src/server/filters', 'src/server/site', 'src/server/filters'],
    ]);
    // A layer's top is no room: its entry files import rooms that use its small helpers.
    expect(roomEdges([{ from: 'src/server/http-server.ts', to: 'src/server/site/b.ts' }])).toEqual([]);
    // A layer's own files, src/pages' route folders and test/fixtures' folders are no rooms; a new folder (in src/
    // or test/integration/) and a row left behind are.
    const files = [
      'src/client/alerts/a.ts',
      'src/client/widgets/w.ts',
      'src/lib/model/model.ts',
      'src/pages/dia/d.astro',
      'test/unit/u.test.ts',
      'test/integration/gadgets/g.test.ts',
      'test/fixtures/upstream/page.html',
      'test/support/loose.ts',
    ];
    expect(roomMismatches(files, ['src/client/alerts', 'src/client/gone'])).toEqual({
      unlisted: ['src/client/widgets', 'test/integration/gadgets'],
      empty: ['src/client/gone'],
    });
  });
});
