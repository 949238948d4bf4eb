/** `npm start`: the Placar server with its refresh schedule (see src/server/run-server.ts). */
import path from 'node:path';
import { runCli } from '../src/lib/config/cli.ts';
import { readConfig } from '../src/lib/config/config.ts';
import { readServerArgs, SERVER_ARG_HELP, SERVER_ARG_OPTIONS } from '../src/lib/config/server-args.ts';
import { runServer } from '../src/server/run-server.ts';
import { writeLogLine } from '../src/lib/config/log-line.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const log = (line: string): void => writeLogLine(process.stdout, line);

await runCli(
  {
    usage: 'npm start [-- --port N] [--host ENDEREÇO]',
    description:
      'Serve o painel e a API em HOST:PORT e atualiza os dados agora e a cada REFRESH_CRON (coleta → build → publicação). ' +
      'SIGTERM ou Ctrl+C encerram de forma limpa.',
    options: SERVER_ARG_HELP,
  },
  SERVER_ARG_OPTIONS,
  async (values) => {
    const config = readConfig(readServerArgs(values));
    const shutdown = new AbortController();
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        log(`${signal} recebido: encerrando…`);
        shutdown.abort();
      });
    }
    await runServer(config, { projectRoot, log, signal: shutdown.signal });
    log('Placar encerrado.');
    return 0;
  },
);
