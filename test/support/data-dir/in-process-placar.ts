/**
 * Placar in the test's own process, for tests that only read what a refresh made: refresh() runs one refresh
 * against the fake upstream (runRefresh) and hands its build to a server with no port (createPlacarServer), which
 * request() asks over an in-memory connection (real HTTP both ways). No child process, no port, no cron.
 * Tests of what only a process shows (signals, cluster, restarts, disks, fronts) start one (harness/placar-process.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig, type Config } from '../../../src/lib/config/config.ts';
import { runRefresh } from '../../../src/refresh/refresh.ts';
import type { RefreshReport } from '../../../src/refresh/refresh-scheduler.ts';
import { createPlacarServer, type PlacarServer } from '../../../src/server/http-server.ts';
import type { InjectedRequest } from '../../../src/server/inject-request.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { copySharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import type { RawResponse } from '../http/raw-http.ts';
import type { ServedPlacar, ServedPlacarOptions } from '../processes/served-placar.ts';

export interface InProcessPlacarOptions {
  upstreamUrl: string;
  /** Kept after close() (a test may serve it again); default: a new temp folder, removed by close(). */
  dataDir?: string;
  /** Settings as the environment spells them (DATA_DIR and UPSTREAM_URL are set from the options). */
  env?: Record<string, string>;
}

export interface InProcessPlacar {
  readonly config: Config;
  readonly server: PlacarServer;
  /** One refresh; a published build is served before this resolves. Expects it published. */
  refresh(): Promise<RefreshReport>;
  /** One request, its target sent verbatim. */
  request(target: string, init?: InjectedRequest): Promise<RawResponse>;
  close(): Promise<void>;
}

export async function startInProcessPlacar(options: InProcessPlacarOptions): Promise<InProcessPlacar> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'placar-in-process-'));
  // The run's one site bundle, as startPlacar copies it: the refresh renders from it instead of building its own.
  copySharedSiteBundle(dataDir, PROJECT_ROOT);
  const config = parseConfig({
    // As startPlacar's processes: /healthz's details shown to loopback.
    HEALTHZ_LOOPBACK_DETAILS: 'on',
    ...options.env,
    DATA_DIR: dataDir,
    UPSTREAM_URL: options.upstreamUrl,
  });
  const server = await createPlacarServer(config, () => undefined);
  return {
    config,
    server,
    async refresh() {
      const report = await runRefresh(config, {
        projectRoot: PROJECT_ROOT,
        log: () => undefined,
        onPublished: (loaded) => server.site.reload(loaded),
      });
      server.recordRefresh(report);
      expect(report.error).toBeNull();
      expect(report.outcome).toBe('published');
      return report;
    },
    async request(target, init) {
      const { status, headers, body } = await server.inject(target, init);
      return {
        status,
        headers,
        body,
        text: () => body.toString('utf8'),
        json: () => JSON.parse(body.toString('utf8')) as unknown,
      };
    },
    async close() {
      await server.close();
      if (options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What servePlacarForFile's upstream serves, and this process's Placar. */
export type RefreshedPlacarOptions = Omit<InProcessPlacarOptions, 'upstreamUrl'> &
  Pick<ServedPlacarOptions, 'pages' | 'upstream'>;

export type RefreshedPlacar = Omit<ServedPlacar, 'placar'> & { readonly placar: InProcessPlacar };

/**
 * Registers, in the calling file, a fake upstream and an in-process Placar that has refreshed once before the file's
 * tests (as servePlacarForFile's process after its first refresh), closed after them.
 */
export function refreshPlacarForFile(options: RefreshedPlacarOptions): RefreshedPlacar {
  let parts: RefreshedPlacar | undefined;
  let upstream: FakeUpstream | undefined;
  const { pages, upstream: upstreamOptions, ...placarOptions } = options;
  beforeAll(async () => {
    upstream = await startFakeUpstream({ ...upstreamOptions, pages: pages() });
    parts = { upstream, placar: await startInProcessPlacar({ ...placarOptions, upstreamUrl: upstream.url }) };
    await parts.placar.refresh();
  });
  afterAll(async () => {
    await parts?.placar.close();
    await upstream?.close();
  });
  const started = (): RefreshedPlacar => {
    if (parts === undefined) throw new Error('o Placar e o upstream falso não iniciaram (veja o beforeAll do arquivo)');
    return parts;
  };
  return {
    get placar() {
      return started().placar;
    },
    get upstream() {
      return started().upstream;
    },
  };
}
