/**
 * The project's import graph, read from the sources with TypeScript's own pre-processor
 * (static imports, `import type`, `export … from`, dynamic `import('…')`); .astro files
 * contribute their frontmatter and their <script> blocks. Only relative imports between
 * project files are edges: packages and node: built-ins are not layers.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE_FILE = /\.(ts|mts|mjs|astro)$/;

export interface ImportEdge {
  from: string;
  to: string;
}

export interface ImportGraph {
  files: string[];
  /** Relative imports between project files. */
  edges: ImportEdge[];
  /** Package and node: built-in specifiers, by importing file. */
  external: Map<string, string[]>;
}

function listSources(root: string, folders: string[]): string[] {
  return folders.flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')),
  );
}

/** The code of an .astro file that can import: the frontmatter and every <script> element. */
export function astroScriptText(source: string): string {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const scripts = [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  return [frontmatter, ...scripts].join('\n');
}

export function importSpecifiers(file: string, source: string): string[] {
  const code = file.endsWith('.astro') ? astroScriptText(source) : source;
  return ts.preProcessFile(code, true, true).importedFiles.map((imported) => imported.fileName);
}

/** The imports of every source file under `folders`, as project-relative paths. */
export function readImportGraph(root: string, folders: string[]): ImportGraph {
  const files = listSources(root, folders);
  const edges: ImportEdge[] = [];
  const external = new Map<string, string[]>();
  for (const from of files) {
    const specifiers = importSpecifiers(from, fs.readFileSync(path.join(root, from), 'utf8'));
    for (const specifier of specifiers.filter((name) => name.startsWith('.'))) {
      edges.push({
        from,
        to: path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier.replace(/\?.*$/, ''))),
      });
    }
    external.set(
      from,
      specifiers.filter((name) => !name.startsWith('.')),
    );
  }
  return { files, edges, external };
}
