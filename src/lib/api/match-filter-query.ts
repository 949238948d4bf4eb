/**
 * The match filters of /api/live, /api/hoje, /api/amanha, /api/ontem and /api/eventos (and,
 * without `status`, of the event stream), validated at the edge. Never throws: an unusable
 * value is a 400 problem that says why, never a filter quietly ignored.
 * - `status`: API statuses, comma-separated ("IN_PLAY,PAUSED"), each at most once;
 * - `time` / `competicao`: 2–100 characters, read with the search's words, nicknames and typos.
 * Each parameter at most once, spelled exactly so (parameter-names.ts); other names are not filters.
 */
import { STATUSES, type Problem, type Status } from '../model/model.ts';
import { describeMisspelledParameter, findMisspelledParameter } from './parameter-names.ts';
import { buildBadQueryProblem } from './problem.ts';

export const MATCH_FILTER_MIN = 2;
export const MATCH_FILTER_MAX = 100;

export interface MatchFilterQuery {
  /** Only matches with one of these statuses; null: any. */
  statuses: readonly Status[] | null;
  /** Team filter (?time=), as /api/busca reads a query. */
  team: string | null;
  /** Competition filter (?competicao=). */
  competition: string | null;
}

export type MatchFilterResult = { ok: true; query: MatchFilterQuery } | { ok: false; problem: Problem };

type Reading<T> = { ok: true; value: T } | { ok: false; problem: Problem };

const WORD_FILTERS = { time: 'um time', competicao: 'uma competição' } as const;
const CONTROL_CHARACTERS = /\p{Cc}/u;

export function hasMatchFilters(query: MatchFilterQuery): boolean {
  return query.statuses !== null || query.team !== null || query.competition !== null;
}

function refused<T>(pathname: string, detail: string): Reading<T> {
  return { ok: false, problem: buildBadQueryProblem(pathname, detail) };
}

/** `time` or `competicao`: its trimmed value, null when absent. */
function readWordFilter(
  params: URLSearchParams,
  name: keyof typeof WORD_FILTERS,
  pathname: string,
): Reading<string | null> {
  const values = params.getAll(name);
  if (values.length === 0) return { ok: true, value: null };
  const hint = `use de ${MATCH_FILTER_MIN} a ${MATCH_FILTER_MAX} caracteres com o nome de ${WORD_FILTERS[name]}`;
  if (values.length > 1) return refused(pathname, `Informe o parâmetro ${name} uma única vez; ${hint}.`);
  const value = (values[0] ?? '').trim();
  // U+FFFD: bytes that were not UTF-8 once percent-decoded.
  if (CONTROL_CHARACTERS.test(value) || value.includes('\uFFFD')) {
    return refused(pathname, `O parâmetro ${name} tem caracteres de controle ou bytes que não são UTF-8; ${hint}.`);
  }
  const length = [...value].length;
  if (length < MATCH_FILTER_MIN || length > MATCH_FILTER_MAX) {
    return refused(pathname, `O parâmetro ${name} tem ${length} caractere(s); ${hint}.`);
  }
  return { ok: true, value };
}

const KNOWN_STATUSES: ReadonlyMap<string, Status> = new Map(STATUSES.map((status) => [status, status]));

function readStatuses(params: URLSearchParams, pathname: string): Reading<readonly Status[] | null> {
  const values = params.getAll('status');
  if (values.length === 0) return { ok: true, value: null };
  const hint = `use um ou mais de ${STATUSES.join(', ')}, separados por vírgula (ex.: IN_PLAY,PAUSED)`;
  if (values.length > 1) return refused(pathname, `Informe o parâmetro status uma única vez; ${hint}.`);
  const statuses: Status[] = [];
  for (const item of (values[0] ?? '').split(',').map((text) => text.trim())) {
    const status = KNOWN_STATUSES.get(item);
    if (status === undefined) {
      const shown = item === '' ? 'um item vazio' : `"${item.slice(0, 40)}"`;
      return refused(pathname, `O parâmetro status tem ${shown}; ${hint}.`);
    }
    if (statuses.includes(status)) return refused(pathname, `O parâmetro status repete ${status}; ${hint}.`);
    statuses.push(status);
  }
  return { ok: true, value: statuses };
}

export interface MatchFilterOptions {
  /** Whether the route takes `status` (the event stream does not). */
  status: boolean;
  /** The route's other parameters, refused too when misspelled (the stream's `desde`). */
  otherNames?: readonly string[];
}

/** The filters of a raw query string (`?…`); parameters that are no filter are left alone. */
export function parseMatchFilterQuery(
  search: string,
  pathname: string,
  options: MatchFilterOptions,
): MatchFilterResult {
  const names = [...(options.status ? ['status'] : []), ...Object.keys(WORD_FILTERS), ...(options.otherNames ?? [])];
  const misspelled = findMisspelledParameter(search, names);
  if (misspelled)
    return { ok: false, problem: buildBadQueryProblem(pathname, describeMisspelledParameter(misspelled)) };
  const params = new URLSearchParams(search);
  const statuses: Reading<readonly Status[] | null> = options.status
    ? readStatuses(params, pathname)
    : { ok: true, value: null };
  if (!statuses.ok) return statuses;
  const team = readWordFilter(params, 'time', pathname);
  if (!team.ok) return team;
  const competition = readWordFilter(params, 'competicao', pathname);
  if (!competition.ok) return competition;
  return { ok: true, query: { statuses: statuses.value, team: team.value, competition: competition.value } };
}
