/**
 * The search relevance day (test/fixtures/search-day/day.json) as upstream listing pages, in
 * the upstream's markup (test/fixtures/upstream/README.md), so Placar scrapes it like any day.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LISTING_NAMES,
  LISTING_PATHS,
  TIMEZONE,
  type ListingName,
  type Snapshot,
} from '../../../src/lib/model/model.ts';
import { parseListingPage } from '../../../src/upstream/listing/parse-listing.ts';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/search-day');

type DayRow = [home: string, away: string, listing: ListingName, label: string, homeGoals?: number, awayGoals?: number];

interface SearchDay {
  today: string;
  tomorrow: string;
  competitions: Array<{ name: string; slug: string; matches: DayRow[] }>;
}

/** A relevance label: what a query must, may and must not return ("Home x Away"), and the obvious first result. */
export interface RelevanceCase {
  q: string;
  must: string[];
  may?: string[];
  mustNot?: string[];
  first?: string;
}

export function readSearchDay(): SearchDay {
  return JSON.parse(fs.readFileSync(path.join(DIR, 'day.json'), 'utf8')) as SearchDay;
}

export function readRelevanceCases(): RelevanceCase[] {
  return (JSON.parse(fs.readFileSync(path.join(DIR, 'relevance.json'), 'utf8')) as { cases: RelevanceCase[] }).cases;
}

/** Every match of the day as "Home x Away". */
export function searchDayMatchNames(): string[] {
  return readSearchDay().competitions.flatMap(({ matches }) => matches.map(([home, away]) => `${home} x ${away}`));
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const slugOf = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function scoreCell(goals: number | undefined, side: 'end' | 'start'): string {
  const inner = goals === undefined ? '' : `<h4><span class="badge badge-default">${goals}</span></h4>`;
  return `<div class="w-25 p-1 match-score d-flex justify-content-${side}">${inner}</div>`;
}

function matchRow(slug: string, date: string, [home, away, listing, label, homeGoals, awayGoals]: DayRow): string {
  const tone = listing === 'live' ? 'badge-success status-name blink' : 'badge-warning status-name';
  return `  <a href="/${slug}/${date}-${slugOf(home)}-x-${slugOf(away)}.html">
    <div class="row align-items-center content">
    <div class="w-25 p-1 status text-center"><span class="badge ${tone}">${escapeHtml(label)}</span></div>
    <div class="w-25 p-2 team-name"><h5 class="text-right team_link">${escapeHtml(home)}</h5></div>
    ${scoreCell(homeGoals, 'end')}
    <div class="h5 text-center">x</div>
    ${scoreCell(awayGoals, 'start')}
    <div class="w-25 p-2 team-name"><h5 class="text-left team_link">${escapeHtml(away)}</h5></div>
    </div>
  </a>`;
}

/** The three listing pages, keyed by upstream path; the hoje page also lists the live matches, as upstream does. */
export function buildSearchDayPages(): Record<string, string> {
  const day = readSearchDay();
  const pageOf = (wanted: (listing: ListingName) => boolean, date: (listing: ListingName) => string): string => {
    const blocks = day.competitions.flatMap(({ name, slug, matches }) => {
      const rows = matches.filter((row) => wanted(row[2]));
      if (rows.length === 0) return [];
      return [
        `<a href="/${slug}"><div class="row row-fix"><div class="col-10 col-md-11"><h3 class="match-list_league-name">${escapeHtml(name)}</h3></div></div></a>`,
        `<div class="container content">\n${rows.map((row) => matchRow(slug, date(row[2]), row)).join('\n')}\n</div>`,
      ];
    });
    const body =
      blocks.length > 0
        ? blocks.join('\n')
        : '<div class="alert alert-info text-center">Nenhuma partida em andamento no momento.</div>';
    return `<!DOCTYPE html><html lang="pt-br"><head><meta charset="utf-8"><title>Placar de Futebol</title></head><body><div id="livescore">\n${body}\n</div></body></html>`;
  };
  const dateOf = (listing: ListingName): string => (listing === 'amanha' ? day.tomorrow : day.today);
  return {
    [LISTING_PATHS.live]: pageOf((listing) => listing === 'live', dateOf),
    [LISTING_PATHS.hoje]: pageOf((listing) => listing !== 'amanha', dateOf),
    [LISTING_PATHS.amanha]: pageOf((listing) => listing === 'amanha', dateOf),
  };
}

/** The day as Placar's parser reads its pages (no server): what the search runs on in-process. */
export function buildSearchDaySnapshot(upstreamUrl = 'https://www.placardefutebol.com.br'): Snapshot {
  const pages = buildSearchDayPages();
  const envelope = (listing: ListingName) => {
    const html = pages[LISTING_PATHS[listing]];
    const matches = html === undefined ? [] : parseListingPage(html, upstreamUrl + LISTING_PATHS[listing]);
    const source = upstreamUrl + LISTING_PATHS[listing];
    return { generatedAt: null, timezone: TIMEZONE, source, stale: false, count: matches.length, matches };
  };
  return Object.fromEntries(LISTING_NAMES.map((listing) => [listing, envelope(listing)])) as Snapshot;
}
