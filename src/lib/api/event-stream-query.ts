/**
 * Validation of /api/eventos/stream's query string and Last-Event-ID header, at the edge.
 * Never throws, whatever the client sends: an unusable value is a 400 problem that says why.
 * The filters are the feed's (match-filter-query.ts), without `status`.
 */
import { MATCH_EVENT_ID_PATTERN, type Problem } from '../model/model.ts';
import { parseMatchFilterQuery } from './match-filter-query.ts';
import { buildBadQueryProblem } from './problem.ts';

export interface EventStreamQuery {
  /** Team filter (?time=), as /api/busca reads a query. */
  team: string | null;
  /** Competition filter (?competicao=). */
  competition: string | null;
  /** Resume after this event id (Last-Event-ID, else ?desde=). */
  since: string | null;
}

export type EventStreamQueryResult = { ok: true; query: EventStreamQuery } | { ok: false; problem: Problem };

function readSince(params: URLSearchParams, header: string | undefined, pathname: string): string | Problem | null {
  const fromQuery = params.getAll('desde');
  if (header === undefined && fromQuery.length > 1) {
    return buildBadQueryProblem(pathname, 'Informe o parâmetro desde uma única vez.');
  }
  // The header is what an EventSource sends when it reconnects: newer than the URL's ?desde=.
  const value = (header ?? fromQuery[0] ?? '').trim();
  if (value === '') return null;
  if (!MATCH_EVENT_ID_PATTERN.test(value)) {
    const source = header === undefined ? 'O parâmetro desde' : 'O cabeçalho Last-Event-ID';
    return buildBadQueryProblem(pathname, `${source} deve ser o id de um evento, como 1764000000000-0001.`);
  }
  return value;
}

/** The stream's filters and resume point; `pathname` is echoed in a problem's instance. */
export function parseEventStreamQuery(
  search: string,
  lastEventId: string | undefined,
  pathname: string,
): EventStreamQueryResult {
  const filters = parseMatchFilterQuery(search, pathname, { status: false, otherNames: ['desde'] });
  if (!filters.ok) return filters;
  const since = readSince(new URLSearchParams(search), lastEventId, pathname);
  if (since !== null && typeof since !== 'string') return { ok: false, problem: since };
  return { ok: true, query: { team: filters.query.team, competition: filters.query.competition, since } };
}
