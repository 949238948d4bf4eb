/**
 * `npm run demo`: the demo upstream (recorded pages, simulated in real time) on 127.0.0.1,
 * and Placar started against it as a child process — `node scripts/start.ts` with only
 * UPSTREAM_URL and DATA_DIR changed, so Placar runs exactly as in production.
 * Ctrl-C / SIGTERM stop both; a Placar crash stops the demo with a clear message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXIT_BAD_CONFIG } from '../lib/config/cli.ts';
import { parseConfig } from '../lib/config/config.ts';
import { errorMessage } from '../lib/model/caught-error.ts';
import { pagesInLayout, type ListingLayout } from './card-layout.ts';
import { demoBundleCacheDir, keepDemoBundles, restoreDemoBundles } from './demo-bundle-cache.ts';
import { withDemoCrests } from './demo-crests.ts';
import { startDemoPush, type DemoPush } from './demo-push.ts';
import type { MatchPagesLayout } from './demo-match-pages.ts';
import { simulateSite } from './simulate-pages.ts';
import { startPlacarChild } from './placar-child.ts';
import { readFixturePages, startFakeUpstream } from './upstream-server.ts';

export interface DemoOptions {
  seed: number;
  /** Simulated match minutes per real minute. */
  speed: number;
  /** PORT/HOST for Placar from --port/--host (src/lib/config/server-args.ts); empty keeps the environment's. */
  serverOverrides: Readonly<Record<string, string>>;
  /** The environment Placar inherits (the demo sets UPSTREAM_URL, DATA_DIR and maybe PORT/HOST). */
  /** The markup the demo upstream writes its listings in (default rows; cards: see card-layout.ts). */
  layout?: ListingLayout;
  /** The layout of its match pages (default mixed: about one match in three in the older layout). */
  matchPages?: MatchPagesLayout;
  env: Readonly<Record<string, string | undefined>>;
  projectRoot: string;
  /** performance.now() when the command started, for the time-to-dashboard line. */
  startedAtMs: number;
  /** --push-local: Web Push on, to a local push service whose pushes are printed (demo-push.ts). */
  pushLocal?: boolean;
}

/** Subscribes the demo's push "browser" once Placar is up, and says so (or why not). */
function subscribeDemoPush(push: DemoPush, url: string): void {
  push.subscribe(url).then(
    (teams) =>
      process.stdout.write(
        `Push local: uma inscrição de demonstração segue ${teams} times de hoje; cada alerta que o Placar enviar aparece aqui, mesmo com todas as abas fechadas.\n`,
      ),
    (error: unknown) => process.stderr.write(`Push local: ${error instanceof Error ? error.message : String(error)}\n`),
  );
}

/** How often the demo upstream re-simulates its pages: every 5 s, down to 1 s at high speeds. */
function updateIntervalMs(speed: number): number {
  return Math.min(5_000, Math.max(1_000, Math.round(60_000 / speed)));
}

const MATCH_PAGES_NOTE: Readonly<Record<MatchPagesLayout, string>> = {
  newer: 'páginas de jogo no formato atual',
  older: 'páginas de jogo no formato antigo',
  mixed: 'páginas de jogo nos dois formatos',
};

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Resolves with 0 on the first Ctrl-C / SIGTERM / SIGHUP; later ones are ignored while stopping. */
function waitForShutdownSignal(): Promise<number> {
  return new Promise((resolve) => {
    const onSignal = (): void => {
      for (const signal of SHUTDOWN_SIGNALS) process.removeListener(signal, onSignal);
      // Keep swallowing repeats (npm forwards the terminal's Ctrl-C a second time).
      for (const signal of SHUTDOWN_SIGNALS) process.on(signal, () => undefined);
      process.stdout.write('Encerrando a demonstração…\n');
      resolve(0);
    };
    for (const signal of SHUTDOWN_SIGNALS) process.on(signal, onSignal);
  });
}

/** Runs the demo until a signal or a Placar crash; resolves with the exit code. */
export async function runDemo(options: DemoOptions): Promise<number> {
  const overrides = options.serverOverrides;
  // Fail on an invalid HOST/PORT/REFRESH_CRON before starting anything (ConfigError → one line).
  parseConfig({ ...options.env, ...overrides, UPSTREAM_URL: 'http://127.0.0.1' });
  const shutdownRequested = waitForShutdownSignal();
  // A closed terminal or pipe (EPIPE) must not abort the cleanup below.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

  const fixturePages = readFixturePages();
  const startedAt = new Date();
  const render = (): Record<string, string> => {
    const site = simulateSite({
      fixturePages,
      seed: options.seed,
      speed: options.speed,
      startedAt,
      now: new Date(),
      matchPages: options.matchPages ?? 'mixed',
    });
    // Crests first: the card rewrite carries each row's <img> into the card's logo.
    const withCrests = Object.fromEntries(
      Object.entries(site.listings).map(([pagePath, html]) => [pagePath, withDemoCrests(html)]),
    );
    return {
      ...pagesInLayout(withCrests, options.layout ?? 'rows'),
      ...site.matchPages,
      ...site.competitionPages,
      ...site.teamPages,
    };
  };
  const upstream = await startFakeUpstream({ host: '127.0.0.1', port: 0, pages: render() });
  const timer = setInterval(() => {
    for (const [pagePath, html] of Object.entries(render())) upstream.setPage(pagePath, html);
  }, updateIntervalMs(options.speed));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-demo-'));
  const push = options.pushLocal ? await startDemoPush((line) => process.stdout.write(`${line}\n`)) : null;
  const bundleCache = demoBundleCacheDir(options.projectRoot);
  try {
    restoreDemoBundles(bundleCache, dataDir);
    process.stdout.write(
      `Demonstração: site de origem fictício em ${upstream.url} (semente ${options.seed}, velocidade ${options.speed}×${options.layout === 'cards' ? ', listas em cartões' : ''}, ${MATCH_PAGES_NOTE[options.matchPages ?? 'mixed']}), dados em ${dataDir}\n`,
    );
    const placar = startPlacarChild({
      projectRoot: options.projectRoot,
      env: { ...options.env, ...overrides, ...push?.env, UPSTREAM_URL: upstream.url, DATA_DIR: dataDir },
      onFirstRefresh: (url) => {
        const ms = Math.round(performance.now() - options.startedAtMs);
        process.stdout.write(`Demonstração pronta em ${ms} ms: abra ${url} (Ctrl-C encerra)\n`);
        if (push) subscribeDemoPush(push, url);
        try {
          keepDemoBundles(dataDir, bundleCache);
        } catch (error) {
          // Only the next start's speed depends on it.
          process.stderr.write(`Aviso: pacote do site não guardado em ${bundleCache}: ${errorMessage(error)}\n`);
        }
      },
    });
    let stopping = false;
    const crashed = placar.exited.then(({ code, signal }) => {
      if (stopping) return 0;
      const how = signal ? `sinal ${signal}` : `código ${code}`;
      // Exit 2: Placar has already said, in one line, what to change (e.g. a port in use).
      if (code !== EXIT_BAD_CONFIG)
        process.stderr.write(`Erro: o Placar parou inesperadamente (${how}); a demonstração foi encerrada.\n`);
      return code !== null && code > 0 ? code : 1;
    });
    const exitCode = await Promise.race([shutdownRequested, crashed]);
    stopping = true;
    await placar.stop();
    return exitCode;
  } finally {
    clearInterval(timer);
    await push?.close();
    await upstream.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
