/**
 * Shared shape of every entry point in scripts/: `--help` that lists the options and the
 * environment variables with their defaults, and start-up errors printed as one clear line
 * (never a stack trace) with a distinct exit code.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CONFIG_VARIABLES, ConfigError } from './config.ts';
import { writeLogLine } from './log-line.ts';
import { errorCode, errorMessage } from '../model/caught-error.ts';

export interface CliOption {
  name: string;
  description: string;
}

export interface CliSpec {
  /** e.g. "npm start [-- --help]" */
  usage: string;
  /** pt-BR, one or two sentences. */
  description: string;
  options?: readonly CliOption[];
  /** Config variables this command reads; defaults to all of them. */
  variables?: readonly string[];
}

export function formatHelp(spec: CliSpec): string {
  const options: CliOption[] = [...(spec.options ?? []), { name: '-h, --help', description: 'Mostra esta ajuda.' }];
  const variables = CONFIG_VARIABLES.filter((v) => !spec.variables || spec.variables.includes(v.name));
  const optionWidth = Math.max(...options.map((o) => o.name.length));
  const variableWidth = Math.max(...variables.map((v) => `${v.name}=${v.default}`.length));
  return [
    `Uso: ${spec.usage}`,
    '',
    spec.description,
    '',
    'Opções:',
    ...options.map((o) => `  ${o.name.padEnd(optionWidth)}  ${o.description}`),
    '',
    'Variáveis de ambiente (valor padrão):',
    ...(variables.length > 0
      ? variables.map((v) => `  ${`${v.name}=${v.default}`.padEnd(variableWidth)}  ${v.description}`)
      : ['  (nenhuma)']),
    '',
  ].join('\n');
}

/** Exit codes shared by the scripts. */
export const EXIT_FAILURE = 1;
export const EXIT_BAD_CONFIG = 2;

/** An error the user can fix; printed as its message alone. */
export class StartupError extends Error {
  override name = 'StartupError' as const;
}

/** node:util.parseArgs errors (English, by code) as one pt-BR sentence. */
export function formatArgumentError(error: unknown): string {
  const message = errorMessage(error);
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  // "-h, --help <value>" → "--help"
  const option =
    quoted
      .replace(/ <value>$/, '')
      .split(', ')
      .at(-1) ?? quoted;
  switch (errorCode(error)) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Opção desconhecida: ${option}.`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Argumento inesperado: ${quoted} (as opções começam com --).`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return / argument missing$/.test(message)
        ? `Falta o valor da opção ${option}.`
        : `A opção ${option} não aceita valor.`;
    default:
      return `Argumentos inválidos: ${message}.`;
  }
}

/** The parsed flags `main` receives. */
type CliValues<T extends NonNullable<ParseArgsConfig['options']>> = ReturnType<
  typeof parseArgs<{ options: T; strict: true; allowPositionals: false }>
>['values'];

/**
 * Parses argv with node:util.parseArgs (strict), handles --help, and runs `main`.
 * ConfigError/StartupError and bad arguments print one line and exit 2; anything else
 * prints one line with the error's name and exits 1.
 */
export async function runCli<T extends NonNullable<ParseArgsConfig['options']>>(
  spec: CliSpec,
  options: T,
  main: (values: CliValues<T>) => Promise<number | undefined>,
  argv: string[] = process.argv.slice(2),
): Promise<void> {
  let values: CliValues<T>;
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    if ((parsed.values as { help?: boolean }).help) {
      process.stdout.write(formatHelp(spec));
      return;
    }
    values = parsed.values as CliValues<T>;
  } catch (error) {
    process.stderr.write(`${formatArgumentError(error)} Use --help para ver as opções.\n`);
    process.exitCode = EXIT_BAD_CONFIG;
    return;
  }
  try {
    const code = await main(values);
    if (typeof code === 'number') process.exitCode = code;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof StartupError) {
      writeLogLine(process.stderr, `Erro: ${error.message}`);
      process.exitCode = EXIT_BAD_CONFIG;
      return;
    }
    const name = error instanceof Error ? error.name : typeof error;
    writeLogLine(process.stderr, `Erro inesperado (${name}): ${errorMessage(error)}`);
    process.exitCode = EXIT_FAILURE;
  }
}
