/** `npm run build`: builds the site bundle of the installed version into DATA_DIR (see src/refresh/render/site-bundle.ts). */
import path from 'node:path';
import { EXIT_FAILURE, runCli } from '../src/lib/config/cli.ts';
import { readConfig } from '../src/lib/config/config.ts';
import { acquireRefreshLock } from '../src/refresh/refresh-lock.ts';
import { ensureSiteBundle } from '../src/refresh/render/site-bundle.ts';
import { writeLogLine } from '../src/lib/config/log-line.ts';
import { errorMessage } from '../src/lib/model/caught-error.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const log = (line: string): void => writeLogLine(process.stdout, line);

await runCli(
  {
    usage: 'npm run build [-- --help]',
    description:
      'Constrói o pacote do site (páginas, scripts, estilos e o renderizador) da versão instalada em DATA_DIR/builds, de onde cada atualização ' +
      'gera as páginas com dados. O primeiro início e a primeira atualização após uma mudança de versão fazem o mesmo sozinhos. Sai com 0 quando o pacote ficou pronto.',
    variables: ['DATA_DIR', 'BUILD_TIMEOUT_MS'],
  },
  {},
  async () => {
    const config = readConfig();
    const interrupt = new AbortController();
    process.once('SIGINT', () => interrupt.abort());
    process.once('SIGTERM', () => interrupt.abort());
    // Under the refresh lock: a running server's refresh never renders from a half-built bundle.
    const lock = await acquireRefreshLock(config.dataDir, interrupt.signal);
    if (!lock) return EXIT_FAILURE;
    try {
      const { bundle, builtMs } = await ensureSiteBundle({
        projectRoot,
        dataDir: config.dataDir,
        upstreamUrl: config.upstreamUrl,
        timeoutMs: config.buildTimeoutMs,
        env: process.env,
        signal: interrupt.signal,
        force: true,
      });
      log(`pacote do site ${bundle.fingerprint} construído em ${builtMs ?? 0} ms: ${bundle.dir}`);
      return 0;
    } catch (error) {
      writeLogLine(process.stderr, `Erro: o pacote do site não pôde ser construído: ${errorMessage(error)}`);
      return EXIT_FAILURE;
    } finally {
      lock.release();
    }
  },
);
