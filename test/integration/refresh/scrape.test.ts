import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  readFixturePages,
  startFakeUpstream,
  type FakeUpstream,
  type UpstreamFault,
} from '../../../src/demo/upstream-server.ts';
import { parseConfig, type Config } from '../../../src/lib/config/config.ts';
import type { Snapshot } from '../../../src/lib/model/model.ts';
import { readScrapeState } from '../../../src/lib/store/scraped/scrape-state-store.ts';
import { readSnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';
import { readExpectedMatchesServedFrom } from '../../../harness/fixture-snapshot.ts';
import { listingRequests, withScore, withStatusLabel } from '../../../harness/upstream-pages.ts';
import { runChild } from '../../../harness/watched-child.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FIXTURES = path.join(ROOT, 'test/fixtures/upstream');
const pages = readFixturePages();
const T0 = new Date('2026-11-21T22:00:00.000Z'); // 19:00 in São Paulo
const at = (seconds: number) => () => new Date(T0.getTime() + seconds * 1000);
const iso = (seconds: number): string => {
  const d = new Date(T0.getTime() + seconds * 1000 - 3 * 3600_000);
  return `${d.toISOString().slice(0, 19)}-03:00`;
};

const tempDirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-scrape-'));
  tempDirs.push(dir);
  return dir;
}

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({ pages });
});
afterAll(async () => {
  await upstream.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  for (const upstreamPath of Object.keys(pages)) {
    upstream.setFault(upstreamPath, null);
    upstream.setPage(upstreamPath, pages[upstreamPath] ?? '');
  }
});

function configFor(dataDir: string, env: Record<string, string> = {}): Config {
  return parseConfig({
    UPSTREAM_URL: upstream.url,
    DATA_DIR: dataDir,
    // Long enough for a good answer on a loaded machine; the timeout cases wait it out once each.
    REQUEST_TIMEOUT_MS: '2000',
    MAX_RESPONSE_BYTES: '100000',
    ...env,
  });
}
function snapshotOf(dataDir: string): Snapshot {
  const snapshot = readSnapshot(dataDir);
  if (!snapshot) throw new Error('no snapshot written');
  return snapshot;
}
const hojeRequests = (): number => upstream.requests.filter((r) => r.path.startsWith('/jogos-de-hoje')).length;

describe('runScrape against the fake upstream', () => {
  it('writes the three listings exactly as the samples expect', async () => {
    const dataDir = tempDataDir();
    const report = await runScrape(configFor(dataDir), { now: at(0) });
    const snapshot = snapshotOf(dataDir);
    expect(report.snapshot).toEqual(snapshot);
    for (const [listing, name, count] of [
      ['live', 'jogos-em-andamento', 4],
      ['hoje', 'jogos-de-hoje', 13],
      ['amanha', 'jogos-de-amanha', 6],
    ] as const) {
      expect(report.listings[listing]).toMatchObject({ ok: true, notModified: false, count, error: null });
      expect(snapshot[listing]).toEqual({
        generatedAt: iso(0),
        timezone: 'America/Sao_Paulo',
        source: `${upstream.url}/${name}`,
        stale: false,
        count,
        matches: readExpectedMatchesServedFrom(listing, upstream.url),
      });
    }
    const state = readScrapeState(dataDir);
    expect(state.hoje).toMatchObject({ lastSuccessAt: iso(0), lastError: null, retryNotBefore: null });
    expect(state.hoje.etag).toMatch(/^"/);
  });

  // Issue 27 (integrator 3): "started at 21:30" and ordering by kick-off work on live and finished matches.
  it('keeps the kick-off it saw once a match starts and ends (same id), and has none for a match first seen under way', async () => {
    const dataDir = tempDataDir();
    const atletico = '/brasileirao-serie-a/21-11-2026-atletico-mg-x-red-bull-bragantino.html';
    const kickoffOf = (listing: 'hoje' | 'live', suffix: string): string | null | undefined =>
      snapshotOf(dataDir)[listing].matches.find((match) => match.id.endsWith(suffix))?.kickoff;
    await runScrape(configFor(dataDir), { now: at(0) });
    expect(kickoffOf('hoje', 'atletico-mg-x-red-bull-bragantino')).toBe('2026-11-21T21:30:00-03:00');
    const live = kickoffOf('live', 'flamengo-x-palmeiras');
    expect(live).toBeNull();
    const hoje = pages['/jogos-de-hoje'] ?? '';
    upstream.setPage('/jogos-de-hoje', withStatusLabel(withScore(hoje, atletico, 1, 0), atletico, "12'"));
    await runScrape(configFor(dataDir), { now: at(60) });
    const started = snapshotOf(dataDir).hoje.matches.find((match) => match.url.endsWith(atletico));
    expect(started).toMatchObject({ status: 'IN_PLAY', minute: 12, kickoff: '2026-11-21T21:30:00-03:00' });
    upstream.setPage('/jogos-de-hoje', withStatusLabel(withScore(hoje, atletico, 2, 1), atletico, 'ENCERRADO'));
    await runScrape(configFor(dataDir), { now: at(120) });
    expect(snapshotOf(dataDir).hoje.matches.find((match) => match.url.endsWith(atletico))).toMatchObject({
      status: 'FINISHED',
      kickoff: '2026-11-21T21:30:00-03:00',
    });
    expect(kickoffOf('live', 'flamengo-x-palmeiras')).toBeNull();
  });

  it('answers an unchanged page with 304 and counts it as a success (generatedAt moves, matches stay)', async () => {
    const dataDir = tempDataDir();
    await runScrape(configFor(dataDir), { now: at(0) });
    const before = snapshotOf(dataDir);
    const requestsBefore = upstream.requests.length;
    const report = await runScrape(configFor(dataDir), { now: at(60) });
    expect(report.listings.hoje).toMatchObject({ ok: true, notModified: true, count: 13 });
    const after = snapshotOf(dataDir);
    expect(after.hoje.matches).toEqual(before.hoje.matches);
    expect(after.hoje.generatedAt).toBe(iso(60));
    const conditional = listingRequests(upstream.requests.slice(requestsBefore));
    expect(conditional).toHaveLength(3);
    for (const request of conditional) expect(request.headers['if-none-match']).toMatch(/^"/);
  });

  it('produces byte-identical snapshots for identical pages, apart from generatedAt', async () => {
    const [first, second] = [tempDataDir(), tempDataDir()];
    await runScrape(configFor(first), { now: at(0) });
    await runScrape(configFor(second), { now: at(61) });
    const read = (dir: string): string => fs.readFileSync(path.join(dir, 'snapshot.json'), 'utf8');
    expect(read(first)).not.toBe(read(second));
    const withoutTime = (text: string): string => text.replaceAll(/"generatedAt":"[^"]+"/g, '"generatedAt":"T"');
    expect(withoutTime(read(first))).toBe(withoutTime(read(second)));
  });

  type Setup = (up: FakeUpstream) => void;
  const fault =
    (f: UpstreamFault): Setup =>
    (up) =>
      up.setFault('/jogos-de-hoje', f);
  const cases: [string, Setup, RegExp][] = [
    ['timeout', fault({ kind: 'timeout' }), /sem resposta completa em 2000 ms/],
    ['slow body', fault({ kind: 'slow-body', bytesPerSecond: 1_000 }), /sem resposta completa em 2000 ms/],
    ['connection reset', fault({ kind: 'reset' }), /erro de rede/],
    ['500', fault({ kind: 'status', status: 500 }), /HTTP 500/],
    [
      '503 with Retry-After',
      fault({ kind: 'status', status: 503, retryAfter: '90' }),
      /HTTP 503; o site pediu para aguardar 90 s/,
    ],
    ['429', fault({ kind: 'status', status: 429, retryAfter: '30' }), /HTTP 429.*Retry-After/],
    ['403', fault({ kind: 'status', status: 403 }), /HTTP 403/],
    [
      'non-HTML',
      fault({ kind: 'content-type', contentType: 'application/json' }),
      /"application\/json" em vez de text\/html/,
    ],
    ['over the cap', fault({ kind: 'oversize', bytes: 250_000 }), /acima do limite de 100000 bytes/],
    ['gzip bomb', fault({ kind: 'gzip-bomb', bytes: 1_000_000_000 }), /maior que o limite de 100000 bytes/],
    ['truncated HTML', fault({ kind: 'truncated' }), /chegou incompleta/],
    ['redirect loop', fault({ kind: 'redirect-loop' }), /redirecionamento em ciclo/],
    [
      'no #livescore',
      (up) => up.setPage('/jogos-de-hoje', fs.readFileSync(path.join(FIXTURES, 'variants/no-livescore.html'), 'utf8')),
      /não tem o contêiner de jogos #livescore/,
    ],
  ];

  it.each(cases)(
    '%s: keeps the last good hoje, updates the others, reports the error, then recovers',
    async (_label, setup, message) => {
      const dataDir = tempDataDir();
      const config = configFor(dataDir);
      await runScrape(config, { now: at(0) });
      const good = snapshotOf(dataDir);

      setup(upstream);
      const failed = await runScrape(config, { now: at(60) });
      expect(failed.listings.hoje.ok).toBe(false);
      expect(failed.listings.hoje.count).toBe(13);
      expect(failed.listings.hoje.error).toMatch(message);
      expect(failed.listings.hoje.error).toContain(`${upstream.url}/jogos-de-hoje`);
      expect(failed.listings.hoje.error).toMatch(/últimos dados válidos foram mantidos/);
      const afterFault = snapshotOf(dataDir);
      expect(afterFault.hoje).toEqual(good.hoje); // matches AND generatedAt untouched; 60 s old is not stale
      for (const listing of ['live', 'amanha'] as const) {
        expect(failed.listings[listing].ok).toBe(true);
        expect(afterFault[listing]).toEqual({ ...good[listing], generatedAt: iso(60) });
      }
      expect(readScrapeState(dataDir).hoje).toMatchObject({
        lastSuccessAt: iso(0),
        lastAttemptAt: iso(60),
        lastError: failed.listings.hoje.error,
        failures: 1,
      });

      upstream.setFault('/jogos-de-hoje', null);
      upstream.setPage('/jogos-de-hoje', pages['/jogos-de-hoje'] ?? '');
      const recovered = await runScrape(config, { now: at(180) });
      expect(recovered.listings.hoje).toMatchObject({ ok: true, error: null });
      const afterRecovery = snapshotOf(dataDir);
      expect(afterRecovery.hoje).toEqual({ ...good.hoje, generatedAt: iso(180) });
      expect(readScrapeState(dataDir).hoje).toMatchObject({
        lastSuccessAt: iso(180),
        lastError: null,
        retryNotBefore: null,
        failures: 0,
      });
    },
  );

  it('sends no request for a listing before its Retry-After instant, then resumes', async () => {
    const dataDir = tempDataDir();
    const config = configFor(dataDir);
    await runScrape(config, { now: at(0) });
    upstream.setFault('/jogos-de-hoje', { kind: 'status', status: 503, retryAfter: '120' });
    await runScrape(config, { now: at(60) });
    expect(readScrapeState(dataDir).hoje.retryNotBefore).toBe(iso(180));
    upstream.setFault('/jogos-de-hoje', null);

    const requestsBefore = hojeRequests();
    const waiting = await runScrape(config, { now: at(120) });
    expect(hojeRequests()).toBe(requestsBefore);
    expect(waiting.listings.hoje.error).toMatch(
      /aguardar \(Retry-After\) até 2026-11-21T19:03:00-03:00, nenhuma requisição enviada/,
    );
    expect(waiting.listings.live.ok).toBe(true);
    expect(readScrapeState(dataDir).hoje.retryNotBefore).toBe(iso(180));

    const resumed = await runScrape(config, { now: at(180) });
    expect(hojeRequests()).toBe(requestsBefore + 1);
    expect(resumed.listings.hoje.ok).toBe(true);
  });

  it('marks a listing stale after 3 refresh intervals without success, and only that one', async () => {
    const dataDir = tempDataDir();
    const config = configFor(dataDir);
    await runScrape(config, { now: at(0) });
    upstream.setFault('/jogos-de-hoje', { kind: 'status', status: 403 });
    await runScrape(config, { now: at(180) });
    expect(snapshotOf(dataDir).hoje.stale).toBe(false);
    const late = await runScrape(config, { now: at(181) });
    expect(late.snapshot.hoje).toMatchObject({ stale: true, generatedAt: iso(0), count: 13 });
    expect(late.snapshot.live.stale).toBe(false);
    expect(snapshotOf(dataDir).hoje.stale).toBe(true);
  });

  it('uses the refresh interval from REFRESH_CRON for staleness', async () => {
    const dataDir = tempDataDir();
    const config = configFor(dataDir, { REFRESH_CRON: '*/5 * * * *' });
    await runScrape(config, { now: at(0) });
    upstream.setFault('/jogos-de-hoje', { kind: 'status', status: 403 });
    expect((await runScrape(config, { now: at(900) })).snapshot.hoje.stale).toBe(false);
    expect((await runScrape(config, { now: at(901) })).snapshot.hoje.stale).toBe(true);
  });

  it('keeps a never-fetched listing empty and stale when its first fetch fails', async () => {
    const dataDir = tempDataDir();
    upstream.setFault('/jogos-em-andamento', { kind: 'status', status: 500 });
    const report = await runScrape(configFor(dataDir), { now: at(0) });
    expect(report.listings.live).toMatchObject({ ok: false, count: 0 });
    expect(snapshotOf(dataDir).live).toEqual({
      generatedAt: null,
      timezone: 'America/Sao_Paulo',
      source: `${upstream.url}/jogos-em-andamento`,
      stale: true,
      count: 0,
      matches: [],
    });
    expect(snapshotOf(dataDir).hoje.count).toBe(13);
    // Nothing was kept, so the error does not say so (issue 23).
    expect(report.listings.live.error).not.toMatch(/mantidos/);
    expect(report.listings.live.error).toMatch(/ainda não há dados desta lista/);
  });

  it('fetches ontem once per clock hour, conditionally, at every refresh a minute for the others', async () => {
    const dataDir = tempDataDir();
    const ontemRequests = (): typeof upstream.requests => upstream.requests.filter((r) => r.path === '/jogos-de-ontem');
    const before = ontemRequests().length;
    const hojeBefore = hojeRequests();
    // T0 is 19:00 in São Paulo: refreshes every minute until 20:05.
    let last = await runScrape(configFor(dataDir), { now: at(0) });
    for (let minute = 1; minute <= 65; minute++) last = await runScrape(configFor(dataDir), { now: at(minute * 60) });
    const sent = ontemRequests().slice(before);
    expect(hojeRequests() - hojeBefore).toBe(66);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.headers['if-none-match']).toBeUndefined();
    expect(sent[1]?.headers['if-none-match']).toMatch(/^"/);
    expect(snapshotOf(dataDir).ontem).toMatchObject({ generatedAt: iso(3600), stale: false, count: 6 });
    expect(last.listings.ontem).toMatchObject({ ok: true, skipped: true, count: 6 });
  });

  it('a failing ontem fails alone, and is tried again with back-off from one refresh, not the next hour (issue 28)', async () => {
    const dataDir = tempDataDir();
    upstream.setFault('/jogos-de-ontem', { kind: 'status', status: 500 });
    const first = await runScrape(configFor(dataDir), { now: at(0) });
    expect(first.listings.ontem).toMatchObject({ ok: false, count: 0 });
    for (const listing of ['live', 'hoje', 'amanha'] as const) expect(first.listings[listing].ok).toBe(true);
    expect(readScrapeState(dataDir).ontem.lastError).toMatch(/HTTP 500|500/);
    expect(snapshotOf(dataDir).ontem).toMatchObject({ generatedAt: null, stale: true, count: 0 });
    const ontemAt = async (seconds: number) =>
      (await runScrape(configFor(dataDir), { now: at(seconds) })).listings.ontem;
    expect(await ontemAt(60)).toMatchObject({ ok: false }); // one refresh later
    expect(readScrapeState(dataDir).ontem.failures).toBe(2);
    expect((await ontemAt(120)).skipped).toBe(true); // then two
    upstream.setFault('/jogos-de-ontem', null);
    expect(await ontemAt(180)).toMatchObject({ ok: true, count: 6 });
    expect(readScrapeState(dataDir).ontem).toMatchObject({ lastError: null, failures: 0 });
    // A success: the next request only in the next hour.
    expect((await ontemAt(240)).skipped).toBe(true);
    expect((await ontemAt(3599)).skipped).toBe(true);
    const nextHour = await ontemAt(3600);
    expect(nextHour.ok && nextHour.skipped === undefined).toBe(true); // asked (a 304 here)
  });

  it('accepts an empty live list (container, no matches) as a success', async () => {
    const dataDir = tempDataDir();
    upstream.setPage(
      '/jogos-em-andamento',
      fs.readFileSync(path.join(FIXTURES, 'jogos-em-andamento-vazio.html'), 'utf8'),
    );
    const report = await runScrape(configFor(dataDir), { now: at(0) });
    expect(report.listings.live).toMatchObject({ ok: true, count: 0 });
    expect(snapshotOf(dataDir).live).toMatchObject({ generatedAt: iso(0), stale: false, count: 0, matches: [] });
  });

  it('keeps every listing when the upstream refuses connections, and recovers when it is back', async () => {
    const own = await startFakeUpstream({ pages });
    const dataDir = tempDataDir();
    const config = parseConfig({ UPSTREAM_URL: own.url, DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '2000' });
    await runScrape(config, { now: at(0) });
    const good = snapshotOf(dataDir);
    await own.close();
    const report = await runScrape(config, { now: at(60) });
    for (const listing of ['live', 'hoje', 'amanha'] as const) {
      expect(report.listings[listing].ok).toBe(false);
      expect(report.listings[listing].error).toMatch(/erro de rede \(ECONNREFUSED/);
    }
    expect(snapshotOf(dataDir)).toEqual(good);
    const port = Number(new URL(own.url).port);
    const back = await startFakeUpstream({ pages, port });
    try {
      const recovered = await runScrape(config, { now: at(120) });
      expect(Object.values(recovered.listings).every((r) => r.ok)).toBe(true);
    } finally {
      await back.close();
    }
  });

  it('fetches at most 2 listings at a time and each listing once', async () => {
    const dataDir = tempDataDir();
    for (const upstreamPath of Object.keys(pages))
      upstream.setFault(upstreamPath, { kind: 'slow-body', bytesPerSecond: 200_000 });
    const before = upstream.requests.length;
    await runScrape(configFor(dataDir, { REQUEST_TIMEOUT_MS: '2000' }), { now: at(0) });
    const requests = listingRequests(upstream.requests.slice(before));
    expect(requests.map((r) => r.path).sort()).toEqual([
      '/jogos-de-amanha',
      '/jogos-de-hoje',
      '/jogos-de-ontem',
      '/jogos-em-andamento',
    ]);
    // Each slow body takes ≥ 100 ms (first chunk after one 100 ms tick): the third request waits for a slot.
    const [first, second, third] = requests.map((r) => r.at);
    expect((second ?? 0) - (first ?? 0)).toBeLessThan(50);
    expect((third ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(90);
  });
});

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}
function runScrapeScript(env: Record<string, string>): Promise<ScriptRun> {
  return runChild('npm', ['run', '--silent', 'scrape'], {
    name: 'npm run scrape',
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
}

describe('npm run scrape', () => {
  it('exits 0 with one line per listing and writes the expected snapshot', async () => {
    const dataDir = tempDataDir();
    const run = await runScrapeScript({ UPSTREAM_URL: upstream.url, DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '2000' });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^live: 4 jogos em \d+ ms$/),
      expect.stringMatching(/^hoje: 13 jogos em \d+ ms$/),
      expect.stringMatching(/^amanha: 6 jogos em \d+ ms$/),
      expect.stringMatching(/^ontem: 6 jogos em \d+ ms$/),
      // Then the match pages of the matches that have started (docs/operations.md, scraping etiquette).
      expect.stringMatching(/^páginas de jogo: .* \(\d+ requisições\)$/),
      // And the tables of the competitions first seen (the fake upstream has no competition page: 404s).
      expect.stringMatching(/^tabelas: \d+ lidas, \d+ sem mudanças \(304\), \d+ com falha.* \(\d+ requisições\)/),
    ]);
    const snapshot = snapshotOf(dataDir);
    expect(snapshot.live.matches).toEqual(readExpectedMatchesServedFrom('live', upstream.url));
    expect(snapshot.hoje.matches).toEqual(readExpectedMatchesServedFrom('hoje', upstream.url));
    expect(snapshot.amanha.matches).toEqual(readExpectedMatchesServedFrom('amanha', upstream.url));
    expect(snapshot.ontem.matches).toEqual(readExpectedMatchesServedFrom('ontem', upstream.url));
  });

  it('exits 1 when a listing fails, still writing the others', async () => {
    const dataDir = tempDataDir();
    upstream.setFault('/jogos-de-amanha', { kind: 'status', status: 403 });
    const run = await runScrapeScript({ UPSTREAM_URL: upstream.url, DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '2000' });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^amanha: falhou em \d+ ms — Falha ao buscar .*\/jogos-de-amanha: HTTP 403/m);
    expect(snapshotOf(dataDir).hoje.count).toBe(13);
    expect(snapshotOf(dataDir).amanha).toMatchObject({ generatedAt: null, stale: true, count: 0 });
  });

  it('exits 2 with a clear message on invalid configuration', async () => {
    const dataDir = tempDataDir();
    const run = await runScrapeScript({ UPSTREAM_URL: 'ftp://example.com', DATA_DIR: dataDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Erro: UPSTREAM_URL="ftp:\/\/example.com" precisa começar com http/);
    expect(fs.existsSync(path.join(dataDir, 'snapshot.json'))).toBe(false);
  });
});
