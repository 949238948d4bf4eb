/**
 * The OpenAPI 3.1 document served at /api/routes, generated from API_ROUTES (operations) and
 * the zod schemas of model.ts (bodies), so neither can drift from what the API serves.
 */
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from './api-routes.ts';
import { ListEnvelopeSchema, MatchSchema, ProblemSchema } from './model.ts';
import { PROBLEM_CONTENT_TYPE } from './problem.ts';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from './search-query.ts';
import { FIELD_DESCRIPTIONS, HEADERS, RESPONSES } from './openapi-parts.ts';

type JsonObject = Record<string, unknown>;

const ref = (kind: 'schemas' | 'responses' | 'headers', name: string): JsonObject => ({ $ref: `#/components/${kind}/${name}` });

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
  schemas.ListEnvelope = { ...envelope, description: 'Uma listagem: metadados da coleta e as partidas na ordem do site de origem.' };
  schemas.SearchEnvelope = {
    ...envelope,
    description:
      'Resultado da busca. generatedAt é a coleta mais antiga entre as três listagens (todo resultado é ao menos tão recente); stale é true se alguma listagem estiver desatualizada; source é a URL base do site de origem.',
    properties: { ...(envelope.properties as JsonObject), query: { type: 'string', description: 'O parâmetro q recebido, sem espaços nas pontas.' } },
    required: [...((envelope.required as string[] | undefined) ?? []), 'query'],
  };
  schemas.Problem = { ...schemas.Problem, description: 'Erro no formato RFC 9457 (application/problem+json), em português.' };
  return schemas;
}

function successResponse(route: ApiRoute): JsonObject {
  const schema =
    route.response === 'openapi'
      ? { type: 'object', description: 'Documento OpenAPI 3.1.' }
      : ref('schemas', route.response === 'search' ? 'SearchEnvelope' : 'ListEnvelope');
  return {
    description: route.summary,
    headers: { ETag: ref('headers', 'ETag'), 'Last-Modified': ref('headers', 'Last-Modified'), 'Cache-Control': ref('headers', 'Cache-Control') },
    content: { 'application/json': { schema } },
  };
}

function buildOperation(route: ApiRoute): JsonObject {
  const search = route.response === 'search';
  const responses: JsonObject = { '200': successResponse(route), '304': ref('responses', 'NotModified') };
  if (search) {
    responses['400'] = ref('responses', 'BadRequest');
    responses['429'] = ref('responses', 'TooManyRequests');
  }
  responses['405'] = ref('responses', 'MethodNotAllowed');
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: `${route.description} Aceita GET e HEAD.`,
    ...(search && {
      parameters: [
        {
          name: 'q',
          in: 'query',
          required: true,
          description: `Nome (ou parte do nome) de um time ou liga, de ${SEARCH_QUERY_MIN} a ${SEARCH_QUERY_MAX} caracteres. Sem diferenciar maiúsculas nem acentos; cada palavra precisa iniciar uma palavra de um nome ou apelido. Texto em UTF-8; informe uma única vez.`,
          schema: { type: 'string', minLength: SEARCH_QUERY_MIN, maxLength: SEARCH_QUERY_MAX },
          example: 'flamengo',
        },
      ],
    }),
    responses,
  };
}

export function buildOpenApiDocument(): JsonObject {
  const paths: JsonObject = {};
  for (const route of API_ROUTES) paths[route.path] = { get: buildOperation(route) };
  const problemContent = { [PROBLEM_CONTENT_TYPE.split(';')[0] ?? 'application/problem+json']: { schema: ref('schemas', 'Problem') } };
  const responses: JsonObject = {};
  for (const [name, response] of Object.entries(RESPONSES)) {
    responses[name] = name === 'NotModified' ? response : { ...response, content: problemContent };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API do Placar',
      version: '1.0.0',
      description:
        'Placares de futebol ao vivo, de hoje e de amanhã, republicados a cada minuto a partir do site de origem. Somente leitura, JSON, sem chave, aberta a navegadores (CORS). Rotas /api/* inexistentes respondem 404 (NotFound); erros seguem a RFC 9457.',
    },
    servers: [{ url: '/' }],
    paths,
    components: { schemas: buildSchemas(), responses, headers: HEADERS },
  };
}
