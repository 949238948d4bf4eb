/** `npm run refresh`: one scrape + build + publication, then exit (see src/refresh/refresh.ts). */
import path from 'node:path';
import { EXIT_FAILURE, runCli } from '../src/lib/config/cli.ts';
import { buildClientDir } from '../src/lib/store/builds/build-layout.ts';
import { readConfig } from '../src/lib/config/config.ts';
import { readServerArgs, SERVER_ARG_HELP, SERVER_ARG_OPTIONS } from '../src/lib/config/server-args.ts';
import { createBuildPublisher } from '../src/refresh/publish/publish-build.ts';
import { createEventPublisher } from '../src/refresh/publish/publish-events.ts';
import { createConfiguredPushSender } from '../src/refresh/publish/push-sender.ts';
import { runRefresh } from '../src/refresh/refresh.ts';
import { writeLogLine } from '../src/lib/config/log-line.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const log = (line: string): void => writeLogLine(process.stdout, line);

await runCli(
  {
    usage: 'npm run refresh [-- --port N] [--host ENDEREÇO]',
    description:
      'Coleta o site de origem uma vez, gera as páginas com dados a partir do pacote do site (construído antes, se preciso) e as publica em DATA_DIR/current (um servidor em execução passa a servi-lo). ' +
      'Sai com 0 quando o build foi publicado, mesmo se a coleta falhou (os últimos dados válidos são mantidos); 1 quando nada pôde ser publicado.',
    // Accepted (and validated) like `npm start`'s, so one command line or unit file serves both;
    // this command opens no port itself.
    options: SERVER_ARG_HELP.map((option) => ({
      ...option,
      description: `${option.description} Aceita como no npm start; a atualização não abre porta.`,
    })),
    variables: [
      'UPSTREAM_URL',
      'DATA_DIR',
      'REFRESH_CRON',
      'REQUEST_TIMEOUT_MS',
      'MAX_RESPONSE_BYTES',
      'BUILD_TIMEOUT_MS',
      'PUBLISH_COMMAND',
      'PUBLISH_TIMEOUT_MS',
      'PUSHPIN_PUBLISH_URLS',
      'VAPID_SUBJECT',
      'PUSH_SERVICE_ORIGINS',
    ],
  },
  SERVER_ARG_OPTIONS,
  async (values) => {
    const config = readConfig(readServerArgs(values));
    // Ctrl+C stops the refresh, and a bundle build it started (that runs in its own process group).
    const interrupt = new AbortController();
    process.once('SIGINT', () => interrupt.abort());
    process.once('SIGTERM', () => interrupt.abort());
    const publisher = createBuildPublisher({
      dataDir: config.dataDir,
      command: config.publishCommand,
      timeoutMs: config.publishTimeoutMs,
      log,
    });
    interrupt.signal.addEventListener('abort', () => void publisher.stop(), { once: true });
    const events =
      config.pushpinPublishUrls.length > 0
        ? createEventPublisher({ urls: config.pushpinPublishUrls, dataDir: config.dataDir, log })
        : null;
    const pushes = createConfiguredPushSender(config, log);
    interrupt.signal.addEventListener('abort', () => pushes?.stop(), { once: true });
    const report = await runRefresh(config, {
      projectRoot,
      log,
      label: 'atualização',
      waitForLock: true,
      signal: interrupt.signal,
      progress: (line) => log(`  ${line}`),
      onPublished: ({ buildId, manifest }) => {
        events?.publish(buildId);
        pushes?.send();
        publisher.publish({
          buildId,
          clientDir: buildClientDir(config.dataDir, buildId),
          generatedAt: manifest.builtAt,
        });
      },
    });
    // Nothing new to upload, but the last upload failed: the bucket still needs the current build.
    if (report.outcome !== 'published' && !interrupt.signal.aborted) publisher.retryFailed();
    // This process only refreshes: it can wait for the upload (its failure does not change the exit code).
    await Promise.all([publisher.idle(), events?.idle(), pushes?.idle()]);
    pushes?.stop();
    return report.outcome === 'published' ? 0 : EXIT_FAILURE;
  },
);
