/**
 * README.md and docs/*.md stay true: every npm command they name exists, every environment
 * variable they name is a real one; the README's Configuration table lists exactly
 * CONFIG_VARIABLES with their defaults, its Commands table every npm script, its API table every
 * route; docs/api.md shows an example of every route. (The examples are run against a real server
 * in test/integration/server/readme-examples.test.ts; links and the README's length: docs-links.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../src/lib/api/api-routes.ts';
import { CONFIG_VARIABLES } from '../../../src/lib/config/config.ts';
import { CARD_COLORS, MATCH_EVENT_TYPES, STATUSES, TEAM_SIDES } from '../../../src/lib/model/model.ts';
import { PUBLISH_COMMAND_ENV } from '../../../src/refresh/publish/publish-command.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import {
  compareJsonShape,
  findEnvVarLikeNames,
  findNpmCommands,
  listDocFiles,
  parseApiExamples,
  parseConfigTable,
  readDoc,
  readReadme,
} from '../../support/project/readme.ts';

const readme = readReadme();
const docFiles = listDocFiles();
const packageJson = fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8');
const scripts = (JSON.parse(packageJson) as { scripts: Record<string, string> }).scripts;
/** npm's own commands the docs may name. */
const NPM_BUILTINS = new Set(['ci', 'install', 'i']);
/** Upper-case words of the docs that are not environment variables. */
const NOT_ENV = new Set<string>([
  ...STATUSES,
  ...MATCH_EVENT_TYPES,
  ...TEAM_SIDES,
  ...CARD_COLORS,
  'GET',
  'HEAD',
  'OPTIONS',
  // Web Push's methods and header (docs/api.md, docs/fan-features.md).
  'POST',
  'DELETE',
  'TTL',
  'USER_AGENT',
  'SIGTERM',
  'SIGINT',
  'SIGKILL',
  // "Refresh now" (docs/operations.md): `kill -USR2 <pid>`, logged as SIGUSR2.
  'SIGUSR2',
  'USR2',
  'EBADENGINE',
  // RFC 5545's components and properties: the team's calendar (docs/api.md).
  'VEVENT',
  'VTIMEZONE',
  'UID',
  'DTSTART',
  'DTEND',
  'DTSTAMP',
  'SUMMARY',
  'STATUS',
  'LOCATION',
  'DESCRIPTION',
  // The constant in src/lib/config/config.ts that lists the variables (docs/ARCHITECTURE.md names it).
  'CONFIG_VARIABLES',
  ...PUBLISH_COMMAND_ENV,
  // Read by @redocly/cli, not by Placar: the lint example in docs/api.md turns its telemetry off.
  'REDOCLY_TELEMETRY',
  // Read by glibc and by Node itself: npm start and deploy/placar.service set them (docs/performance.md).
  'MALLOC_ARENA_MAX',
  'MALLOC_MMAP_THRESHOLD_',
  'NODE_COMPILE_CACHE',
  // Read by Node: the Web Push tests trust their local push service's certificate with it (docs/operations.md).
  'NODE_EXTRA_CA_CERTS',
  // Read by test/e2e/views/dashboard-quality.test.ts (rewrite docs/screenshot.png), named in docs/dashboard.md.
  'UPDATE_DOCS_SCREENSHOT',
]);
/** rclone's own variables, which configure the remote of deploy/publish-rclone.sh (docs/deploying.md, shape 2). */
const isRcloneVariable = (name: string): boolean => name.startsWith('RCLONE_CONFIG_');
const sectionOf = (markdown: string, heading: string): string =>
  markdown.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? '';

describe.each(docFiles)('%s', (file) => {
  const text = readDoc(file);

  it('names only npm commands that exist (package.json scripts, or npm ci)', () => {
    const missing = findNpmCommands(text).filter(
      ({ run, name }) => !(name in scripts) && (run || !NPM_BUILTINS.has(name)),
    );
    expect(missing).toEqual([]);
  });

  it('names only environment variables that Placar reads', () => {
    const known = new Set(CONFIG_VARIABLES.map((v) => v.name));
    const unknown = [...findEnvVarLikeNames(text)].filter(
      (name) => !known.has(name) && !NOT_ENV.has(name) && !isRcloneVariable(name),
    );
    expect(unknown).toEqual([]);
  });
});

describe('README.md', () => {
  it('names npm commands (the checks above have something to check)', () => {
    expect(findNpmCommands(readme).length).toBeGreaterThan(5);
  });

  it('has a row in the Commands table for every npm script', () => {
    const commandsSection = sectionOf(readme, 'Commands');
    for (const name of Object.keys(scripts)) {
      const shown = name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`;
      expect(commandsSection, `no row for ${shown}`).toContain(`| \`${shown}\` |`);
    }
  });

  it('lists every configuration variable with its default, in CONFIG_VARIABLES order', () => {
    const rows = parseConfigTable(readme);
    expect(rows.map((r) => [r.name, r.default])).toEqual(CONFIG_VARIABLES.map((v) => [v.name, v.default]));
    for (const row of rows) expect(row.meaning.length, row.name).toBeGreaterThan(10);
  });

  it('lists every API route in its API table, and shows one example', () => {
    const apiSection = sectionOf(readme, 'API');
    for (const route of API_ROUTES) expect(apiSection, route.path).toContain(`| \`GET ${route.display}\` |`);
    expect(parseApiExamples(apiSection).length).toBeGreaterThanOrEqual(1);
  });

  it('shows the screenshot that the browser tests take', () => {
    expect(readme).toContain('](docs/screenshot.png)');
    expect(fs.existsSync(path.join(PROJECT_ROOT, 'docs/screenshot.png'))).toBe(true);
  });
});

describe('docs/api.md', () => {
  const api = readDoc('docs/api.md');

  it('lists every API route in its table', () => {
    for (const route of API_ROUTES) expect(api, route.path).toContain(`| \`GET ${route.display}\` |`);
  });

  it('shows a curl example for every route but the stream, and for errors', () => {
    const examples = parseApiExamples(api);
    const paths = new Set(examples.map((e) => e.target.split('?')[0]));
    for (const route of API_ROUTES.filter((r) => r.response !== 'stream')) {
      // A path with parameters ("/api/jogo/{competicao}/{partida}") is shown with real values.
      const pattern = new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      expect(
        [...paths].some((target) => pattern.test(target ?? '')),
        route.path,
      ).toBe(true);
    }
    expect(api).toContain("curl -N 'http://localhost:4321/api/eventos/stream");
    expect(examples.some((e) => e.status >= 400)).toBe(true);
  });

  it('has the sections the source comments cite', () => {
    // src/upstream/parse-status.ts, src/lib/model/staleness.ts, src/lib/api/headers-policy.ts
    for (const heading of ['### Status vocabulary', '### The stale rule', '## Caching headers']) {
      expect(api.split('\n'), heading).toContain(heading);
    }
  });
});

describe('compareJsonShape (how the examples are checked)', () => {
  it('accepts the same keys and types, nulls standing for nullable fields', () => {
    expect(
      compareJsonShape({ a: 1, b: null, c: [{ d: 'x' }] }, { a: 2, b: 'now', c: [{ d: 'y' }, { d: null }] }),
    ).toEqual([]);
  });

  it('reports missing and extra keys, wrong types and empty arrays', () => {
    expect(compareJsonShape({ a: 1, b: 2 }, { a: 1, c: 3 })).toEqual([
      '$.b: shown in the doc, missing in the response',
      '$.c: in the response, missing in the doc',
    ]);
    expect(compareJsonShape({ a: 1 }, { a: '1' })).toEqual(['$.a: the doc shows number, got string']);
    expect(compareJsonShape({ m: [{ id: 'x' }] }, { m: [] })).toEqual([
      '$.m: the doc shows elements, got an empty array',
    ]);
    expect(compareJsonShape({ m: [{ id: 'x' }] }, { m: [{ id: 'y' }, { id: 'z', extra: 1 }] })).toEqual([
      '$.m[1].extra: in the response, missing in the doc',
    ]);
  });

  it('lets an object with a "…" key leave keys out', () => {
    expect(compareJsonShape({ info: { title: 't', '…': '…' } }, { info: { title: 'u', version: '1' } })).toEqual([]);
    expect(compareJsonShape({ info: { title: 't', '…': '…' } }, { info: { version: '1' } })).toEqual([
      '$.info.title: shown in the doc, missing in the response',
    ]);
  });
});

describe('parseApiExamples', () => {
  const fence = '```';
  it('pairs a curl with the http block after it, skips a stream transcript, refuses a curl with no answer', () => {
    const shown = `${fence}sh\ncurl -i http://h/api/live\n${fence}\n\n${fence}http\nHTTP/1.1 200 OK\nA: b\n\n{"x": 1}\n${fence}\n`;
    const stream = `${fence}sh\ncurl -N http://h/api/eventos/stream\n${fence}\n\n${fence}text\nid: 1\n${fence}\n`;
    expect(parseApiExamples(shown + stream).map((e) => [e.target, e.status, e.headers])).toEqual([
      ['/api/live', 200, { a: 'b' }],
    ]);
    expect(() => parseApiExamples(`${fence}sh\ncurl -i http://h/api/live\n${fence}\n`)).toThrow(
      /not followed by an http block/,
    );
  });
});
