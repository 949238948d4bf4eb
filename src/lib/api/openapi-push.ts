/**
 * The OpenAPI paths of Web Push (/api/push, /api/push/inscricoes): the one part of the API that
 * takes writes, and only where the operator turned push on. Responses are written out here
 * (their problems share the Problem schema and the headers of the rest of the document).
 */
import { PUSH_BODY_MAX_BYTES, PUSH_MAX_TEAMS } from './push-subscription-request.ts';
import { CORS_HEADERS, RATE_LIMIT_HEADERS } from './openapi-parts.ts';

type JsonObject = Record<string, unknown>;

export const TAG_PUSH = 'Alertas';

const ref = (kind: 'schemas' | 'headers', name: string): JsonObject => ({ $ref: `#/components/${kind}/${name}` });
const PROBLEM = { 'application/problem+json': { schema: ref('schemas', 'Problem') } };
const ERROR_HEADERS = { 'Cache-Control': ref('headers', 'Cache-Control-Erro'), ...CORS_HEADERS };

function problem(description: string, headers: JsonObject = {}): JsonObject {
  return { description, headers: { ...ERROR_HEADERS, ...headers }, content: PROBLEM };
}

const endpoint = {
  type: 'string',
  format: 'uri',
  pattern: '^https://',
  maxLength: 2000,
  description: 'O endereço https do serviço de push do navegador; a origem precisa estar em PUSH_SERVICE_ORIGINS.',
};
const base64Url = (bytes: number, description: string): JsonObject => ({
  type: 'string',
  pattern: '^[A-Za-z0-9_-]+={0,2}$',
  maxLength: 200,
  description: `${description} (base64url, ${bytes} bytes).`,
});
const teams = {
  type: 'array',
  minItems: 1,
  maxItems: PUSH_MAX_TEAMS,
  items: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  description:
    'Os times seguidos, escritos como a API os escreve (homeTeam.name): só nomes que o Placar já viu nas listas, nos dias guardados ou nas tabelas.',
};

export const PUSH_SCHEMAS: Record<string, JsonObject> = {
  PushKey: {
    type: 'object',
    required: ['publicKey'],
    properties: { publicKey: { ...base64Url(65, 'Chave pública VAPID P-256, ponto não comprimido'), minLength: 87 } },
  },
  PushSubscriptionRequest: {
    type: 'object',
    required: ['subscription', 'times'],
    properties: {
      subscription: {
        type: 'object',
        required: ['endpoint', 'keys'],
        properties: {
          endpoint,
          expirationTime: { type: ['integer', 'null'], minimum: 0, maximum: 9_007_199_254_740_991, format: 'int64' },
          keys: {
            type: 'object',
            required: ['p256dh', 'auth'],
            properties: {
              p256dh: base64Url(65, 'Chave pública do navegador, um ponto da curva P-256, não comprimido'),
              auth: base64Url(16, 'Segredo de autenticação'),
            },
          },
        },
      },
      times: teams,
    },
  },
  PushSubscriptionKept: {
    type: 'object',
    required: ['endpoint', 'times'],
    properties: { endpoint, times: teams },
  },
  PushUnsubscribeRequest: {
    type: 'object',
    required: ['endpoint'],
    properties: {
      endpoint,
      auth: {
        ...base64Url(
          16,
          'O segredo auth da inscrição (PushSubscription.toJSON().keys.auth): exigido para apagar uma inscrição guardada',
        ),
        type: ['string', 'null'],
      },
    },
  },
};

const OFF = problem('Push desligado neste servidor (sem VAPID_SUBJECT), ou num host estático.');
const BAD = problem(
  `Corpo inválido: não é JSON, Content-Type não é application/json, passa de ${PUSH_BODY_MAX_BYTES} bytes, tipos errados, p256dh que não é um ponto da curva P-256, auth sem 16 bytes, nenhum time ou mais de ${PUSH_MAX_TEAMS}, um time que o Placar nunca viu (listas, dias guardados, tabelas), um endpoint cujo serviço de push recusou a notificação de boas-vindas (404, 410, outro 4xx), ou endpoint fora de PUSH_SERVICE_ORIGINS (só https, escrito como o analisador de URL o escreve).`,
);
const LIMITED = problem('Pedidos demais deste cliente (contam com as buscas, SEARCH_RATE_LIMIT).', {
  'Retry-After': ref('headers', 'Retry-After'),
  ...RATE_LIMIT_HEADERS,
});
const NOT_HOLDER = problem(
  'O endpoint já está inscrito e o pedido não traz o seu segredo auth: só o navegador que tem a inscrição muda os times ou a apaga.',
);
const DISK_FULL_OR_FULL = problem(
  'O servidor já guarda PUSH_MAX_SUBSCRIPTIONS inscrições, está sem espaço em disco para guardar esta, ou o serviço de push não aceitou a notificação de boas-vindas agora (sem resposta, 429, 5xx).',
  { 'Retry-After': ref('headers', 'Retry-After') },
);
const DISK_FULL = problem('O servidor está sem espaço em disco.', { 'Retry-After': ref('headers', 'Retry-After') });
const NOT_ALLOWED = problem('Outro método: Allow diz quais são aceitos.');
const MALFORMED = problem(
  'Requisição HTTP malformada (linha de requisição, cabeçalho ou codificação da URL ilegíveis).',
);
const INTERNAL = problem('Falha inesperada do lado do Placar (um defeito, nunca causado pelo que o cliente envia).');

function body(schema: string): JsonObject {
  return { required: true, content: { 'application/json': { schema: ref('schemas', schema) } } };
}

export function buildPushPaths(): JsonObject {
  const json = (schema: string, description: string, headers: JsonObject = {}): JsonObject => ({
    description,
    headers: { 'Cache-Control': ref('headers', 'Cache-Control-Erro'), ...CORS_HEADERS, ...headers },
    content: { 'application/json': { schema: ref('schemas', schema) } },
  });
  return {
    '/api/push': {
      get: {
        operationId: 'chavePush',
        summary: 'Chave pública para alertas push',
        description:
          'A chave VAPID (applicationServerKey) com que o navegador se inscreve no seu serviço de push. Só no servidor Node com push ligado (VAPID_SUBJECT).',
        tags: [TAG_PUSH],
        responses: {
          '200': json('PushKey', 'A chave.'),
          '400': MALFORMED,
          '404': OFF,
          '405': NOT_ALLOWED,
          '500': INTERNAL,
        },
      },
    },
    '/api/push/inscricoes': {
      post: {
        operationId: 'inscreverPush',
        summary: 'Inscrever um navegador nos alertas push',
        description:
          'Guarda a inscrição (PushSubscription.toJSON()) e os times seguidos (um endpoint já guardado só com o mesmo segredo auth; um novo só depois que o seu serviço de push aceitou a notificação de boas-vindas, "Alertas ativados: …"); a atualização envia a ela os alertas desses times (gol, gol anulado, início, intervalo, fim, cartão vermelho). Guarda só o endpoint, as chaves e os nomes dos times.',
        tags: [TAG_PUSH],
        requestBody: body('PushSubscriptionRequest'),
        responses: {
          '200': json('PushSubscriptionKept', 'Endpoint já conhecido: times substituídos.', RATE_LIMIT_HEADERS),
          '201': json('PushSubscriptionKept', 'Inscrição nova guardada.', RATE_LIMIT_HEADERS),
          '400': BAD,
          '403': NOT_HOLDER,
          '404': OFF,
          '429': LIMITED,
          '500': INTERNAL,
          '503': DISK_FULL_OR_FULL,
        },
      },
      delete: {
        operationId: 'cancelarPush',
        summary: 'Cancelar os alertas push de um navegador',
        description:
          'Apaga a inscrição do endpoint, com o seu segredo auth (204 também para um endpoint desconhecido).',
        tags: [TAG_PUSH],
        requestBody: body('PushUnsubscribeRequest'),
        responses: {
          '204': { description: 'Inscrição apagada.', headers: { ...CORS_HEADERS, ...RATE_LIMIT_HEADERS } },
          '400': BAD,
          '403': NOT_HOLDER,
          '404': OFF,
          '429': LIMITED,
          '500': INTERNAL,
          '503': DISK_FULL,
        },
      },
    },
  };
}
