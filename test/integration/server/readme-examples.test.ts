/**
 * The API examples of README.md and docs/api.md, run against the real server (fake upstream
 * with the recorded pages): each curl command gives the status, the headers and the JSON shape
 * (keys and types, not values) that the doc shows right under it.
 *
 * So that /api/eventos has an event to show, one refresh records the recorded pages first, then a
 * goal is scored upstream; the second refresh on that DATA_DIR raises it. In this process, no port
 * and no cron: both refreshes hand their build to a server asked over its in-memory connection, as curl asks.
 */
import fs from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { compareJsonShape, parseApiExamples, readDoc } from '../../support/project/readme.ts';
import { startInProcessPlacar, type InProcessPlacar } from '../../support/data-dir/in-process-placar.ts';
import { withMatchPageGoal, withScore } from '../../../harness/upstream-pages.ts';

const DOCS_WITH_EXAMPLES = ['README.md', 'docs/api.md'];
const examples = DOCS_WITH_EXAMPLES.flatMap((file) =>
  parseApiExamples(readDoc(file)).map((example) => ({ file, ...example })),
);
/** A match of the recorded live and today pages, 2 x 1 there, and its own page (the recorded sample). */
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const FLAMENGO_PAGE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/match-pages/jogo-flamengo-x-palmeiras.html'),
  'utf8',
);
const TABLE = '/brasileirao-serie-a';
const TABLE_PAGE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/competition-pages/competicao-brasileirao-serie-a.html'),
  'utf8',
);
let upstream: FakeUpstream;
let placar: InProcessPlacar;

beforeAll(async () => {
  const pages = readFixturePages();
  // docs/api.md's table example: the Série A's page, read by the refresh like any competition the listings name.
  upstream = await startFakeUpstream({ pages: { ...pages, [FLAMENGO]: FLAMENGO_PAGE, [TABLE]: TABLE_PAGE } });
  placar = await startInProcessPlacar({
    upstreamUrl: upstream.url,
    // Room for the tables in the first minute beside the samples' match pages (tables take only a quiet minute).
    env: { DETAIL_REQUESTS_PER_MINUTE: '200' },
  });
  await placar.refresh();
  for (const page of ['/jogos-em-andamento', '/jogos-de-hoje'])
    upstream.setPage(page, withScore(pages[page] ?? '', FLAMENGO, 3, 1));
  upstream.setPage(FLAMENGO, withMatchPageGoal(FLAMENGO_PAGE, 'home', 'Bruno Henrique', 75));
  await placar.refresh();
  const feed = (await placar.request('/api/eventos')).json() as {
    count: number;
    events: { scorer?: { player: string } | null }[];
  };
  expect(feed.count, 'the goal scored between the two refreshes').toBe(1);
  expect(feed.events[0]?.scorer?.player, "the match page read in the goal's refresh names its scorer").toBe(
    'Bruno Henrique',
  );
});

afterAll(async () => {
  await placar?.close();
  await upstream?.close();
});

describe('API examples of the docs', () => {
  it('has examples to run in each doc', () => {
    expect(examples.filter((e) => e.file === 'README.md').length).toBeGreaterThanOrEqual(1);
    expect(examples.filter((e) => e.file === 'docs/api.md').length).toBeGreaterThanOrEqual(10);
  });

  it.each(examples.map((e) => [`${e.file}: ${e.command}`, e] as const))('%s', async (_name, example) => {
    const response = await placar.request(example.target, {
      method: example.method,
      headers: example.requestHeaders,
    });
    expect(response.status).toBe(example.status);
    expect(STATUS_CODES[example.status]).toBe(example.reason);
    for (const [name, value] of Object.entries(example.headers)) expect(response.headers[name], name).toBe(value);
    const text = response.text();
    if (example.body === null) return expect(text).toBe('');
    expect(compareJsonShape(example.body, JSON.parse(text))).toEqual([]);
  });
});
