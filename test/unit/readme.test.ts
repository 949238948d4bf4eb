/**
 * README.md stays true: every npm command it names exists, every environment variable it names
 * is a real one, and its Configuration table lists exactly CONFIG_VARIABLES with their defaults.
 * (Its API examples are run against a real server in test/integration/readme-examples.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../src/lib/config/config.ts';
import { MATCH_EVENT_TYPES, STATUSES, TEAM_SIDES } from '../../src/lib/model/model.ts';
import { PUBLISH_COMMAND_ENV } from '../../src/pipeline/publish-command.ts';
import { PROJECT_ROOT } from '../support/placar-process.ts';
import { compareJsonShape, findEnvVarLikeNames, findNpmCommands, parseApiExamples, parseConfigTable, readReadme } from '../support/readme.ts';

const readme = readReadme();
const scripts = (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** npm's own commands the README may name. */
const NPM_BUILTINS = new Set(['ci', 'install', 'i']);
/** Upper-case words of the README that are not environment variables. */
const NOT_ENV = new Set<string>([...STATUSES, ...MATCH_EVENT_TYPES, ...TEAM_SIDES, 'GET', 'HEAD', 'OPTIONS', 'USER_AGENT', 'SIGTERM', 'SIGINT', 'SIGKILL', 'EBADENGINE', ...PUBLISH_COMMAND_ENV,
  // Read by @redocly/cli, not by Placar: the README's lint example turns its telemetry off.
  'REDOCLY_TELEMETRY',
]);
/** rclone's own variables, which configure the remote of deploy/publish-rclone.sh (Deploying, shape 2). */
const isRcloneVariable = (name: string): boolean => name.startsWith('RCLONE_CONFIG_');

describe('README.md', () => {
  it('names only npm commands that exist (package.json scripts, or npm ci)', () => {
    const commands = findNpmCommands(readme);
    expect(commands.length).toBeGreaterThan(5);
    const missing = commands.filter(({ run, name }) => !(name in scripts) && (run || !NPM_BUILTINS.has(name)));
    expect(missing).toEqual([]);
  });

  it('has a row in the Commands table for every npm script', () => {
    const commandsSection = readme.split('## Commands')[1]?.split('\n## ')[0] ?? '';
    for (const name of Object.keys(scripts)) {
      const shown = name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`;
      expect(commandsSection, `no row for ${shown}`).toContain(`| \`${shown}\` |`);
    }
  });

  it('names only environment variables that Placar reads', () => {
    const known = new Set(CONFIG_VARIABLES.map((v) => v.name));
    const unknown = [...findEnvVarLikeNames(readme)].filter((name) => !known.has(name) && !NOT_ENV.has(name) && !isRcloneVariable(name));
    expect(unknown).toEqual([]);
  });

  it('lists every configuration variable with its default, in CONFIG_VARIABLES order', () => {
    const rows = parseConfigTable(readme);
    expect(rows.map((r) => [r.name, r.default])).toEqual(CONFIG_VARIABLES.map((v) => [v.name, v.default]));
    for (const row of rows) expect(row.meaning.length, row.name).toBeGreaterThan(10);
  });

  it('shows a curl example for each of the five API routes and for an error', () => {
    const examples = parseApiExamples(readme);
    const paths = new Set(examples.map((e) => e.target.split('?')[0]));
    for (const route of ['/api/live', '/api/hoje', '/api/amanha', '/api/busca', '/api/routes']) expect(paths).toContain(route);
    expect(examples.some((e) => e.status >= 400)).toBe(true);
  });

  it('shows the screenshot that the browser tests take', () => {
    expect(readme).toContain('](docs/screenshot.png)');
    expect(fs.existsSync(path.join(PROJECT_ROOT, 'docs/screenshot.png'))).toBe(true);
  });
});

describe('compareJsonShape (how the README examples are checked)', () => {
  it('accepts the same keys and types, nulls standing for nullable fields', () => {
    expect(compareJsonShape({ a: 1, b: null, c: [{ d: 'x' }] }, { a: 2, b: 'now', c: [{ d: 'y' }, { d: null }] })).toEqual([]);
  });

  it('reports missing and extra keys, wrong types and empty arrays', () => {
    expect(compareJsonShape({ a: 1, b: 2 }, { a: 1, c: 3 })).toEqual([
      '$.b: shown in the README, missing in the response',
      '$.c: in the response, missing in the README',
    ]);
    expect(compareJsonShape({ a: 1 }, { a: '1' })).toEqual(['$.a: README shows number, got string']);
    expect(compareJsonShape({ m: [{ id: 'x' }] }, { m: [] })).toEqual(['$.m: README shows elements, got an empty array']);
    expect(compareJsonShape({ m: [{ id: 'x' }] }, { m: [{ id: 'y' }, { id: 'z', extra: 1 }] })).toEqual(['$.m[1].extra: in the response, missing in the README']);
  });

  it('lets an object with a "…" key leave keys out', () => {
    expect(compareJsonShape({ info: { title: 't', '…': '…' } }, { info: { title: 'u', version: '1' } })).toEqual([]);
    expect(compareJsonShape({ info: { title: 't', '…': '…' } }, { info: { version: '1' } })).toEqual(['$.info.title: shown in the README, missing in the response']);
  });
});
