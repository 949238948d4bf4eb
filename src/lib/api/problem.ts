/**
 * RFC 9457 problem details for every API error: one builder per error the API can give,
 * each with a pt-BR title and a detail that tells the client what to do.
 */
import { DEFAULT_ARCHIVE_DAYS } from '../model/archive-days.ts';
import type { Problem } from '../model/model.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** The request path, bounded so a huge URL is not echoed back whole. */
function instanceOf(pathname: string): string {
  return pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
}

export function buildProblem(status: number, title: string, detail: string, pathname: string): Problem {
  return { type: 'about:blank', title, status, detail, instance: instanceOf(pathname) };
}

export const SEARCH_QUERY_HINT = 'Informe o parâmetro q com o nome de um time ou liga (2 a 100 caracteres).';

export function buildBadQueryProblem(pathname: string, detail: string = SEARCH_QUERY_HINT): Problem {
  return buildProblem(400, 'Parâmetro inválido', detail, pathname);
}

export function buildBadRequestProblem(pathname: string): Problem {
  return buildProblem(
    400,
    'Requisição inválida',
    'O endereço pedido não pôde ser lido. Verifique a codificação da URL.',
    pathname,
  );
}

/** How long the archive keeps a day and its finished matches, said the same way everywhere. */
function archiveRule(archiveDays: number): string {
  return `O Placar guarda as partidas encerradas e a lista de cada dia por ${archiveDays} dias depois que saem da lista de ontem.`;
}

/** `archiveDays`: ARCHIVE_DAYS, for the match and day routes' explanation. */
export function buildNotFoundProblem(pathname: string, archiveDays: number = DEFAULT_ARCHIVE_DAYS): Problem {
  // A match id Placar does not hold: say what holds one, and how long a finished one stays.
  if (pathname.startsWith('/api/jogo/'))
    return buildProblem(
      404,
      'Partida não encontrada',
      `Nenhuma partida de ontem, hoje, amanhã, ao vivo ou dos dias guardados tem este id. ${archiveRule(archiveDays)} Use o id de uma partida de /api/hoje, /api/ontem, /api/amanha, /api/live ou /api/dia/{AAAA-MM-DD}.`,
      pathname,
    );
  if (pathname.startsWith('/api/tabela/'))
    return buildProblem(
      404,
      'Competição não encontrada',
      'Nenhuma competição das listas de ontem, hoje, amanhã ou ao vivo tem este slug. Use o competition.slug de uma partida de /api/hoje, /api/ontem, /api/amanha ou /api/live.',
      pathname,
    );
  // A team slug Placar has never seen in its listings or kept days, with or without the calendar's .ics.
  if (pathname.startsWith('/api/time/'))
    return buildProblem(
      404,
      'Time não encontrado',
      'Nenhum time das listas de ontem, hoje, amanhã, ao vivo ou dos dias guardados tem este slug. Use o homeTeam.slug ou awayTeam.slug de uma partida de /api/hoje, /api/ontem, /api/amanha ou /api/live.',
      pathname,
    );
  return buildProblem(
    404,
    'Rota não encontrada',
    'Esta rota não existe. Consulte /api/routes para ver as rotas disponíveis.',
    pathname,
  );
}

/** /api/dia/{day} for a well-formed day Placar does not keep; `days`: those it keeps, newest first. */
export function buildUnknownDayProblem(pathname: string, archiveDays: number, days: readonly string[]): Problem {
  const kept =
    days.length === 0
      ? 'Nenhum dia está guardado agora.'
      : `Dias guardados: de ${days[days.length - 1]} a ${days[0]} (os que o Placar viu).`;
  return buildProblem(404, 'Dia não encontrado', `${archiveRule(archiveDays)} ${kept}`, pathname);
}

/** /api/dia/{day} whose day is not a date. */
export function buildBadDayProblem(pathname: string): Problem {
  return buildProblem(
    400,
    'Data inválida',
    'Informe o dia no formato AAAA-MM-DD (uma data do calendário), por exemplo /api/dia/2026-11-20.',
    pathname,
  );
}

export function buildMethodNotAllowedProblem(pathname: string, method: string): Problem {
  const shown = method.length > 20 ? `${method.slice(0, 20)}…` : method;
  return buildProblem(405, 'Método não permitido', `O método ${shown} não é aceito. Use GET ou HEAD.`, pathname);
}

export function buildRangeNotSatisfiableProblem(pathname: string, size: number): Problem {
  return buildProblem(
    416,
    'Intervalo inválido',
    `O intervalo pedido em Range está fora do arquivo, que tem ${size} bytes.`,
    pathname,
  );
}

export function buildStartingProblem(pathname: string): Problem {
  return buildProblem(
    503,
    'Placar iniciando',
    'O primeiro build do site está em andamento. Tente de novo em alguns segundos.',
    pathname,
  );
}

/** A cluster worker's search that its primary did not answer in time (src/server/cluster/primary-search.ts). */
export function buildSearchUnavailableProblem(pathname: string): Problem {
  return buildProblem(
    503,
    'Busca indisponível',
    'A busca não respondeu a tempo. Tente de novo em alguns segundos.',
    pathname,
  );
}

export function buildInternalErrorProblem(pathname: string): Problem {
  return buildProblem(500, 'Erro interno', 'Algo falhou do nosso lado. Tente de novo.', pathname);
}

export function buildRateLimitedProblem(pathname: string, retryAfterSeconds: number): Problem {
  return buildProblem(
    429,
    'Muitas buscas',
    `Limite de buscas por minuto atingido. Tente de novo em ${retryAfterSeconds} s.`,
    pathname,
  );
}

export function buildTooManyStreamsProblem(pathname: string, perClient: number, retryAfterSeconds: number): Problem {
  const detail = `Este cliente (endereço IPv4 ou rede IPv6 /64) já tem ${perClient} conexão(ões) abertas ao fluxo de eventos, ou sua rede IPv6 (/56 ou /48) já tem todas as dela. Feche uma ou tente de novo em ${retryAfterSeconds} s.`;
  return buildProblem(429, 'Muitas conexões', detail, pathname);
}

export function buildStreamsFullProblem(pathname: string, retryAfterSeconds: number): Problem {
  const detail = `O servidor atingiu o limite de conexões ao fluxo de eventos. Tente de novo em ${retryAfterSeconds} s ou use /api/eventos.`;
  return buildProblem(503, 'Fluxo de eventos lotado', detail, pathname);
}

/** The problem as a fetch Response (for Astro endpoints); `headers` are added. */
export function buildProblemResponse(problem: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}
