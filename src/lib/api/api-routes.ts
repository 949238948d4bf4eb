/**
 * The six API operations, described once. The OpenAPI document (/api/routes) and the
 * dashboard's "API Endpoints" footer are both generated from this list.
 */
export interface ApiRoute {
  /** OpenAPI path, e.g. "/api/busca". */
  path: string;
  /** What the footer shows, e.g. "/api/busca?q=". */
  display: string;
  /** A link that works when followed from the dashboard. */
  href: string;
  operationId: string;
  /** pt-BR one-liner, shown in the footer and as the OpenAPI summary. */
  summary: string;
  /** pt-BR paragraph for the OpenAPI description. */
  description: string;
  /** Which schema the 200 response has. */
  response: 'list' | 'search' | 'openapi';
}

export const API_ROUTES: readonly ApiRoute[] = [
  {
    path: '/api/live',
    display: '/api/live',
    href: '/api/live',
    operationId: 'listarAoVivo',
    summary: 'Jogos acontecendo agora',
    description: 'Partidas em andamento, na ordem da listagem "jogos em andamento" do site de origem. Atualizado a cada minuto.',
    response: 'list',
  },
  {
    path: '/api/hoje',
    display: '/api/hoje',
    href: '/api/hoje',
    operationId: 'listarHoje',
    summary: 'Todos os jogos de hoje',
    description: 'Todas as partidas do dia (horário de Brasília): agendadas, em andamento e encerradas.',
    response: 'list',
  },
  {
    path: '/api/amanha',
    display: '/api/amanha',
    href: '/api/amanha',
    operationId: 'listarAmanha',
    summary: 'Jogos de amanhã',
    description: 'Partidas agendadas para amanhã (horário de Brasília).',
    response: 'list',
  },
  {
    path: '/api/ontem',
    display: '/api/ontem',
    href: '/api/ontem',
    operationId: 'listarOntem',
    summary: 'Resultados de ontem',
    description:
      'Partidas de ontem (horário de Brasília), com os placares finais. A lista de ontem do site de origem é buscada uma vez por hora (YESTERDAY_REFRESH_SECONDS), então um jogo que terminou tarde aparece certo; stale só depois de 3 desses intervalos sem sucesso.',
    response: 'list',
  },
  {
    path: '/api/busca',
    display: '/api/busca?q=',
    href: '/api/busca?q=flamengo',
    operationId: 'buscar',
    summary: 'Buscar por time ou liga',
    description:
      'Partidas de ao vivo, ontem, hoje e amanhã, da mais relevante para a menos. Cada palavra de q precisa ser o início de uma palavra do mandante, do visitante, da competição ou de um apelido deles (palavras de 1 ou 2 letras: a palavra inteira; pontuação separa palavras; sem diferenciar maiúsculas nem acentos). "a x b" (ou vs, vs., versus, contra, " - ") pede um jogo com um lado para cada termo, em qualquer ordem. Apelidos: Mengão, Timão, Galo, PSG, Champions, La Liga… (um apelido de vários clubes traz todos). Palavras de 5 ou mais letras toleram 1 erro de digitação (2 a partir de 9). Ordem: nome exato do time, início de palavra do time, apelido, erro de digitação, só a competição; no empate, time principal antes de feminino e sub-20, depois ao vivo, hoje, amanhã, ontem e horário.',
    response: 'search',
  },
  {
    path: '/api/routes',
    display: '/api/routes',
    href: '/api/routes',
    operationId: 'documentacao',
    summary: 'Documentação da API',
    description: 'Este documento OpenAPI 3.1 com todas as rotas, esquemas e respostas de erro.',
    response: 'openapi',
  },
];
