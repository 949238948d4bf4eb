/**
 * Filters on /api/live, /api/hoje, /api/amanha, /api/ontem and /api/eventos, answered by this
 * server (a static host or a CDN serves the unfiltered files): `status`, `time` and `competicao`
 * (match-filter-query.ts). The matches come from what the server already holds for the build it
 * serves — the search snapshot's listings (index built), the event hub's events — and team and
 * competition words are read as the event stream reads them (match-filter.ts), so nothing is
 * parsed or indexed per request. Each distinct answer (the served file, the filters in their
 * normal form) is kept in a memo bounded in entries and bytes; a new one costs the client one
 * search of SEARCH_RATE_LIMIT (429 past it), a kept one nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildContentHash } from '../../lib/api/etag.ts';
import { LIST_JSON_CACHE_CONTROL } from '../../lib/api/headers-policy.ts';
import { answerJson, encodeJson } from '../../lib/api/json-answer.ts';
import { hasMatchFilters, parseMatchFilterQuery, type MatchFilterQuery } from '../../lib/api/match-filter-query.ts';
import { buildRateLimitedProblem } from '../../lib/api/problem.ts';
import {
  ListEnvelopeSchema,
  TIMEZONE,
  type ListEnvelope,
  type ListingName,
  type Snapshot,
} from '../../lib/model/model.ts';
import { buildFilterSnapshot, findCompetitionMatchIds, findTeamMatchIds } from '../../lib/search/match-filter.ts';
import { normalizeQuery } from '../../lib/search/search-text.ts';
import type { SnapshotReading } from '../../lib/store/snapshot-reader.ts';
import { createBoundedMemo } from './bounded-memo.ts';
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
/** Team and competition answers kept per snapshot (a set of match ids each). */
const MAX_MATCH_ID_SETS = 256;

interface KeptAnswer {
  identity: Buffer;
  hash: string;
  br: Buffer | null;
  gzip: Buffer | null;
}

const weigh = (answer: KeptAnswer): number =>
  answer.identity.length + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0);

/** The first fields of a file this server built: `{"generatedAt":…,"timezone":…,("source":…,)"stale":…,`. */
const FILE_HEAD =
  /^\{"generatedAt":(null|"[^"\\]*"),"timezone":"[^"\\]*",(?:"source":"[^"\\]*",)?"stale":(true|false),/;

interface FileHead {
  generatedAt: string | null;
  stale: boolean;
}

/** generatedAt and stale of a served listing or feed (its stale copy says true), read from its first bytes. */
function readFileHead(entry: StaticEntry): FileHead {
  const head = FILE_HEAD.exec(entry.identity.subarray(0, 512).toString('utf8'));
  if (head) return { generatedAt: JSON.parse(head[1] ?? 'null') as string | null, stale: head[2] === 'true' };
  const body = JSON.parse(entry.identity.toString('utf8')) as { generatedAt?: unknown; stale?: unknown };
  return { generatedAt: typeof body.generatedAt === 'string' ? body.generatedAt : null, stale: body.stale !== false };
}

/** The filters in their normal form: spellings that select the same matches share one key. */
function filterKey({ statuses, team, competition }: MatchFilterQuery): string {
  const words = (text: string | null): string => (text === null ? '*' : normalizeQuery(text));
  return [statuses === null ? '*' : [...statuses].sort().join(','), words(team), words(competition)].join('\n');
}

export interface ListingFilterSources {
  /** The snapshot the served build was made from, with its search index (search-snapshot.ts). */
  reading(): SnapshotReading | null;
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
    entry: StaticEntry,
    search: string,
  ): Promise<void> | null;
}

export function createListingFilters(sources: ListingFilterSources): ListingFilters {
  const answers = createBoundedMemo<KeptAnswer>({ maxEntries: MAX_ANSWERS, maxWeight: MAX_ANSWER_BYTES, weigh });
  const idSets = new WeakMap<Snapshot, ReturnType<typeof createBoundedMemo<ReadonlySet<string>>>>();

  const matchIds = (snapshot: Snapshot, kind: 'team' | 'competition', text: string): ReadonlySet<string> => {
    let memo = idSets.get(snapshot);
    if (!memo) {
      memo = createBoundedMemo<ReadonlySet<string>>(MAX_MATCH_ID_SETS);
      idSets.set(snapshot, memo);
    }
    const key = `${kind}\n${normalizeQuery(text)}`;
    let ids = memo.get(key);
    if (!ids) {
      ids = kind === 'team' ? findTeamMatchIds(snapshot, text) : findCompetitionMatchIds(snapshot, text);
      memo.set(key, ids);
    }
    return ids;
  };

  /** The listing as served: the search snapshot's when it is the file's data, else the file itself (read once). */
  const listingOf = (
    listing: ListingName,
    entry: StaticEntry,
    head: FileHead,
  ): { envelope: ListEnvelope; snapshot: Snapshot } => {
    const snapshot = sources.reading()?.snapshot;
    const envelope = snapshot?.[listing];
    if (snapshot && envelope && envelope.generatedAt === head.generatedAt) return { envelope, snapshot };
    const own = ListEnvelopeSchema.parse(JSON.parse(entry.identity.toString('utf8')));
    return { envelope: own, snapshot: buildFilterSnapshot(own.matches) };
  };

  const filterListing = (listing: ListingName, entry: StaticEntry, query: MatchFilterQuery): Buffer => {
    const head = readFileHead(entry);
    const { envelope, snapshot } = listingOf(listing, entry, head);
    const teamIds = query.team === null ? null : matchIds(snapshot, 'team', query.team);
    const competitionIds = query.competition === null ? null : matchIds(snapshot, 'competition', query.competition);
    const matches = envelope.matches.filter(
      (match) =>
        (query.statuses === null || query.statuses.includes(match.status)) &&
        (teamIds === null || teamIds.has(match.id)) &&
        (competitionIds === null || competitionIds.has(match.id)),
    );
    // In the file's own key order; generatedAt and stale as the served file says them.
    const body: ListEnvelope = {
      generatedAt: head.generatedAt,
      timezone: TIMEZONE,
      source: envelope.source,
      stale: head.stale,
      count: matches.length,
      matches,
    };
    return Buffer.from(JSON.stringify(body));
  };

  const filterEvents = (entry: StaticEntry, query: MatchFilterQuery): Buffer => {
    const { generatedAt, stale } = readFileHead(entry);
    const events = sources.events.selectEvents(query);
    const head = `{"generatedAt":${JSON.stringify(generatedAt)},"timezone":${JSON.stringify(TIMEZONE)},"stale":${stale}`;
    return Buffer.from(`${head},"count":${events.length},"events":[${events.join(',')}]}`);
  };

  const respond = (
    req: IncomingMessage,
    res: ServerResponse,
    entry: StaticEntry,
    kept: KeptAnswer,
    key: string,
  ): void => {
    const header = (value: string | string[] | undefined): string | undefined =>
      Array.isArray(value) ? value.join(', ') : value;
    const prepared = {
      identity: kept.identity,
      hash: kept.hash,
      encoded(coding: 'br' | 'gzip'): Buffer {
        const made = kept[coding] ?? encodeJson(kept.identity, coding);
        if (kept[coding] === null) {
          kept[coding] = made;
          answers.set(key, kept); // weighed again with its new copy
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
  };

  const answerFiltered = async (
    req: IncomingMessage,
    res: ServerResponse,
    route: string,
    served: ListingName | 'events',
    entry: StaticEntry,
    query: MatchFilterQuery,
  ): Promise<void> => {
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
      const identity = served === 'events' ? filterEvents(entry, query) : filterListing(served, entry, query);
      kept = { identity, hash: buildContentHash(identity), br: null, gzip: null };
      answers.set(key, kept);
    }
    respond(req, res, entry, kept, key);
  };

  return {
    answer(req, res, route, entry, search) {
      const served = FILTERABLE_ROUTES.get(route);
      if (served === undefined || search === '') return null;
      const parsed = parseMatchFilterQuery(search, route, { status: true });
      if (!parsed.ok) {
        writeProblem(req, res, parsed.problem);
        return Promise.resolve();
      }
      if (!hasMatchFilters(parsed.query)) return null;
      return answerFiltered(req, res, route, served, entry, parsed.query);
    },
  };
}
