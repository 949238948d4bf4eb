/**
 * `--port` and `--host`, the same for `npm start`, `npm run demo` and `npm run refresh`:
 * validated once here (pt-BR errors naming the option), then applied as PORT/HOST over the
 * environment so the configuration keeps one source of truth (src/lib/config/config.ts).
 */
import type { CliOption } from './cli.ts';
import { StartupError } from './cli.ts';

export const SERVER_ARG_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
} as const;

export const SERVER_ARG_HELP: readonly CliOption[] = [
  { name: '--port N', description: 'Porta do servidor (substitui PORT; 0 escolhe uma livre).' },
  { name: '--host ENDEREÇO', description: 'Endereço do servidor (substitui HOST; 0.0.0.0 para todas as interfaces).' },
];

export interface ServerArgs {
  port?: string | undefined;
  host?: string | undefined;
}

/** PORT/HOST overrides from the arguments given (none: the environment's values stand). */
export function readServerArgs(args: ServerArgs): Record<string, string> {
  const overrides: Record<string, string> = {};
  if (args.port !== undefined) {
    const port = Number(args.port);
    if (args.port.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65_535) {
      throw new StartupError(`--port="${args.port}" é inválido: use um número inteiro entre 0 e 65535.`);
    }
    overrides.PORT = String(port);
  }
  if (args.host !== undefined) {
    if (args.host.trim() === '' || /\s/.test(args.host)) {
      throw new StartupError(
        `--host="${args.host}" é inválido: use um nome ou endereço, por exemplo 127.0.0.1 ou 0.0.0.0.`,
      );
    }
    overrides.HOST = args.host;
  }
  return overrides;
}
