/**
 * Reads README.md and docs/*.md the way the doc tests check them: the npm commands and
 * environment variables they name, the README's Configuration table, and API examples (a ```sh
 * block holding one `curl` command followed by an ```http block with the status line, the
 * headers that must match exactly, and an abbreviated JSON body). Editing them changes what is tested.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';

/** README.md, then every docs/*.md, as paths relative to the project root. */
export function listDocFiles(): string[] {
  const docs = fs.readdirSync(path.join(PROJECT_ROOT, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.sort().map((name) => `docs/${name}`)];
}

export function readDoc(relativePath: string): string {
  return fs.readFileSync(path.join(PROJECT_ROOT, relativePath), 'utf8');
}

export function readReadme(): string {
  return readDoc('README.md');
}

export interface CodeBlock {
  lang: string;
  body: string;
}

export function parseCodeBlocks(markdown: string): CodeBlock[] {
  return [...markdown.matchAll(/^```(\S*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1] ?? '', body: m[2] ?? '' }));
}

/** `npm X` / `npm run X` anywhere in the text: [kind, name]. */
export function findNpmCommands(markdown: string): { run: boolean; name: string }[] {
  return [...markdown.matchAll(/\bnpm (run )?([a-z][\w:-]*)/g)].map((m) => ({
    run: m[1] !== undefined,
    name: m[2] ?? '',
  }));
}

/**
 * Words that look like environment variables: UPPER_SNAKE tokens, and upper-case names
 * assigned in a shell line (`HOST=0.0.0.0`) or written alone in backticks (`PORT`).
 */
export function findEnvVarLikeNames(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const m of markdown.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)) names.add(m[0]);
  for (const m of markdown.matchAll(/(?:^|\s)([A-Z][A-Z0-9_]*)=/gm)) names.add(m[1] ?? '');
  for (const m of markdown.matchAll(/`([A-Z][A-Z0-9_]+)(?:[:/][^`]*)?`/g)) names.add(m[1] ?? '');
  return names;
}

export interface ConfigRow {
  name: string;
  /** '' for a row that says *(empty)*. */
  default: string;
  meaning: string;
}

/** The rows between <!-- config-table:start --> and <!-- config-table:end -->. */
export function parseConfigTable(markdown: string): ConfigRow[] {
  const table = /<!-- config-table:start -->\n([\s\S]*?)<!-- config-table:end -->/.exec(markdown)?.[1];
  if (table === undefined) throw new Error('README.md has no config-table markers');
  return table
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) => {
      const [name = '', value = '', meaning = ''] = line
        .split(/ \| /)
        .map((cell) => cell.replace(/^\|\s*|\s*\|$/g, ''));
      return {
        name: name.replace(/`/g, ''),
        default: value === '*(empty)*' ? '' : value.replace(/^`|`$/g, ''),
        meaning,
      };
    });
}

export interface ApiExample {
  command: string;
  method: string;
  /** Path and query, e.g. "/api/busca?q=flamengo". */
  target: string;
  requestHeaders: Record<string, string>;
  status: number;
  reason: string;
  headers: Record<string, string>;
  body: unknown;
}

function splitShellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

function parseCurl(command: string): Pick<ApiExample, 'method' | 'target' | 'requestHeaders'> {
  const words = splitShellWords(command);
  let method = 'GET';
  let url: string | null = null;
  const requestHeaders: Record<string, string> = {};
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? '';
    if (word === '-i' || word === '-s' || word === '-si') continue;
    if (word === '-I') method = 'HEAD';
    else if (word === '-X') method = words[++i] ?? '';
    else if (word === '-H') {
      const [name = '', ...value] = (words[++i] ?? '').split(':');
      requestHeaders[name.trim()] = value.join(':').trim();
    } else if (/^https?:\/\//.test(word)) url = word;
    else throw new Error(`curl example uses an option the test does not understand: ${word} in ${command}`);
  }
  if (url === null) throw new Error(`curl example without a URL: ${command}`);
  const parsed = new URL(url);
  return { method, target: parsed.pathname + parsed.search, requestHeaders };
}

function parseHttpBlock(body: string): Pick<ApiExample, 'status' | 'reason' | 'headers' | 'body'> {
  const [head = '', ...rest] = body.split('\n\n');
  // A HEAD example's block ends with its headers.
  const [statusLine = '', ...headerLines] = head.trimEnd().split('\n');
  const status = /^HTTP\/1\.1 (\d{3}) (.+)$/.exec(statusLine);
  if (!status) throw new Error(`http block without a status line: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = rest.join('\n\n').trim();
  return { status: Number(status[1]), reason: status[2] ?? '', headers, body: text === '' ? null : JSON.parse(text) };
}

/**
 * Every ```sh block that is a single `curl` line, paired with the ```http block after it. A curl
 * followed by a ```text block shows a stream's transcript (Server-Sent Events), not a response:
 * not run here (test/integration/event-stream/event-stream.test.ts covers the stream).
 */
export function parseApiExamples(markdown: string): ApiExample[] {
  const blocks = parseCodeBlocks(markdown);
  const examples: ApiExample[] = [];
  blocks.forEach((block, i) => {
    const command = block.body.trim();
    if (block.lang !== 'sh' || !command.startsWith('curl ') || command.includes('\n')) return;
    const response = blocks[i + 1];
    if (response?.lang === 'text') return;
    if (response?.lang !== 'http') throw new Error(`curl example not followed by an http block: ${command}`);
    examples.push({ command, ...parseCurl(command), ...parseHttpBlock(response.body) });
  });
  return examples;
}

const ELLIPSIS = '…';

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/**
 * Differences between the shape a doc shows and an actual JSON value: the same keys
 * (an object holding a "…" key may leave keys out), the same types (a null in either stands
 * for a nullable field), and every element of an actual array shaped like the doc's first.
 */
export function compareJsonShape(shown: unknown, actual: unknown, at = '$'): string[] {
  if (shown === null || actual === null) return [];
  if (typeOf(shown) !== typeOf(actual)) return [`${at}: the doc shows ${typeOf(shown)}, got ${typeOf(actual)}`];
  if (Array.isArray(shown) && Array.isArray(actual)) {
    const [first] = shown;
    if (first === undefined) return [];
    if (actual.length === 0) return [`${at}: the doc shows elements, got an empty array`];
    return actual.flatMap((element, i) => compareJsonShape(first, element, `${at}[${i}]`));
  }
  if (typeOf(shown) !== 'object') return [];
  const shownObject = shown as Record<string, unknown>;
  const actualObject = actual as Record<string, unknown>;
  const abbreviated = ELLIPSIS in shownObject;
  const problems: string[] = [];
  for (const key of Object.keys(shownObject)) {
    if (key === ELLIPSIS) continue;
    if (!(key in actualObject)) problems.push(`${at}.${key}: shown in the doc, missing in the response`);
    else problems.push(...compareJsonShape(shownObject[key], actualObject[key], `${at}.${key}`));
  }
  if (!abbreviated) {
    for (const key of Object.keys(actualObject)) {
      if (!(key in shownObject)) problems.push(`${at}.${key}: in the response, missing in the doc`);
    }
  }
  return problems;
}
