/**
 * Every `node scripts/*.ts` entry point of package.json, as a user meets it: `--help` lists the
 * options and the environment variables with their defaults (exit 0); an unknown option or an
 * invalid configuration value stops it with exactly one pt-BR line on stderr, no stack trace,
 * exit 2.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../../src/lib/config/config.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { provideSharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import { runChild, startChild } from '../../../harness/watched-child.ts';

const packageScripts = (
  JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;
const ENTRY_POINTS = Object.entries(packageScripts)
  .map(([name, command]) => ({ name, file: /^(?:exec )?node (scripts\/[\w-]+\.ts)$/.exec(command)?.[1] }))
  .filter((entry): entry is { name: string; file: string } => entry.file !== undefined);
const DEFAULTS = new Map(CONFIG_VARIABLES.map((v) => [v.name, v.default]));
/** An invalid value per variable, and what the error line must mention. */
const INVALID_VALUES: Record<string, string> = {
  UPSTREAM_URL: 'não-é-uma-url',
  REFRESH_CRON: 'toda hora',
  PORT: '99999',
  BUILD_TIMEOUT_MS: 'um minuto',
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-cli-scripts-'));
// The arguments are under test, not the site bundle's build a first start would begin.
provideSharedSiteBundle(dataDir, PROJECT_ROOT);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runEntryPoint(file: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return runChild(process.execPath, [file, ...args], {
    name: file,
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      UPSTREAM_URL: 'http://127.0.0.1:9',
      ...env,
    },
    // A script that ignored the bad input would keep running: end it so the test fails, not hangs.
    timeoutMs: 30_000,
  });
}

/** The `NAME=default` lines under "Variáveis de ambiente (valor padrão):". */
function listedVariables(help: string): Map<string, string> {
  const section = help.split('Variáveis de ambiente (valor padrão):\n')[1] ?? '';
  const listed = new Map<string, string>();
  for (const line of section.split('\n')) {
    const match = /^ {2}([A-Z][A-Z0-9_]*)=(.*?)(?: {2,}|$)/.exec(line);
    if (match) listed.set(match[1] ?? '', match[2] ?? '');
  }
  return listed;
}

const helps = new Map<string, string>();

describe.each(ENTRY_POINTS)('npm $name ($file)', ({ name, file }) => {
  it('exists', () => {
    expect(fs.existsSync(path.join(PROJECT_ROOT, file)), `package.json script "${name}" runs a missing ${file}`).toBe(
      true,
    );
  });

  it('--help prints usage, options and the environment variables with their defaults, exit 0', async () => {
    const run = await runEntryPoint(file, ['--help']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Uso: npm /);
    expect(run.stdout).toContain('Opções:\n');
    expect(run.stdout).toMatch(/^ {2}-h, --help +Mostra esta ajuda\.$/m);
    expect(run.stdout).toContain('Variáveis de ambiente (valor padrão):\n');
    const listed = listedVariables(run.stdout);
    for (const [variable, value] of listed) expect(value, variable).toBe(DEFAULTS.get(variable));
    if (name === 'start') expect([...listed.keys()]).toEqual(CONFIG_VARIABLES.map((v) => v.name));
    helps.set(file, run.stdout);
  });

  it('an unknown option: one pt-BR line on stderr, exit 2', async () => {
    const run = await runEntryPoint(file, ['--opcao-inexistente']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('Opção desconhecida: --opcao-inexistente. Use --help para ver as opções.\n');
  });

  it('an invalid value of each variable it lists: one line naming it, no stack trace, exit 2', async () => {
    const help = helps.get(file) ?? (await runEntryPoint(file, ['--help'])).stdout;
    const variables = [...listedVariables(help).keys()].filter((variable) => variable in INVALID_VALUES);
    for (const variable of variables) {
      const run = await runEntryPoint(file, [], { [variable]: INVALID_VALUES[variable] ?? '' });
      expect(run.code, `${variable}: ${run.stdout}${run.stderr}`).toBe(2);
      const lines = run.stderr.split('\n').filter((line) => line !== '');
      expect(lines, variable).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Erro: ${variable}=`));
      expect(run.stderr).not.toMatch(/^\s+at /m);
    }
  });
});

describe.each(['start', 'demo', 'refresh'])('npm run %s: --port and --host like the others', (name) => {
  const file = ENTRY_POINTS.find((entry) => entry.name === name)?.file ?? `scripts/${name}.ts`;

  it('lists both in --help', async () => {
    const run = await runEntryPoint(file, ['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}--port N +\S/m);
    expect(run.stdout).toMatch(/^ {2}--host ENDEREÇO +\S/m);
  });

  it('an invalid --port is one pt-BR line naming the option, exit 2', async () => {
    const run = await runEntryPoint(file, ['--port', 'oitenta']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('Erro: --port="oitenta" é inválido: use um número inteiro entre 0 e 65535.\n');
  });

  it('an empty --host is one pt-BR line naming the option, exit 2', async () => {
    const run = await runEntryPoint(file, ['--host', '']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Erro: --host="" é inválido: /);
  });
});

describe('npm start --port --host', () => {
  it('listens where the arguments say, over PORT and HOST', async () => {
    const child = startChild(process.execPath, ['scripts/start.ts', '--port', '0', '--host', '127.0.0.1'], {
      name: 'placar',
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        HOST: 'nao-existe.invalid',
        PORT: '1',
        UPSTREAM_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const [, url] = await child.waitForOutput(/Placar ouvindo em (http:\/\/\S+)/, 30_000);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await child.stop();
    }
  });
});
