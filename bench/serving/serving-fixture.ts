/**
 * What the serving, idle-baseline and browser measurements share: the fake upstream with a
 * fixed 1,000-match day, one Placar server that never refreshes after its first build
 * (REFRESH_CRON once a year; SEARCH_RATE_LIMIT=0 so a load run measures searches, not 429s),
 * and Debian's nginx serving the same DATA_DIR/current through deploy/nginx.conf.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import { startPlacar, type PlacarProcess } from '../../harness/placar-process.ts';
import { hasBrotliStaticModule, NGINX_TEMPLATE, startNginx, type NginxProcess } from '../../harness/nginx.ts';
import { buildUpstreamPages } from '../upstream-pages.ts';

export interface ServingFixture {
  matchesPerDay: number;
  upstream: FakeUpstream;
  placar: PlacarProcess;
  nginx: NginxProcess;
  /** How nginx was configured, for the report. */
  nginxSetup: string;
  close(): Promise<void>;
}

export async function startServingFixture(matchesPerDay: number): Promise<ServingFixture> {
  if (!fs.existsSync(NGINX_TEMPLATE)) throw new Error(`falta ${path.relative(process.cwd(), NGINX_TEMPLATE)}`);
  const upstream = await startFakeUpstream({ pages: buildUpstreamPages({ matchesPerDay }).pages });
  let placar: PlacarProcess | undefined;
  try {
    placar = await startPlacar({
      upstreamUrl: upstream.url,
      env: { REFRESH_CRON: '0 0 1 1 *', SEARCH_RATE_LIMIT: '0' },
      timeoutMs: 180_000,
    });
    // One worker, as Placar is one process; the load generator needs the other core. Plain
    // HTTP on both sides: the comparison is of serving engines, not of TLS.
    const nginx = await startNginx({
      clientDir: path.join(placar.dataDir, 'current'),
      placarUrl: placar.url,
      upstreamUrl: upstream.url,
      workerProcesses: 1,
      plainHttp: true,
    });
    const server = placar;
    return {
      matchesPerDay,
      upstream,
      placar: server,
      nginx,
      nginxSetup: `deploy/nginx.conf sem TLS, worker_processes 1, ${hasBrotliStaticModule() ? 'brotli_static + gzip_static' : 'gzip_static (sem módulo brotli)'}`,
      async close() {
        await nginx.stop();
        await server.stop();
        await upstream.close();
      },
    };
  } catch (error) {
    await placar?.stop();
    await upstream.close();
    throw error;
  }
}
