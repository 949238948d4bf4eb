/**
 * The order of a day's matches as the API answers it (issue 48): a day with every status —
 * scheduled, live, at half time, finished, suspended, cancelled, postponed with a kick-off seen
 * before and without one, started matches whose kick-off Placar never saw — read twice from the
 * fake upstream (the kick-offs of the first read kept), served by the real server.
 * /api/hoje, its filtered answer and /api/busca list, within a competition, every match that
 * started above every match still to start, kick-offs in order where both are known, the
 * upstream's order elsewhere; competitions in the upstream's order.
 * In this process, no port and no cron: two refreshes (runRefresh), each handing its build to a Placar server
 * by value (createPlacarServer), asked over its in-memory connection (inject: real HTTP both ways).
 * test/support/data-dir/in-process-placar.ts puts them together.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import type { ListEnvelope, Match } from '../../../src/lib/model/model.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { startInProcessPlacar, type InProcessPlacar } from '../../support/data-dir/in-process-placar.ts';

const DAY_PAGE = fs.readFileSync(
  path.join(PROJECT_ROOT, 'test/fixtures/upstream/variants/every-status-day.html'),
  'utf8',
);

/** The day as the upstream showed it earlier: `key`'s row still to start at `clock` (no status word, no goals). */
function scheduledEarlier(html: string, key: string, clock: string): string {
  const row = new RegExp(`(<a href="[^"]*-${key}\\.html">[\\s\\S]*?</a>)`);
  return html.replace(row, (block) =>
    block.replace(/status-name">[^<]*</, `status-name">${clock}<`).replace(/<h4>[\s\S]*?<\/h4>/g, ''),
  );
}

const EARLIER = [
  ['remo-x-paysandu', '21:30'],
  ['coritiba-x-athletico-pr', '19:00'],
  ['criciuma-x-avai', '14:00'],
].reduce((html, [key = '', clock = '']) => scheduledEarlier(html, key, clock), DAY_PAGE);

/** Within each competition: started first (upstream order, known kick-offs sorted into their places), then the rest. */
const EXPECTED = [
  ['copa-do-brasil', 'Goiás', 'FINISHED', null],
  ['copa-do-brasil', 'ABC', 'IN_PLAY', null],
  ['copa-do-brasil', 'Criciúma', 'FINISHED', '14:00'],
  ['copa-do-brasil', 'Cuiabá', 'SUSPENDED', null],
  ['copa-do-brasil', 'Coritiba', 'PAUSED', '19:00'],
  ['copa-do-brasil', 'Ceará', 'SCHEDULED', '11:00'],
  ['copa-do-brasil', 'Sport', 'SCHEDULED', '16:00'],
  ['copa-do-brasil', 'CSA', 'POSTPONED', null],
  ['copa-do-brasil', 'Remo', 'POSTPONED', '21:30'],
  ['copa-do-brasil', 'Sampaio Corrêa', 'CANCELLED', null],
  ['brasileirao-serie-b', 'Novorizontino', 'IN_PLAY', null],
  ['brasileirao-serie-b', 'Ponte Preta', 'SCHEDULED', '20:00'],
];

const shown = (matches: readonly Match[]): (string | null)[][] =>
  matches.map((m) => [m.competition.slug, m.homeTeam.name, m.status, m.kickoff?.slice(11, 16) ?? null]);

let upstream: FakeUpstream;
let placar: InProcessPlacar;

async function readJson<T>(route: string): Promise<T> {
  const response = await placar.request(route);
  expect(response.status, route).toBe(200);
  return response.json() as T;
}

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: { ...readFixturePages(), '/jogos-de-hoje': EARLIER } });
  placar = await startInProcessPlacar({ upstreamUrl: upstream.url, env: { SEARCH_RATE_LIMIT: '0' } });
  // The first refresh reads the earlier day; the second the day as it is now.
  await placar.refresh();
  upstream.setPage('/jogos-de-hoje', DAY_PAGE);
  await placar.refresh();
  const hoje = await readJson<ListEnvelope>('/api/hoje');
  expect(hoje.matches.find((m) => m.homeTeam.name === 'Remo')?.status).toBe('POSTPONED');
}, 180_000);

afterAll(async () => {
  await placar?.close();
  await upstream?.close();
});

describe('the order of a day with every status', () => {
  it('/api/hoje: started matches above those to start, by kick-off where known, competitions as listed', async () => {
    expect(shown((await readJson<ListEnvelope>('/api/hoje')).matches)).toEqual(EXPECTED);
  });

  it('/api/hoje?competicao=: the same order, filtered', async () => {
    const filtered = await readJson<ListEnvelope>('/api/hoje?competicao=copa%20do%20brasil');
    expect(shown(filtered.matches)).toEqual(EXPECTED.filter(([slug]) => slug === 'copa-do-brasil'));
  });

  it('/api/busca: results that rank alike in the same order', async () => {
    const found = await readJson<{ matches: Match[] }>('/api/busca?q=copa%20do%20brasil');
    const today = found.matches.filter((m) => m.id.startsWith('copa-do-brasil/21-11-2026-'));
    // A team whose nickname holds a word of the query ("Leão do Pici") is not what was asked for (docs/api.md).
    const homes = new Set(today.map((m) => m.homeTeam.name));
    expect(homes).toEqual(
      new Set(['Goiás', 'ABC', 'Criciúma', 'Cuiabá', 'Coritiba', 'Sport', 'CSA', 'Sampaio Corrêa']),
    );
    expect(shown(today)).toEqual(EXPECTED.filter(([slug, home]) => slug === 'copa-do-brasil' && homes.has(home ?? '')));
  });
});
