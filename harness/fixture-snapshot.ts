/** A Snapshot built from the expected Match objects of the upstream samples in test/fixtures. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LISTING_PATHS,
  TIMEZONE,
  type ListEnvelope,
  type ListingName,
  type Match,
  type MatchDetail,
  type Snapshot,
} from '../src/lib/model/model.ts';
import { inMatchOrder } from '../src/lib/model/match-order.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/upstream');

export function readExpectedMatches(listing: ListingName): Match[] {
  const file = path.join(FIXTURES, `${LISTING_PATHS[listing].slice(1)}.expected.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Match[];
}

/**
 * The expected matches as a scrape serves them from `origin` (e.g. the fake upstream) instead of
 * the real site: each competition's in play order (match-order.ts; the samples list them in page order).
 */
export function readExpectedMatchesServedFrom(listing: ListingName, origin: string): Match[] {
  return inMatchOrder(
    JSON.parse(
      JSON.stringify(readExpectedMatches(listing)).replaceAll('https://www.placardefutebol.com.br', origin),
    ) as Match[],
  );
}

export function buildEnvelope(
  upstreamUrl: string,
  listing: ListingName,
  matches: Match[],
  generatedAt: string | null,
  stale = false,
): ListEnvelope {
  return {
    generatedAt,
    timezone: TIMEZONE,
    source: upstreamUrl + LISTING_PATHS[listing],
    stale,
    count: matches.length,
    matches,
  };
}

export function buildFixtureSnapshot(
  upstreamUrl = 'https://www.placardefutebol.com.br',
  generatedAt = '2026-11-21T19:41:05-03:00',
): Snapshot {
  return {
    live: buildEnvelope(upstreamUrl, 'live', readExpectedMatches('live'), generatedAt),
    hoje: buildEnvelope(upstreamUrl, 'hoje', readExpectedMatches('hoje'), generatedAt),
    amanha: buildEnvelope(upstreamUrl, 'amanha', readExpectedMatches('amanha'), generatedAt),
    ontem: buildEnvelope(upstreamUrl, 'ontem', readExpectedMatches('ontem'), generatedAt),
  };
}

/** The detail the sample match page (Flamengo x Palmeiras, the live sample's first match) must give. */
export function readExpectedMatchDetail(): MatchDetail {
  const file = path.join(FIXTURES, 'match-pages', 'jogo-flamengo-x-palmeiras.expected.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as MatchDetail;
}
