/**
 * Match pages that stay (issue 34 §5, issue 48 §3), against a real `npm start` whose clock is moved
 * (test/support/processes/shifted-clock.mjs): on Saturday evening the upstream's yesterday is Friday
 * 2026-11-20 (the recorded pages); past midnight the upstream's yesterday turns to Saturday's
 * (an empty listing), so Friday's matches leave every listing. Friday's list stays as
 * /api/dia/2026-11-20 and /dia/2026-11-20, each finished match keeps its /jogo/{id} and
 * /api/jogo/{id} byte for byte, across refreshes and a restart, and /ontem links to Friday; a finished
 * match today's list drops on Saturday evening keeps its files ARCHIVE_DAYS from Saturday, as Friday's do;
 * once Friday is ARCHIVE_DAYS past /ontem it goes, files too, and the 404s say how long Placar keeps days.
 * A process: the server's clock is moved by a preload (shifted-clock.mjs), across a restart. Its refreshes are asked
 * for (refreshNow), not scheduled: the schedule is not what this file is about, and a clock moved days ahead makes
 * node-cron walk every tick of the gap.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import type { ListEnvelope, Problem } from '../../../src/lib/model/model.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import { withoutMatch } from '../../../harness/upstream-pages.ts';

const clockFile = path.join(os.tmpdir(), `placar-arquivo-relogio-${process.pid}`);
const SATURDAY_EVENING = Date.parse('2026-11-21T20:00:00-03:00');
const SUNDAY_JUST_AFTER_MIDNIGHT = Date.parse('2026-11-22T00:00:05-03:00');
/** Friday is kept while it is at most ARCHIVE_DAYS days before yesterday: through Tuesday 24, gone on Wednesday 25. */
const WEDNESDAY = Date.parse('2026-11-25T12:00:00-03:00');
const ARCHIVE_DAYS = 3;
/**
 * A schedule that does not fire while the test runs (two ticks 2 s apart on new year's midnight): the refreshes are
 * asked for, and the listings' interval, which Placar takes from the schedule's next two ticks, is 2 s, so yesterday's
 * listing is read again 2 s after its last read.
 */
const NEW_YEAR_TWO_TICKS = '0,2 0 0 1 1 *';
const FRIDAY = '2026-11-20';
const FINISHED = 'campeonato-portugues/20-11-2026-benfica-x-porto';
const POSTPONED = 'campeonato-portugues/20-11-2026-sporting-x-braga';
/** Finished on Saturday, in today's list until the upstream drops it before midnight. */
const DROPPED_TODAY = 'campeonato-ingles/21-11-2026-arsenal-x-chelsea';
const EMPTY_LISTING = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/jogos-em-andamento-vazio.html'),
  'utf8',
);

const pages = readFixturePages();
let upstream: FakeUpstream;
let placar: PlacarProcess;
let dataDir: string;

function setServerClock(at: number): void {
  fs.writeFileSync(clockFile, String(at - Date.now()));
}

function startServer(): Promise<PlacarProcess> {
  const preload = `--import=${pathToFileURL(path.resolve(import.meta.dirname, '../../support/processes/shifted-clock.mjs')).href}`;
  return startPlacar({
    upstreamUrl: upstream.url,
    dataDir,
    env: {
      REFRESH_CRON: NEW_YEAR_TWO_TICKS,
      YESTERDAY_REFRESH_SECONDS: '2',
      ARCHIVE_DAYS: String(ARCHIVE_DAYS),
      DETAIL_REQUESTS_PER_MINUTE: '0',
      SEARCH_RATE_LIMIT: '0',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${preload}`.trim(),
      PLACAR_TEST_CLOCK_FILE: clockFile,
    },
  });
}

async function get(target: string): Promise<{ status: number; text: string; etag: string | null }> {
  const response = await fetch(placar.url + target);
  return { status: response.status, text: await response.text(), etag: response.headers.get('etag') };
}

/**
 * Refreshes until `check` holds: the server reads its moved clock every 100 ms and the upstream's yesterday at most
 * every 2 s (YESTERDAY_REFRESH_SECONDS), so one refresh may come before either.
 */
async function refreshUntil(what: string, check: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await check()) return true;
        await placar.refreshNow();
        return check();
      },
      { timeout: 60_000, interval: 500, message: what },
    )
    .toBe(true);
}

/** A few refreshes of the running server, one after another. */
async function refreshTimes(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await placar.refreshNow();
}

beforeAll(async () => {
  setServerClock(SATURDAY_EVENING);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-arquivo-'));
  upstream = await startFakeUpstream({ pages });
  placar = await startServer();
}, 120_000);

afterAll(async () => {
  await placar?.stop();
  await upstream?.close();
  fs.rmSync(clockFile, { force: true });
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the archive across midnight, a restart and its window', () => {
  let archivedJson = '';
  let archivedPage = '';

  it('keeps a finished match today’s list drops before midnight: its page and JSON stay', async () => {
    expect((await get(`/api/jogo/${DROPPED_TODAY}`)).status).toBe(200);
    upstream.setPage('/jogos-de-hoje', withoutMatch(pages['/jogos-de-hoje'] ?? '', `/${DROPPED_TODAY}.html`));
    await refreshUntil('today’s list without it', async () => !(await get('/api/hoje')).text.includes(DROPPED_TODAY));
    // The build that stops listing it, then the cleanup after its swap.
    await refreshTimes(2);
    const json = await get(`/api/jogo/${DROPPED_TODAY}`);
    expect(json.status, 'a finished match only an earlier today listing held').toBe(200);
    expect(JSON.parse(json.text)).toMatchObject({ match: { id: DROPPED_TODAY, status: 'FINISHED' } });
    const page = await get(`/jogo/${DROPPED_TODAY}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Arsenal');
  });

  it('keeps Friday once midnight turns the upstream’s yesterday to Saturday', async () => {
    expect(((await get('/api/ontem')).text.match(/"id"/g) ?? []).length).toBe(6);
    expect((await get(`/api/jogo/${FINISHED}`)).status).toBe(200);
    expect((await get(`/api/dia/${FRIDAY}`)).status, 'yesterday is a past day too').toBe(200);

    // The server past midnight first, then the upstream's new yesterday: a refresh still on Saturday's
    // clock (the server re-reads it every 100 ms) that got the empty page would take it as Friday's —
    // a race of the test's own two steps, seen on a busy CI.
    setServerClock(SUNDAY_JUST_AFTER_MIDNIGHT);
    await refreshUntil('the server past midnight', async () => {
      const hoje = JSON.parse((await get('/api/hoje')).text) as ListEnvelope;
      return (hoje.generatedAt ?? '').startsWith('2026-11-22');
    });
    upstream.setPage('/jogos-de-ontem', EMPTY_LISTING);
    await refreshUntil('the new yesterday', async () => {
      const ontem = JSON.parse((await get('/api/ontem')).text) as ListEnvelope;
      return ontem.count === 0 && (ontem.generatedAt ?? '').startsWith('2026-11-22');
    });
    await refreshTimes(2);

    const day = await get(`/api/dia/${FRIDAY}`);
    expect(day.status).toBe(200);
    const listing = JSON.parse(day.text) as ListEnvelope;
    expect(listing).toMatchObject({ count: 6, stale: false, timezone: 'America/Sao_Paulo' });
    expect(listing.generatedAt?.startsWith('2026-11-21')).toBe(true);
    expect(listing.matches.map((match) => match.id)).toContain(FINISHED);

    const page = await get(`/dia/${FRIDAY}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('sexta-feira, 20 de novembro');
    expect(page.text).toContain(`href="/jogo/${FINISHED}"`);
    expect((await get('/ontem')).text).toContain(`href="/dia/${FRIDAY}"`);

    const json = await get(`/api/jogo/${FINISHED}`);
    expect(json.status, 'a finished match no listing holds any more').toBe(200);
    expect(JSON.parse(json.text)).toMatchObject({ match: { id: FINISHED, status: 'FINISHED' } });
    archivedJson = json.text;
    archivedPage = (await get(`/jogo/${FINISHED}`)).text;
    expect(archivedPage).toContain('Benfica');

    const postponed = await get(`/api/jogo/${POSTPONED}`);
    expect(postponed.status, 'only finished matches are kept').toBe(404);
    expect((await get(`/api/jogo/${DROPPED_TODAY}`)).status, 'Saturday’s, past midnight').toBe(200);
  });

  it('serves the same bytes refresh after refresh, and after a restart', async () => {
    await refreshTimes(2);
    expect((await get(`/api/jogo/${FINISHED}`)).text).toBe(archivedJson);
    await placar.stop();
    placar = await startServer();
    await refreshTimes(1);
    expect((await get(`/api/jogo/${FINISHED}`)).text).toBe(archivedJson);
    expect((await get(`/jogo/${FINISHED}`)).text).toBe(archivedPage);
    expect((await get(`/api/dia/${FRIDAY}`)).status).toBe(200);
    expect((await get(`/dia/${FRIDAY}`)).status).toBe(200);
  }, 120_000);

  it('lets Friday go once it is ARCHIVE_DAYS past /ontem, files too, and says why in the 404s', async () => {
    setServerClock(WEDNESDAY);
    await refreshUntil('Friday pruned', async () => (await get(`/api/dia/${FRIDAY}`)).status === 404);
    const day = JSON.parse((await get(`/api/dia/${FRIDAY}`)).text) as Problem;
    expect(day.title).toBe('Dia não encontrado');
    expect(day.detail).toContain(`por ${ARCHIVE_DAYS} dias`);

    const json = await get(`/api/jogo/${FINISHED}`);
    expect(json.status).toBe(404);
    expect((JSON.parse(json.text) as Problem).detail).toContain(`por ${ARCHIVE_DAYS} dias`);
    const page = await get(`/jogo/${FINISHED}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain(`por ${ARCHIVE_DAYS} dias`);
    expect(page.text).toContain('href="/dia/2026-11-21"');
    expect((await get(`/dia/${FRIDAY}`)).status).toBe(404);
    expect((await get(`/api/jogo/${DROPPED_TODAY}`)).status, 'ARCHIVE_DAYS after Saturday').toBe(404);

    await refreshTimes(1);
    expect(fs.existsSync(path.join(dataDir, 'jogos', 'api', ...FINISHED.split('/')))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'jogos', 'jogo', `${FINISHED}.html`))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'arquivo', 'dias', `${FRIDAY}.json`))).toBe(false);
    expect((await get('/api/dia/2026-13-01')).status, 'not a calendar day').toBe(400);
  }, 120_000);
});
