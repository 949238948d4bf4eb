/**
 * Validation of /api/eventos/stream's query string and Last-Event-ID header, at the edge.
 * Never throws, whatever the client sends: an unusable value is a 400 problem that says why.
 * The filters are the feed's (match-filter-query.ts), without `status`. `apenas=build`: only the
 * build notices (an open page's stream: it fetches what it shows when a new build is served).
 */
import { BUILD_NOTICE_TYPE } from './event-wire.ts';
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
  /** `apenas=build`: no match events, only the build notices (no filters, nothing to resume). */
  onlyBuildNotices: boolean;
}

/** The value of `apenas` that asks for the build notices alone: their type. */
export const ONLY_BUILD_NOTICES = BUILD_NOTICE_TYPE;

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

/** `apenas`: absent (false), or `build` once, without filters (true); anything else says why. */
function readOnly(params: URLSearchParams, filtered: boolean, pathname: string): boolean | Problem {
  const values = params.getAll('apenas');
  if (values.length === 0) return false;
  const hint = `use apenas=${ONLY_BUILD_NOTICES} (só os avisos de nova versão dos dados), sem time nem competicao`;
  if (values.length > 1 || values[0] !== ONLY_BUILD_NOTICES || filtered) {
    return buildBadQueryProblem(pathname, `O parâmetro apenas não pode ser usado assim; ${hint}.`);
  }
  return true;
}

/** The stream's filters and resume point; `pathname` is echoed in a problem's instance. */
export function parseEventStreamQuery(
  search: string,
  lastEventId: string | undefined,
  pathname: string,
): EventStreamQueryResult {
  const filters = parseMatchFilterQuery(search, pathname, { status: false, otherNames: ['desde', 'apenas'] });
  if (!filters.ok) return filters;
  const params = new URLSearchParams(search);
  const { team, competition } = filters.query;
  const onlyBuildNotices = readOnly(params, team !== null || competition !== null, pathname);
  if (typeof onlyBuildNotices !== 'boolean') return { ok: false, problem: onlyBuildNotices };
  const since = readSince(params, lastEventId, pathname);
  if (since !== null && typeof since !== 'string') return { ok: false, problem: since };
  // The build notices have no id: a resume point means nothing to them.
  return {
    ok: true,
    query: { team, competition, since: onlyBuildNotices ? null : since, onlyBuildNotices },
  };
}
