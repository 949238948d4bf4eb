/**
 * Validation of /api/eventos/stream's query string and Last-Event-ID header, at the edge.
 * Never throws, whatever the client sends: an unusable value is a 400 problem that says why.
 */
import { MATCH_EVENT_ID_PATTERN, type Problem } from '../model/model.ts';
import { buildBadQueryProblem } from './problem.ts';

export const EVENT_FILTER_MIN = 2;
export const EVENT_FILTER_MAX = 100;

export interface EventStreamQuery {
  /** Team filter (?time=), as /api/busca reads a query. */
  team: string | null;
  /** Competition filter (?competicao=). */
  competition: string | null;
  /** Resume after this event id (Last-Event-ID, else ?desde=). */
  since: string | null;
}

export type EventStreamQueryResult = { ok: true; query: EventStreamQuery } | { ok: false; problem: Problem };

const FILTERS = { time: 'um time', competicao: 'uma competição' } as const;
const CONTROL_CHARACTERS = /\p{Cc}/u;

function readFilter(params: URLSearchParams, name: keyof typeof FILTERS, pathname: string): string | Problem | null {
  const values = params.getAll(name);
  if (values.length === 0) return null;
  const hint = `use de ${EVENT_FILTER_MIN} a ${EVENT_FILTER_MAX} caracteres com o nome de ${FILTERS[name]}`;
  if (values.length > 1) return buildBadQueryProblem(pathname, `Informe o parâmetro ${name} uma única vez; ${hint}.`);
  const value = (values[0] ?? '').trim();
  // U+FFFD: bytes that were not UTF-8 once percent-decoded.
  if (CONTROL_CHARACTERS.test(value) || value.includes('\uFFFD')) {
    const detail = `O parâmetro ${name} tem caracteres de controle ou bytes que não são UTF-8; ${hint}.`;
    return buildBadQueryProblem(pathname, detail);
  }
  const length = [...value].length;
  if (length < EVENT_FILTER_MIN || length > EVENT_FILTER_MAX) {
    return buildBadQueryProblem(pathname, `O parâmetro ${name} tem ${length} caractere(s); ${hint}.`);
  }
  return value;
}

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

function isProblem(value: string | Problem | null): value is Problem {
  return value !== null && typeof value !== 'string';
}

/** The stream's filters and resume point; `pathname` is echoed in a problem's instance. */
export function parseEventStreamQuery(
  search: string,
  lastEventId: string | undefined,
  pathname: string,
): EventStreamQueryResult {
  const params = new URLSearchParams(search);
  const team = readFilter(params, 'time', pathname);
  const competition = readFilter(params, 'competicao', pathname);
  const since = readSince(params, lastEventId, pathname);
  if (isProblem(team)) return { ok: false, problem: team };
  if (isProblem(competition)) return { ok: false, problem: competition };
  if (isProblem(since)) return { ok: false, problem: since };
  return { ok: true, query: { team, competition, since } };
}
