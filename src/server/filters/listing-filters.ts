/**
 * Filters on /api/live, /api/hoje, /api/amanha, /api/ontem and /api/eventos, answered by this
 * server (a static host or a CDN serves the unfiltered files): `status`, `time` and `competicao`
 * (match-filter-query.ts). The matches come from what the server already holds for the build it
 * serves (the value the refresh handed over), so nothing is parsed or indexed per request (filter-bodies.ts). Each distinct answer
 * (the served file, the filters in their normal form) is kept in a memo bounded in entries and
 * bytes; a new one costs the client one search of SEARCH_RATE_LIMIT (429 past it), a kept one
 * nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildContentHash } from '../../lib/api/etag.ts';
import { LIST_JSON_CACHE_CONTROL } from '../../lib/api/headers-policy.ts';
import { answerJson, encodeJson } from '../../lib/api/json-answer.ts';
import { hasMatchFilters, parseMatchFilterQuery, type MatchFilterQuery } from '../../lib/api/match-filter-query.ts';
import { buildRateLimitedProblem } from '../../lib/api/problem.ts';
import type { ListingName } from '../../lib/model/model.ts';
import { normalizeQuery } from '../../lib/search/search-text.ts';
import type { BuildLoaded, ServedHead } from '../../lib/store/builds/build-loaded.ts';
import { createBoundedMemo } from '../memo/bounded-memo.ts';
import { createMatchIdsMemo, filterEvents, filterListing } from './filter-bodies.ts';
import type { EventHub } from '../event-stream/event-hub.ts';
import { buildRateLimitHeaders, type RateLimiter } from '../limits/rate-limit.ts';
import { writeProblem } from '../respond.ts';
import type { StaticEntry } from '../site/static-site.ts';

/** The routes that take filters, and what each serves. */
const FILTERABLE_ROUTES: ReadonlyMap<string, ListingName | 'events'> = new Map([
  ['/api/live', 'live'],
  ['/api/hoje', 'hoje'],
  ['/api/amanha', 'amanha'],
  ['/api/ontem', 'ontem'],
  ['/api/eventos', 'events'],
]);

/** Answers kept: at most this many, and this many bytes with their compressed copies. */
const MAX_ANSWERS = 512;
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

interface KeptAnswer {
  identity: Buffer;
  hash: string;
  br: Buffer | null;
  gzip: Buffer | null;
}

const weigh = (answer: KeptAnswer): number =>
  answer.identity.length + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0);

/** A filterable route's file as it is served now, and what the server holds of its build. */
export interface ServedListing {
  /** The file (or its `stale: true` copy: stale-listing.ts). */
  entry: StaticEntry;
  /** generatedAt and stale as `entry` says them. */
  head: ServedHead;
  build: BuildLoaded;
}

/** The filters in their normal form: spellings that select the same matches share one key. */
function filterKey({ statuses, team, competition }: MatchFilterQuery): string {
  const words = (text: string | null): string => (text === null ? '*' : normalizeQuery(text));
  return [statuses === null ? '*' : [...statuses].sort().join(','), words(team), words(competition)].join('\n');
}

export interface ListingFilterSources {
  events: EventHub;
  rateLimiter: RateLimiter;
}

export interface ListingFilters {
  /**
   * The answer to a filterable route's query (a filtered listing, a 400, a 429), or null when the
   * route takes no filters or the query names none: the file itself is the answer.
   */
  answer(
    req: IncomingMessage,
    res: ServerResponse,
    route: string,
    served: ServedListing,
    search: string,
  ): Promise<void> | null;
}

/** Writes a kept answer (ETag, 304, br/gzip as the request asks); a compressed copy made now is kept with it. */
function writeKeptAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  entry: StaticEntry,
  kept: KeptAnswer,
  keep: (kept: KeptAnswer) => void,
): void {
  const header = (value: string | string[] | undefined): string | undefined =>
    Array.isArray(value) ? value.join(', ') : value;
  const prepared = {
    identity: kept.identity,
    hash: kept.hash,
    encoded(coding: 'br' | 'gzip'): Buffer {
      const made = kept[coding] ?? encodeJson(kept.identity, coding);
      if (kept[coding] === null) {
        kept[coding] = made;
        keep(kept); // weighed again with its new copy
      }
      return made;
    },
  };
  const answer = answerJson(
    prepared,
    {
      acceptEncoding: header(req.headers['accept-encoding']),
      ifNoneMatch: header(req.headers['if-none-match']),
      ifModifiedSince: header(req.headers['if-modified-since']),
      cacheControl: header(req.headers['cache-control']),
    },
    { cacheControl: LIST_JSON_CACHE_CONTROL, lastModified: entry.file.lastModified },
  );
  const length = answer.body === null ? {} : { 'Content-Length': String(answer.body.length) };
  res.writeHead(answer.status, { ...answer.headers, ...length });
  res.end(req.method === 'HEAD' || answer.body === null ? undefined : answer.body);
}

export function createListingFilters(sources: ListingFilterSources): ListingFilters {
  const answers = createBoundedMemo<KeptAnswer>({ maxEntries: MAX_ANSWERS, maxWeight: MAX_ANSWER_BYTES, weigh });
  const matchIds = createMatchIdsMemo();

  const answerFiltered = async (
    req: IncomingMessage,
    res: ServerResponse,
    route: string,
    listing: ListingName | 'events',
    served: ServedListing,
    query: MatchFilterQuery,
  ): Promise<void> => {
    const { entry, head, build } = served;
    const key = `${route}\n${entry.file.hash}\n${filterKey(query)}`;
    let kept = answers.get(key);
    if (!kept) {
      const decision = await sources.rateLimiter.check(req.socket.remoteAddress ?? 'desconhecido');
      if (decision && !decision.allowed) {
        return writeProblem(req, res, buildRateLimitedProblem(route, decision.resetSeconds), {
          ...buildRateLimitHeaders(decision),
          'Retry-After': String(decision.resetSeconds),
        });
      }
      const identity =
        listing === 'events'
          ? filterEvents(head, query, sources.events)
          : filterListing(build.snapshot[listing], head, query, build.snapshot, matchIds);
      kept = { identity, hash: buildContentHash(identity), br: null, gzip: null };
      answers.set(key, kept);
    }
    writeKeptAnswer(req, res, entry, kept, (answer) => answers.set(key, answer));
  };

  return {
    answer(req, res, route, served, search) {
      const listing = FILTERABLE_ROUTES.get(route);
      if (listing === undefined || search === '') return null;
      const parsed = parseMatchFilterQuery(search, route, { status: true });
      if (!parsed.ok) {
        writeProblem(req, res, parsed.problem);
        return Promise.resolve();
      }
      if (!hasMatchFilters(parsed.query)) return null;
      return answerFiltered(req, res, route, listing, served, parsed.query);
    },
  };
}
