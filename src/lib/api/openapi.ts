/**
 * The OpenAPI 3.1 document served at /api/routes, generated from API_ROUTES (operations), the
 * zod schemas of model.ts (bodies) and headers-policy.ts (header values), so none of them can
 * drift from what the API serves. Every method the server answers is an operation (GET, HEAD,
 * OPTIONS); any other method gets 405, which is said in prose (OpenAPI 3.1 has no place for
 * "every other method"), as is the 404 of paths that do not exist.
 */
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from './api-routes.ts';
import {
  EVENT_STREAM_CACHE_CONTROL,
  EXPOSED_HEADERS,
  LIST_JSON_CACHE_CONTROL,
  NO_STORE,
  PREFLIGHT_HEADERS,
  SEARCH_CACHE_CONTROL,
} from './headers-policy.ts';
import {
  CardSchema,
  EventFeedSchema,
  BroadcastSchema,
  GoalSchema,
  GoalScorerSchema,
  LineupPlayerSchema,
  LineupsSchema,
  ListEnvelopeSchema,
  MatchDetailEnvelopeSchema,
  MatchDetailSchema,
  MatchEventSchema,
  MatchSchema,
  ProblemSchema,
  RedCardSchema,
  COMPETITION_SLUG_PATTERN,
  STATUSES,
  StandingsEnvelopeSchema,
  StandingsPendingResultSchema,
  StandingsGroupSchema,
  StandingsLiveSchema,
  StandingsRowSchema,
  StatisticSchema,
  SubstitutionSchema,
} from '../model/model.ts';
import { MATCH_FILTER_MAX, MATCH_FILTER_MIN } from './match-filter-query.ts';
import { PROBLEM_CONTENT_TYPE } from './problem.ts';
import { buildPushPaths, PUSH_SCHEMAS, TAG_PUSH } from './openapi-push.ts';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from './search-query.ts';
import { SEARCH_RESULTS_MAX } from '../model/search-results.ts';
import { MATCH_PAGE_SEGMENT_MAX_BYTES } from '../model/match-paths.ts';
import { TeamHomeEnvelopeSchema, TeamStandingSchema } from '../model/team-home.ts';
import { TEAM_SLUG_MAX, TEAM_SLUG_PATTERN } from '../model/team-slug.ts';
import {
  CORS_HEADERS,
  FIELD_DESCRIPTIONS,
  PROBLEM_DESCRIPTIONS,
  RATE_LIMIT_HEADERS,
  buildHeaders,
} from './openapi-parts.ts';

type JsonObject = Record<string, unknown>;
type ProblemKind = keyof typeof PROBLEM_DESCRIPTIONS;

const ref = (kind: 'schemas' | 'headers', name: string): JsonObject => ({ $ref: `#/components/${kind}/${name}` });

const TAG_MATCHES = 'Partidas';
const TAG_DOCUMENTATION = 'Documentação';
const TAG_EVENTS = 'Eventos';
const EVENT_STREAM_MEDIA_TYPE = 'text/event-stream';
const CALENDAR_MEDIA_TYPE = 'text/calendar';
const CALENDAR_SCHEMA: JsonObject = {
  type: 'string',
  maxLength: 10_000_000,
  pattern: '^BEGIN:VCALENDAR\\r\\n',
  description:
    'Um VCALENDAR (RFC 5545, linhas terminadas em CRLF e dobradas em 75 octetos) com um VEVENT por partida de live, next e last.',
};
const OTHER_METHODS = 'Outros métodos (POST, PUT, DELETE, PATCH…) recebem 405 (problem+json, com Allow: GET, HEAD).';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Adds pt-BR descriptions to the properties of a generated schema (and of nested objects). */
function describeProperties(schema: JsonObject, descriptions: Readonly<Record<string, string>>): JsonObject {
  const properties = schema.properties;
  if (!isObject(properties)) return schema;
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    const description = descriptions[name];
    if (description) property.description = description;
    describeProperties(property, descriptions);
  }
  return schema;
}

function buildSchemas(): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  registry.add(MatchSchema, { id: 'Match' });
  registry.add(ListEnvelopeSchema, { id: 'ListEnvelope' });
  registry.add(ProblemSchema, { id: 'Problem' });
  registry.add(MatchEventSchema, { id: 'MatchEvent' });
  registry.add(EventFeedSchema, { id: 'EventFeed' });
  registry.add(MatchDetailEnvelopeSchema, { id: 'MatchDetailEnvelope' });
  registry.add(MatchDetailSchema, { id: 'MatchDetail' });
  registry.add(GoalSchema, { id: 'Goal' });
  registry.add(CardSchema, { id: 'Card' });
  registry.add(SubstitutionSchema, { id: 'Substitution' });
  registry.add(LineupsSchema, { id: 'Lineups' });
  registry.add(LineupPlayerSchema, { id: 'LineupPlayer' });
  registry.add(StatisticSchema, { id: 'Statistic' });
  registry.add(BroadcastSchema, { id: 'Broadcast' });
  registry.add(GoalScorerSchema, { id: 'GoalScorer' });
  registry.add(RedCardSchema, { id: 'RedCard' });
  registry.add(StandingsEnvelopeSchema, { id: 'StandingsEnvelope' });
  registry.add(StandingsGroupSchema, { id: 'StandingsGroup' });
  registry.add(StandingsRowSchema, { id: 'StandingsRow' });
  registry.add(StandingsLiveSchema, { id: 'StandingsLive' });
  registry.add(StandingsPendingResultSchema, { id: 'StandingsPendingResult' });
  registry.add(TeamHomeEnvelopeSchema, { id: 'TeamHomeEnvelope' });
  registry.add(TeamStandingSchema, { id: 'TeamStanding' });
  const generated = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  }).schemas as Record<string, JsonObject>;
  const schemas: Record<string, JsonObject> = {};
  for (const [name, schema] of Object.entries(generated)) {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    schemas[name] = describeProperties(rest, FIELD_DESCRIPTIONS[name] ?? {});
  }
  const envelope = schemas.ListEnvelope ?? {};
  schemas.ListEnvelope = {
    ...envelope,
    description: 'Uma listagem: metadados da coleta e as partidas na ordem do site de origem.',
  };
  const envelopeProperties = envelope.properties as JsonObject;
  schemas.SearchEnvelope = {
    ...envelope,
    description:
      `Resultado da busca: as até ${SEARCH_RESULTS_MAX} partidas mais relevantes, da melhor para a pior. ` +
      'generatedAt é a coleta mais antiga entre as listagens ao vivo, hoje e amanhã (todo resultado delas é ao menos ' +
      'tão recente; a de ontem é buscada de hora em hora); stale é true se alguma listagem estiver desatualizada; ' +
      'source é a URL base do site de origem.',
    properties: {
      ...envelopeProperties,
      count: {
        ...(envelopeProperties.count as JsonObject),
        maximum: SEARCH_RESULTS_MAX,
        description: `Número de partidas (igual ao tamanho de matches; no máximo ${SEARCH_RESULTS_MAX}).`,
      },
      matches: { ...(envelopeProperties.matches as JsonObject), maxItems: SEARCH_RESULTS_MAX },
      truncated: {
        type: 'boolean',
        description:
          `true quando a busca achou mais de ${SEARCH_RESULTS_MAX} partidas e só as ${SEARCH_RESULTS_MAX} mais ` +
          'relevantes vieram: refine q para ver as outras.',
      },
      query: {
        type: 'string',
        minLength: SEARCH_QUERY_MIN,
        maxLength: SEARCH_QUERY_MAX,
        pattern: '\\S',
        description: 'O parâmetro q recebido, sem espaços nas pontas.',
      },
    },
    required: [...((envelope.required as string[] | undefined) ?? []), 'query', 'truncated'],
  };
  schemas.MatchEvent = {
    ...schemas.MatchEvent,
    description: 'Uma mudança que o Placar viu numa partida (o mesmo JSON no feed e no data: do fluxo).',
  };
  schemas.EventFeed = {
    ...schemas.EventFeed,
    description: 'Os eventos guardados (últimas 24 horas, no máximo 5.000), do mais antigo ao mais novo.',
  };
  schemas.MatchDetailEnvelope = {
    ...schemas.MatchDetailEnvelope,
    description: 'Uma partida inteira: a linha da listagem mais recente e o que a página dela conta.',
  };
  schemas.MatchDetail = {
    ...schemas.MatchDetail,
    description:
      'O que a página da partida no site de origem mostra. Listas na ordem do jogo (minuto, acréscimos, ordem da página); nomes sem as palavras que qualificam o lance ("(pênalti)", "(contra)", "(gol anulado)"); nada inventado.',
  };
  schemas.Problem = {
    ...schemas.Problem,
    description: 'Erro no formato RFC 9457 (application/problem+json), em português.',
  };
  return schemas;
}

const PROBLEM_MEDIA_TYPE = PROBLEM_CONTENT_TYPE.split(';')[0] ?? 'application/problem+json';

/** Headers a problem carries besides Cache-Control and CORS, per kind. */
const PROBLEM_HEADERS: Partial<Record<ProblemKind, JsonObject>> = {
  BadQuery: RATE_LIMIT_HEADERS,
  RangeNotSatisfiable: { 'Content-Range': ref('headers', 'Content-Range') },
  TooManyRequests: { 'Retry-After': ref('headers', 'Retry-After'), ...RATE_LIMIT_HEADERS },
  ServiceUnavailable: { 'Retry-After': ref('headers', 'Retry-After') },
  TooManyStreams: { 'Retry-After': ref('headers', 'Retry-After') },
};

/**
 * The problem responses, as components (one per kind, and one without body for HEAD), filled
 * in as operations use them so that none is left unused.
 */
function createProblemResponses(): {
  use(kind: ProblemKind, withBody: boolean): JsonObject;
  components: Record<string, JsonObject>;
} {
  const components: Record<string, JsonObject> = {};
  return {
    components,
    use(kind, withBody) {
      const name = withBody ? kind : `${kind}SemCorpo`;
      components[name] ??= {
        description: PROBLEM_DESCRIPTIONS[kind],
        headers: { 'Cache-Control': ref('headers', 'Cache-Control-Erro'), ...CORS_HEADERS, ...PROBLEM_HEADERS[kind] },
        ...(withBody && { content: { [PROBLEM_MEDIA_TYPE]: { schema: ref('schemas', 'Problem') } } }),
      };
      return { $ref: `#/components/responses/${name}` };
    },
  };
}

type ProblemResponses = ReturnType<typeof createProblemResponses>;

function successSchema(route: ApiRoute): JsonObject {
  if (route.response === 'openapi') return { type: 'object', description: 'Documento OpenAPI 3.1.' };
  if (route.response === 'events') return ref('schemas', 'EventFeed');
  if (route.response === 'detail') return ref('schemas', 'MatchDetailEnvelope');
  if (route.response === 'standings') return ref('schemas', 'StandingsEnvelope');
  if (route.response === 'team') return ref('schemas', 'TeamHomeEnvelope');
  if (route.response === 'calendar') return CALENDAR_SCHEMA;
  return ref('schemas', route.response === 'search' ? 'SearchEnvelope' : 'ListEnvelope');
}

/** The responses of GET (withBody) or HEAD on one route. */
function buildResponses(route: ApiRoute, withBody: boolean, problems: ProblemResponses): JsonObject {
  const search = route.response === 'search';
  const validators = {
    ETag: ref('headers', 'ETag'),
    'Last-Modified': ref('headers', 'Last-Modified'),
    'Cache-Control': ref('headers', search ? 'Cache-Control-Busca' : 'Cache-Control-Listagem'),
    Vary: ref('headers', 'Vary'),
    ...CORS_HEADERS,
    ...(search ? RATE_LIMIT_HEADERS : { 'Accept-Ranges': ref('headers', 'Accept-Ranges') }),
  };
  const mediaType = route.response === 'calendar' ? CALENDAR_MEDIA_TYPE : 'application/json';
  const json = (schema: JsonObject): JsonObject => (withBody ? { content: { [mediaType]: { schema } } } : {});
  const responses: JsonObject = {
    '200': {
      description: withBody ? route.summary : `${route.summary}: só os cabeçalhos.`,
      headers: validators,
      ...json(successSchema(route)),
    },
  };
  // Range is defined for GET only; HEAD ignores it.
  if (!search && withBody) {
    responses['206'] = {
      description:
        'O intervalo de bytes pedido em Range (um só intervalo) do arquivo sem compressão: pedidos com Accept-Encoding br ou gzip recebem o arquivo inteiro, comprimido.',
      headers: { ...validators, 'Content-Range': ref('headers', 'Content-Range') },
      content: {
        [mediaType]: {
          schema: {
            type: 'string',
            format: 'binary',
            maxLength: 10_000_000,
            description: 'Um pedaço do corpo da resposta 200.',
          },
        },
      },
    };
  }
  responses['304'] = {
    description: 'O conteúdo não mudou desde o ETag ou a data informados: use a cópia guardada.',
    headers: validators,
  };
  const problem = (kind: ProblemKind): JsonObject => problems.use(kind, withBody);
  const filtered = isFilterable(route);
  responses['400'] = problem(search ? 'BadQuery' : filtered ? 'BadFilter' : 'MalformedRequest');
  if (route.response === 'detail') responses['404'] = problem('UnknownMatch');
  if (route.response === 'standings') responses['404'] = problem('UnknownCompetition');
  if (route.response === 'team' || route.response === 'calendar') responses['404'] = problem('UnknownTeam');
  if (route.response === 'day') {
    responses['400'] = problem('BadDay');
    responses['404'] = problem('UnknownDay');
  }
  if (!search && withBody) responses['416'] = problem('RangeNotSatisfiable');
  // A search, or a new filter (each counts as one search).
  if (search || filtered) responses['429'] = problem('TooManyRequests');
  responses['408'] = problem('RequestTimeout');
  responses['431'] = problem('HeadersTooLarge');
  responses['500'] = problem('InternalError');
  responses['503'] = problem('ServiceUnavailable');
  return responses;
}

/** The stream's responses: 200 stays open (no validators: nothing is cached), or a problem. */
function buildStreamResponses(route: ApiRoute, withBody: boolean, problems: ProblemResponses): JsonObject {
  const problem = (kind: ProblemKind): JsonObject => problems.use(kind, withBody);
  const stream = {
    schema: {
      type: 'string',
      maxLength: 1_000_000_000,
      // Every stream opens with the reconnect delay.
      pattern: '^retry: \\d+\\n\\n',
      description:
        'Mensagens separadas por uma linha em branco: "retry: <ms>" no início; cada evento como "id: <id>", "event: <type>" e "data: <MatchEvent em JSON>"; "event: reset" com data {"oldestId", "detail"} quando a retomada não é completa; comentários ": ping" a cada 15 s.',
      contentMediaType: 'application/json',
      contentSchema: ref('schemas', 'MatchEvent'),
    },
    example:
      'retry: 3000\n\nid: 1764000000000-0000\nevent: GOAL\ndata: {"id":"1764000000000-0000","type":"GOAL",…}\n\n',
  };
  return {
    '200': {
      description: withBody ? route.summary : `${route.summary}: só os cabeçalhos.`,
      headers: {
        'Cache-Control': ref('headers', 'Cache-Control-Fluxo'),
        'X-Accel-Buffering': ref('headers', 'X-Accel-Buffering'),
        ...CORS_HEADERS,
      },
      ...(withBody && { content: { [EVENT_STREAM_MEDIA_TYPE]: stream } }),
    },
    '400': problem('BadEventQuery'),
    '408': problem('RequestTimeout'),
    '414': problem('StreamUrlTooLong'),
    '429': problem('TooManyStreams'),
    '431': problem('HeadersTooLarge'),
    '500': problem('InternalError'),
    '503': problem('ServiceUnavailable'),
  };
}

/** The listings and the feed take filters (answered by the Node server; a static host ignores them). */
function isFilterable(route: ApiRoute): boolean {
  return route.response === 'list' || route.response === 'events';
}

const WORD_FILTER_SCHEMA = {
  type: 'string',
  minLength: MATCH_FILTER_MIN,
  maxLength: MATCH_FILTER_MAX,
  pattern: '\\S',
};

/** "SCHEDULED|IN_PLAY|…": one status of the vocabulary. */
const STATUS_ALTERNATIVES = STATUSES.join('|');

const FILTER_PARAMETERS = [
  {
    name: 'status',
    in: 'query',
    required: false,
    description: `Só partidas nestas situações (no feed: a situação da partida depois do evento), separadas por vírgula, cada uma uma vez: ${STATUSES.join(', ')}. Respondido pelo servidor Node; um host estático ignora filtros.`,
    schema: {
      type: 'string',
      pattern: `^(${STATUS_ALTERNATIVES})(,(${STATUS_ALTERNATIVES}))*$`,
      maxLength: STATUSES.reduce((sum, status) => sum + status.length + 1, 0),
    },
    example: 'IN_PLAY,PAUSED',
  },
  {
    name: 'time',
    in: 'query',
    required: false,
    description: `Só partidas deste time: as mesmas palavras, apelidos e erros de digitação de /api/busca (${MATCH_FILTER_MIN} a ${MATCH_FILTER_MAX} caracteres, uma vez). Cada filtro novo conta como uma busca do cliente.`,
    schema: WORD_FILTER_SCHEMA,
    example: 'mengão',
  },
  {
    name: 'competicao',
    in: 'query',
    required: false,
    description: `Só partidas desta competição (nome ou apelido, ${MATCH_FILTER_MIN} a ${MATCH_FILTER_MAX} caracteres, uma vez); combinável com time e status.`,
    schema: WORD_FILTER_SCHEMA,
    example: 'brasileirão',
  },
];

const EVENT_STREAM_PARAMETERS = [
  {
    name: 'time',
    in: 'query',
    required: false,
    description: `Só eventos de partidas deste time: as mesmas palavras, apelidos e erros de digitação de /api/busca (${MATCH_FILTER_MIN} a ${MATCH_FILTER_MAX} caracteres, uma vez).`,
    schema: WORD_FILTER_SCHEMA,
    example: 'mengão',
  },
  {
    name: 'competicao',
    in: 'query',
    required: false,
    description: `Só eventos desta competição (nome ou apelido, ${MATCH_FILTER_MIN} a ${MATCH_FILTER_MAX} caracteres, uma vez); combinável com time.`,
    schema: WORD_FILTER_SCHEMA,
    example: 'brasileirão',
  },
  {
    name: 'desde',
    in: 'query',
    required: false,
    description:
      'Retomar depois deste id de evento, para clientes que não enviam Last-Event-ID (o cabeçalho vale mais).',
    schema: { type: 'string', pattern: '^\\d{13}-\\d{4}$', maxLength: 18 },
    example: '1764000000000-0001',
  },
  {
    name: 'apenas',
    in: 'query',
    required: false,
    description:
      'build: só os avisos de novo build (event: build, sem id), sem eventos de partida nem retomada; não se combina com time nem competicao. É o que as páginas do Placar abrem para buscar seus dados assim que um build novo é servido.',
    schema: { type: 'string', enum: ['build'] },
    example: 'build',
  },
  {
    name: 'Last-Event-ID',
    in: 'header',
    required: false,
    description: 'O id do último evento recebido (o EventSource do navegador o envia sozinho ao reconectar).',
    schema: { type: 'string', pattern: '^\\d{13}-\\d{4}$', maxLength: 18 },
    example: '1764000000000-0001',
  },
];

/** The two parts of a match id ("brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras") that has a page (match-paths.ts). */
const MATCH_ID_PART = { type: 'string', pattern: '^[a-z0-9_~-]+$', maxLength: MATCH_PAGE_SEGMENT_MAX_BYTES };
const MATCH_DETAIL_PARAMETERS = [
  {
    name: 'competicao',
    in: 'path',
    required: true,
    description: 'A primeira parte do id da partida: o campeonato no site de origem.',
    schema: MATCH_ID_PART,
    example: 'brasileirao-serie-a',
  },
  {
    name: 'partida',
    in: 'path',
    required: true,
    description: 'A segunda parte do id da partida: dia e times ("DD-MM-AAAA-mandante-x-visitante").',
    schema: MATCH_ID_PART,
    example: '21-11-2026-flamengo-x-palmeiras',
  },
];

const STANDINGS_PARAMETERS = [
  {
    name: 'slug',
    in: 'path',
    required: true,
    description: 'O competition.slug de uma partida das listagens.',
    schema: { type: 'string', pattern: COMPETITION_SLUG_PATTERN.source, maxLength: 100 },
    example: 'brasileirao-serie-a',
  },
];

const TEAM_PARAMETERS = [
  {
    name: 'slug',
    in: 'path',
    required: true,
    description: 'O homeTeam.slug ou awayTeam.slug de uma partida das listagens ou dos dias guardados.',
    schema: { type: 'string', pattern: TEAM_SLUG_PATTERN.source, maxLength: TEAM_SLUG_MAX },
    example: 'flamengo',
  },
];

const DAY_PARAMETERS = [
  {
    name: 'dia',
    in: 'path',
    required: true,
    description: 'O dia, no horário de Brasília: de ontem até ARCHIVE_DAYS dias antes.',
    schema: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 },
    example: '2026-11-20',
  },
];

function buildParameters(route: ApiRoute): JsonObject {
  if (route.response === 'stream') return { parameters: EVENT_STREAM_PARAMETERS };
  if (isFilterable(route)) return { parameters: FILTER_PARAMETERS };
  if (route.response !== 'search') return {};
  return {
    parameters: [
      {
        name: 'q',
        in: 'query',
        required: true,
        description: `Nome (ou parte do nome) de um time ou liga, de ${SEARCH_QUERY_MIN} a ${SEARCH_QUERY_MAX} caracteres. Sem diferenciar maiúsculas nem acentos; cada palavra precisa iniciar uma palavra de um nome ou apelido. Texto em UTF-8; informe uma única vez.`,
        // pattern: at least one non-space character (q is trimmed before its length is checked).
        schema: { type: 'string', minLength: SEARCH_QUERY_MIN, maxLength: SEARCH_QUERY_MAX, pattern: '\\S' },
        example: 'flamengo',
      },
    ],
  };
}

function buildPathItem(route: ApiRoute, problems: ProblemResponses): JsonObject {
  const isEvents = route.response === 'events' || route.response === 'stream';
  const tags = [route.response === 'openapi' ? TAG_DOCUMENTATION : isEvents ? TAG_EVENTS : TAG_MATCHES];
  const responses = route.response === 'stream' ? buildStreamResponses : buildResponses;
  return {
    description: OTHER_METHODS,
    // The match id's two parts, for every operation of the path (OPTIONS too).
    ...(route.response === 'detail' && { parameters: MATCH_DETAIL_PARAMETERS }),
    ...(route.response === 'standings' && { parameters: STANDINGS_PARAMETERS }),
    ...((route.response === 'team' || route.response === 'calendar') && { parameters: TEAM_PARAMETERS }),
    ...(route.response === 'day' && { parameters: DAY_PARAMETERS }),
    get: {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags,
      ...buildParameters(route),
      responses: responses(route, true, problems),
    },
    head: {
      operationId: `${route.operationId}Cabecalhos`,
      summary: `${route.summary} (só cabeçalhos)`,
      description: 'O mesmo que GET, sem o corpo: para conferir ETag, Last-Modified e tamanho.',
      tags,
      ...buildParameters(route),
      responses: responses(route, false, problems),
    },
    options: {
      operationId: `${route.operationId}Preflight`,
      summary: `Preflight CORS de ${route.path}`,
      description: 'Resposta de navegadores antes de uma requisição CORS com cabeçalhos próprios (If-None-Match…).',
      tags,
      responses: {
        '204': {
          description: 'Requisição CORS permitida, de qualquer origem.',
          headers: {
            ...CORS_HEADERS,
            'Access-Control-Allow-Methods': ref('headers', 'Access-Control-Allow-Methods'),
            'Access-Control-Allow-Headers': ref('headers', 'Access-Control-Allow-Headers'),
            'Access-Control-Max-Age': ref('headers', 'Access-Control-Max-Age'),
          },
        },
        '400': problems.use('MalformedRequest', true),
        '408': problems.use('RequestTimeout', true),
        '431': problems.use('HeadersTooLarge', true),
        '500': problems.use('InternalError', true),
      },
    },
  };
}

export function buildOpenApiDocument(): JsonObject {
  const problems = createProblemResponses();
  const paths: JsonObject = {};
  for (const route of API_ROUTES) paths[route.path] = buildPathItem(route, problems);
  Object.assign(paths, buildPushPaths());
  return {
    openapi: '3.1.0',
    info: {
      title: 'API do Placar',
      version: '1.0.0',
      description: `Placares de futebol ao vivo, de ontem, de hoje e de amanhã, republicados a cada minuto a partir do site de origem. Somente leitura (salvo as inscrições de alertas push), JSON, pública e sem chave (security vazio), aberta a navegadores (CORS). Rotas /api/* inexistentes respondem 404 com um Problem (application/problem+json). ${OTHER_METHODS} Erros seguem a RFC 9457.`,
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'Mantenedores do Placar' },
    },
    servers: [
      {
        url: '/',
        description: 'Produção: o próprio servidor do Placar, ou o nginx/CDN à frente dele.',
        'x-internal': false,
      },
    ],
    security: [],
    tags: [
      { name: TAG_MATCHES, description: 'Listagens e busca de partidas.' },
      {
        name: TAG_EVENTS,
        description: 'O que mudou nas partidas: feed estático e fluxo ao vivo (Server-Sent Events).',
      },
      { name: TAG_PUSH, description: 'Alertas com o Placar fechado (Web Push), onde o servidor os envia.' },
      { name: TAG_DOCUMENTATION, description: 'Este documento.' },
    ],
    paths,
    components: {
      schemas: { ...buildSchemas(), ...PUSH_SCHEMAS },
      responses: problems.components,
      headers: buildHeaders({
        listCacheControl: LIST_JSON_CACHE_CONTROL,
        searchCacheControl: SEARCH_CACHE_CONTROL,
        noStore: NO_STORE,
        exposeHeaders: EXPOSED_HEADERS,
        preflight: PREFLIGHT_HEADERS,
        streamCacheControl: EVENT_STREAM_CACHE_CONTROL,
      }),
    },
  };
}
