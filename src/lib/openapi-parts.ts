/**
 * The pt-BR prose of the OpenAPI document: field descriptions, shared headers and the error
 * responses. Kept apart from openapi.ts, which only assembles the document.
 */

/** Description of each JSON field, per schema and property name (nested objects included). */
export const FIELD_DESCRIPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ListEnvelope: {
    generatedAt: 'Quando a listagem foi obtida com sucesso do site de origem pela última vez (ISO 8601 com fuso); null antes da primeira vez.',
    timezone: 'Fuso horário de todas as datas e horas: America/Sao_Paulo.',
    source: 'Página do site de origem de onde os dados vieram.',
    stale: 'true quando a última coleta bem-sucedida tem mais de 3 intervalos de atualização (ou nunca houve): os dados ainda são servidos.',
    count: 'Número de partidas (igual ao tamanho de matches).',
    matches: 'As partidas, na ordem em que o site de origem as lista.',
  },
  Match: {
    id: 'Caminho da partida no site de origem, sem a barra inicial nem .html; estável entre atualizações e listagens.',
    url: 'Página da partida no site de origem.',
    competition: 'Campeonato ou liga.',
    slug: 'Identificador do campeonato no site de origem.',
    date: 'Dia da partida (AAAA-MM-DD), tirado do endereço da partida no site de origem.',
    kickoff: 'Horário de início (ISO 8601 com fuso) quando o site mostra um horário; senão null.',
    status: 'Situação da partida (vocabulário do football-data.org, mais UNKNOWN para textos não reconhecidos).',
    statusLabel: 'O texto de situação exatamente como o site de origem mostra (ex.: "67 MIN", "INTERVALO").',
    minute: 'Minuto de jogo mostrado pelo site; null quando não há.',
    injuryTime: 'Acréscimos mostrados (o 2 de "45+2\'"); null quando não há.',
    homeTeam: 'Time mandante.',
    awayTeam: 'Time visitante.',
    crest: 'URL absoluta do escudo, quando a listagem mostra um; senão null.',
    score: 'Placar: null antes do início (nunca um 0 presumido).',
    penalties: 'Placar da disputa de pênaltis, quando houver; senão null.',
  },
  Problem: {
    type: 'Tipo do problema (about:blank: o status HTTP basta).',
    title: 'Resumo do problema, em português.',
    detail: 'O que aconteceu e o que fazer, em português.',
    status: 'O código de status HTTP da resposta.',
    instance: 'Caminho da requisição que causou o problema.',
  },
};

export const HEADERS: Readonly<Record<string, Record<string, unknown>>> = {
  ETag: { description: 'Identificador do conteúdo (hash); envie em If-None-Match para receber 304.', schema: { type: 'string' } },
  'Last-Modified': { description: 'Quando o conteúdo mudou pela última vez; aceita If-Modified-Since.', schema: { type: 'string' } },
  'Cache-Control': { description: 'Por quanto tempo navegadores e CDNs podem guardar a resposta.', schema: { type: 'string' } },
  Allow: { description: 'Métodos aceitos: GET, HEAD.', schema: { type: 'string' } },
  'Retry-After': { description: 'Segundos até poder buscar de novo.', schema: { type: 'integer' } },
  'RateLimit-Limit': { description: 'Buscas seguidas permitidas a este cliente (rajada), repostas a este ritmo por minuto.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Buscas que ainda restam agora.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Segundos até a próxima busca liberada (se recusada) ou até o limite se refazer por inteiro.', schema: { type: 'integer' } },
};

const headerRef = (name: string): Record<string, string> => ({ $ref: `#/components/headers/${name}` });

/** Error responses (their problem+json content is added by openapi.ts) and 304. */
export const RESPONSES: Readonly<Record<string, Record<string, unknown>>> = {
  NotModified: { description: 'O conteúdo não mudou desde o ETag ou a data informados: use a cópia guardada.' },
  BadRequest: { description: 'Parâmetro q ausente, vazio, repetido, fora de 2 a 100 caracteres ou que não é UTF-8 válido.' },
  NotFound: { description: 'Rota /api/* inexistente.' },
  MethodNotAllowed: { description: 'Método diferente de GET ou HEAD.', headers: { Allow: headerRef('Allow') } },
  TooManyRequests: {
    description: 'Buscas demais deste cliente: o limite (rajada, reposta por minuto) acabou.',
    headers: {
      'Retry-After': headerRef('Retry-After'),
      'RateLimit-Limit': headerRef('RateLimit-Limit'),
      'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
      'RateLimit-Reset': headerRef('RateLimit-Reset'),
    },
  },
};
