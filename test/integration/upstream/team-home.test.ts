/**
 * The team's home in every build (issue 50 §2/§3): a real refresh against the stand-in upstream, then the built files
 * served in this process over loopback. /api/time/<slug> of a listed team is a valid envelope joined by slug to the
 * listings and its table, the team pages the refresh reads (the stand-in's, and a team's recorded samples) add the
 * matches Placar does not list, its calendar parses (stable UIDs from one build to the next) and is served as
 * text/calendar, a refresh with nothing new carries the homes, and an unknown slug is a 404 problem (the 404 page on
 * /time/<slug>).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { copySharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import { fixtureTeamPages } from '../../../src/demo/demo-team-pages.ts';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { buildOpenApiDocument } from '../../../src/lib/api/openapi.ts';
import { parseConfig, type Config } from '../../../src/lib/config/config.ts';
import { matchEventUid } from '../../../src/lib/display/team-calendar.ts';
import { ListEnvelopeSchema, StandingsEnvelopeSchema } from '../../../src/lib/model/model.ts';
import { TeamHomeEnvelopeSchema, type TeamHomeEnvelope } from '../../../src/lib/model/team-home.ts';
import { freshTeamPageRecord, writeTeamPageRecordAsync } from '../../../src/lib/store/scraped/team-page-store.ts';
import { runRefresh, type RefreshReport } from '../../../src/refresh/refresh.ts';
import { parseTeamPage } from '../../../src/upstream/team-page/parse-team-page.ts';
import { startHttpServer, type PlacarHttpServer } from '../../../src/server/http-server.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { expectProblem } from '../../support/openapi/http-expectations.ts';
import { createOpenApiBodyValidator } from '../../support/openapi/openapi-validator.ts';

const TABLE = 'brasileirao-serie-a';
const TEAM = 'flamengo';
const COMPETITION_PAGE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/competition-pages/competicao-brasileirao-serie-a.html'),
  'utf8',
);
const NOW = new Date('2026-11-21T19:40:00-03:00');
/**
 * Plays tomorrow in the recorded listings (Bahia x Sport); its team pages are the recorded samples, kept as read before
 * the refresh and not due again yet (so the stand-in's pages of it are not asked for).
 */
const PAGED_TEAM = 'sport';
const TEAM_PAGES = path.resolve(import.meta.dirname, '../../fixtures/upstream/team-pages');
const TEAM_PAGES_READ_AT = '2026-11-21T18:02:11-03:00';

let upstream: FakeUpstream;
let config: Config;
let first: RefreshReport;
let second: RefreshReport;
let server: PlacarHttpServer;
let firstCalendar = '';

const refresh = async (): Promise<RefreshReport> => {
  const report = await runRefresh(config, { projectRoot: PROJECT_ROOT, log: () => undefined, now: () => NOW });
  expect(report.error).toBeNull();
  return report;
};
const get = (route: string) => rawRequest(server.url, route);
const uidsOf = (text: string): string[] =>
  new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent).uid)
    .sort();

beforeAll(async () => {
  const listings = readFixturePages();
  upstream = await startFakeUpstream({
    pages: { ...listings, ...fixtureTeamPages(listings), [`/${TABLE}`]: COMPETITION_PAGE },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-team-home-'));
  copySharedSiteBundle(dataDir, PROJECT_ROOT);
  config = parseConfig({
    UPSTREAM_URL: upstream.url,
    DATA_DIR: dataDir,
    // Room for every listed team's two pages in the first refresh, beside the match pages and tables.
    DETAIL_REQUESTS_PER_MINUTE: '1000',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const read = (page: string) =>
    parseTeamPage(
      fs.readFileSync(path.join(TEAM_PAGES, `time-${PAGED_TEAM}-${page}.html`), 'utf8'),
      `${upstream.url}/time/${PAGED_TEAM}/${page}`,
    );
  const fresh = freshTeamPageRecord(PAGED_TEAM);
  await writeTeamPageRecordAsync(dataDir, {
    ...fresh,
    fetch: { ...fresh.fetch, lastAttemptAt: TEAM_PAGES_READ_AT, nextAttemptAt: '2026-11-22T18:02:11-03:00' },
    readAt: TEAM_PAGES_READ_AT,
    pages: { next: read('proximos-jogos'), last: read('ultimos-jogos') },
  });
  first = await refresh();
  server = await startHttpServer(config, () => undefined);
  firstCalendar = (await get(`/api/time/${TEAM}.ics`)).body.toString('utf8');
  second = await refresh();
  await server.site.reload();
}, 600_000);
afterAll(async () => {
  await server?.close();
  await upstream?.close();
  if (config) fs.rmSync(config.dataDir, { recursive: true, force: true });
});

describe('the team’s home in a build', () => {
  it('serves /api/time/<slug> of a listed team, joined by slug to the listings and its table', async () => {
    const answer = await get(`/api/time/${TEAM}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const home: TeamHomeEnvelope = TeamHomeEnvelopeSchema.parse(JSON.parse(answer.body.toString('utf8')));
    expect(home.team.slug).toBe(TEAM);
    // Read from the stand-in upstream by this refresh.
    expect(home.readAt).not.toBeNull();
    expect(home.source).toBe(`${upstream.url}/time/${TEAM}/proximos-jogos`);
    expect(
      createOpenApiBodyValidator(buildOpenApiDocument()).responseErrors('GET', '/api/time/{slug}', answer),
    ).toEqual([]);

    const hoje = ListEnvelopeSchema.parse(JSON.parse((await get('/api/hoje')).body.toString('utf8')));
    const listed = hoje.matches.filter((m) => m.homeTeam.slug === TEAM || m.awayTeam.slug === TEAM);
    expect(listed.length).toBeGreaterThan(0);
    const homeIds = new Set([...home.live, ...home.next, ...home.last].map((match) => match.id));
    for (const match of listed) expect(homeIds.has(match.id), match.id).toBe(true);
    expect(homeIds.size).toBe(home.live.length + home.next.length + home.last.length);

    const table = StandingsEnvelopeSchema.parse(JSON.parse((await get(`/api/tabela/${TABLE}`)).body.toString('utf8')));
    const row = table.groups.flatMap((group) => group.rows).find((candidate) => candidate.team.slug === TEAM);
    expect(row).toBeDefined();
    expect(home.standings.find((standing) => standing.competition.slug === TABLE)).toMatchObject({
      position: row?.position,
      points: row?.points,
      played: row?.played,
    });
  });

  it('adds the matches of a team’s kept team pages to those Placar lists, each once', async () => {
    const home = TeamHomeEnvelopeSchema.parse(JSON.parse((await get(`/api/time/${PAGED_TEAM}`)).body.toString('utf8')));
    expect(home.readAt).toBe(TEAM_PAGES_READ_AT);
    const amanha = ListEnvelopeSchema.parse(JSON.parse((await get('/api/amanha')).body.toString('utf8')));
    const listed = amanha.matches.filter((m) => m.homeTeam.slug === PAGED_TEAM || m.awayTeam.slug === PAGED_TEAM);
    expect(listed.length).toBeGreaterThan(0);
    const nextIds = home.next.map((match) => match.id);
    for (const match of listed) expect(nextIds, match.id).toContain(match.id);
    // The team pages' matches to come (March 2027) after tomorrow's, soonest first; their results in last.
    expect(nextIds.length).toBeGreaterThan(listed.length);
    const starts = home.next.map((match) => Date.parse(match.kickoff ?? `${match.date}T00:00:00-03:00`));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(home.last.length).toBeGreaterThan(0);
    expect(home.last.every((match) => match.status === 'FINISHED')).toBe(true);
    const ids = [...home.live, ...home.next, ...home.last].map((match) => match.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves the calendar as text/calendar, one event per match, the same UIDs in the next build', async () => {
    const answer = await get(`/api/time/${TEAM}.ics`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = answer.body.toString('utf8');
    const home = TeamHomeEnvelopeSchema.parse(JSON.parse((await get(`/api/time/${TEAM}`)).body.toString('utf8')));
    const ids = [...home.live, ...home.next, ...home.last].map((match) => matchEventUid(match.id)).sort();
    expect(uidsOf(text)).toEqual(ids);
    expect(uidsOf(firstCalendar)).toEqual(ids);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('renders every team’s home once, then carries those whose data did not change', () => {
    expect(first.teamHomesRendered).toBeGreaterThan(10);
    expect(second.buildId).not.toBe(first.buildId);
    expect(second.teamHomesRendered).toBeLessThan(first.teamHomesRendered);
  });

  it('answers an unknown slug with a 404 problem, and its page with the 404 page', async () => {
    const validator = createOpenApiBodyValidator(buildOpenApiDocument());
    for (const route of ['/api/time/time-que-nao-existe', '/api/time/time-que-nao-existe.ics']) {
      const answer = await get(route);
      expectProblem(answer, 404, validator);
      expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ title: 'Time não encontrado' });
    }
    const page = await get('/time/time-que-nao-existe');
    expect(page.status).toBe(404);
    expect(page.body.toString('utf8')).toContain('Página não encontrada');
  });
});
