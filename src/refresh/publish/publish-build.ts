/**
 * PUBLISH_COMMAND after each successful swap: uploads the new client folder (to a CDN, an
 * object store, another host) beside the server, never in its way — publish() returns at
 * once, a failure is one log line and an entry in /healthz (publish-state.json), and the
 * local site is untouched whatever happens.
 *
 * Never two runs at once (queue-latest): a swap during a run queues its build, a later swap
 * replaces the queued one, and when the run ends only the newest build is published. Builds
 * in between are skipped — the destination only ever needs the latest — and the newest one
 * is never left behind until the next refresh.
 */
import { buildClientDir, buildManifestPath } from '../../lib/store/builds/build-layout.ts';
import { readSiteManifest } from '../../lib/store/builds/site-manifest.ts';
import { markBuildInUse, unmarkBuildInUse } from '../../lib/store/builds/build-in-use.ts';
import { readCurrentBuildId } from '../../lib/store/builds/current-link.ts';
import { runPublishCommand, type PublishRequest, type PublishResult } from './publish-command.ts';
import { readPublishState, writePublishStateAtomically } from '../../lib/store/builds/publish-state-store.ts';
import { formatSaoPauloIso } from '../../lib/model/time.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';

export type { PublishRequest, PublishResult } from './publish-command.ts';

export interface BuildPublisherOptions {
  dataDir: string;
  /** PUBLISH_COMMAND; '' disables publishing. */
  command: string;
  timeoutMs: number;
  log: (line: string) => void;
  /** Environment of the command (plus PLACAR_BUILD_DIR, PLACAR_GENERATED_AT, PLACAR_BUILD_ID). */
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
}

export interface BuildPublisher {
  /** Publishes the build now, or after the run in progress (replacing any queued build). */
  publish(request: PublishRequest): void;
  /**
   * After a refresh that published nothing new: if the last run (of any process, per
   * publish-state.json) failed, publishes the build being served again — a failed upload is
   * retried at the next refresh even when that refresh builds nothing.
   */
  retryFailed(): void;
  /** Resolves once nothing is running or queued. */
  idle(): Promise<void>;
  /** Drops the queued build and stops a run in progress (as a timeout would). */
  stop(): Promise<void>;
}

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/** The build DATA_DIR/current points at, as a publish request; null when there is none. */
export function currentPublishRequest(dataDir: string): PublishRequest | null {
  const buildId = readCurrentBuildId(dataDir);
  if (buildId === null) return null;
  try {
    const manifest = readSiteManifest(buildManifestPath(dataDir, buildId));
    return manifest ? { buildId, clientDir: buildClientDir(dataDir, buildId), generatedAt: manifest.builtAt } : null;
  } catch {
    return null;
  }
}

export function createBuildPublisher(options: BuildPublisherOptions): BuildPublisher {
  const now = options.now ?? (() => new Date());
  let queued: PublishRequest | null = null;
  let running: Promise<void> | null = null;
  let stopping: AbortController | null = null;

  const record = (request: PublishRequest, startedAt: Date, result: PublishResult): void => {
    const previous = readPublishState(options.dataDir);
    const startedText = formatSaoPauloIso(startedAt);
    try {
      writePublishStateAtomically(options.dataDir, {
        lastRunAt: startedText,
        lastBuildId: request.buildId,
        lastDurationMs: result.durationMs,
        lastSuccessAt: result.ok ? startedText : previous.lastSuccessAt,
        lastError: result.error,
      });
    } catch (error) {
      options.log(`aviso: não foi possível gravar o estado da publicação: ${errorMessage(error)}`);
    }
    if (result.ok) options.log(`publicação concluída build=${request.buildId} publicacao_ms=${result.durationMs}`);
    else
      options.log(
        `aviso: publicação falhou build=${request.buildId} publicacao_ms=${result.durationMs} erro=${quote(result.error ?? '')}`,
      );
  };

  const runOne = async (request: PublishRequest): Promise<void> => {
    const startedAt = now();
    stopping = new AbortController();
    let marker: number | null = null;
    const result = await runPublishCommand(
      options.command,
      request,
      options.timeoutMs,
      options.env,
      stopping.signal,
      (pid) => {
        // Marked with the command's pid, so cleanup keeps the folder while it is being uploaded.
        try {
          markBuildInUse(options.dataDir, request.buildId, pid);
          marker = pid;
        } catch {
          // The folder is gone already: the command will say so.
        }
      },
    );
    if (marker !== null) unmarkBuildInUse(options.dataDir, request.buildId, marker);
    record(request, startedAt, result);
  };

  const drain = async (): Promise<void> => {
    try {
      while (queued) {
        const next = queued;
        queued = null;
        await runOne(next).catch((error: unknown) =>
          options.log(`aviso: publicação do build ${next.buildId} falhou: ${errorMessage(error)}`),
        );
      }
    } finally {
      running = null;
    }
  };

  return {
    publish(request) {
      if (options.command === '') return;
      if (queued)
        options.log(`publicação do build ${queued.buildId} dispensada: o build ${request.buildId} é mais novo`);
      queued = request;
      running ??= drain();
    },
    retryFailed() {
      if (options.command === '' || queued || running) return;
      if (readPublishState(options.dataDir).lastError === null) return;
      const request = currentPublishRequest(options.dataDir);
      if (request) this.publish(request);
    },
    async idle() {
      await running;
    },
    async stop() {
      queued = null;
      stopping?.abort();
      await running;
    },
  };
}
