/**
 * What `npm start` and each cluster worker do as a command: read the server's flags and the
 * environment once, shut down cleanly on SIGTERM or Ctrl+C, take SIGUSR2 (refresh now:
 * refresh-signal.ts) from the start, print start-up errors as one line (runCli). scripts/start.ts
 * serves with it; scripts/cluster-worker.ts, compiled once per start (cluster/worker-bundle.ts),
 * runs a worker with it.
 */
import { runCli } from '../lib/config/cli.ts';
import { readConfig, type Config } from '../lib/config/config.ts';
import { writeLogLine } from '../lib/config/log-line.ts';
import { readServerArgs, SERVER_ARG_HELP, SERVER_ARG_OPTIONS } from '../lib/config/server-args.ts';
import { takeRefreshSignal, type RefreshAsks } from './refresh-signal.ts';

export interface ServeOptions {
  log: (line: string) => void;
  /** Aborted on SIGTERM or SIGINT. */
  signal: AbortSignal;
  /** SIGUSR2's asks for a refresh now: the refresh side answers them (a cluster worker never listens). */
  refreshAsks: RefreshAsks;
}

export async function runServeCommand(serve: (config: Config, options: ServeOptions) => Promise<void>): Promise<void> {
  const log = (line: string): void => writeLogLine(process.stdout, line);
  const refreshAsks = takeRefreshSignal();
  await runCli(
    {
      usage: 'npm start [-- --port N] [--host ENDEREÇO]',
      description:
        'Serve o painel e a API em HOST:PORT e atualiza os dados agora e a cada REFRESH_CRON (coleta → build → publicação). ' +
        'SIGTERM ou Ctrl+C encerram de forma limpa; SIGUSR2 (kill -USR2 <pid>) atualiza agora.',
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
      await serve(config, { log, signal: shutdown.signal, refreshAsks });
      log('Placar encerrado.');
      return 0;
    },
  );
}
