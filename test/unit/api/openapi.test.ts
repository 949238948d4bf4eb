import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../src/lib/api/api-routes.ts';
import { buildOpenApiDocument } from '../../../src/lib/api/openapi.ts';
import { buildBadQueryProblem, buildNotFoundProblem } from '../../../src/lib/api/problem.ts';
import { searchSnapshot } from '../../../src/lib/search/search.ts';
import { emptySnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';
import { createOpenApiBodyValidator } from '../../support/openapi/openapi-validator.ts';

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Array<Record<string, unknown>>;
  responses: Record<string, Response>;
}
interface Response {
  $ref?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, unknown>;
}
interface DocumentShape {
  openapi: string;
  info: { description: string; license?: Record<string, string>; contact?: Record<string, string> };
  security: unknown[];
  tags: Array<{ name: string }>;
  paths: Record<
    string,
    { description: string; get: Operation; head: Operation; options: Operation } & Record<string, unknown>
  >;
  components: {
    responses: Record<string, Response>;
    headers: Record<string, { required?: boolean; schema: Record<string, unknown> }>;
    schemas: Record<string, { properties: Record<string, { description?: string }> }>;
  };
}

/** Web Push's paths: the only writes, not in API_ROUTES (no footer link, no GET of a file); their own test below. */
const PUSH_PATHS = new Set(['/api/push', '/api/push/inscricoes']);

describe('OpenAPI document (/api/routes)', () => {
  const raw = buildOpenApiDocument();
  const document = raw as unknown as DocumentShape;
  /** A response, or the component its $ref points to. */
  const resolve = (response: Response | undefined): Response => {
    const target = response?.$ref;
    return (target ? document.components.responses[target.replace('#/components/responses/', '')] : response) ?? {};
  };

  it('is a valid OpenAPI 3.1 document for a third-party validator', async () => {
    const result = await new Validator().validate(raw);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('describes every route of API_ROUTES with its pt-BR summary, as GET, HEAD and OPTIONS operations only', () => {
    const readPaths = Object.keys(document.paths).filter((path) => !PUSH_PATHS.has(path));
    expect(readPaths.sort()).toEqual(API_ROUTES.map((route) => route.path).sort());
    for (const route of API_ROUTES) {
      const item = document.paths[route.path];
      expect(item?.get.operationId).toBe(route.operationId);
      expect(item?.get.summary).toBe(route.summary);
      // A path with parameters (the match id's parts) declares them once, for every operation.
      const operations = Object.keys(item ?? {}).filter((key) => key !== 'parameters');
      expect(operations.sort()).toEqual(['description', 'get', 'head', 'options']);
      // No GET or HEAD can get a 405: the other methods are described in prose, honestly.
      for (const operation of [item?.get, item?.head, item?.options])
        expect(operation?.responses['405']).toBeUndefined();
      expect(item?.description).toMatch(/405/);
      expect(item?.options.responses['204']?.headers).toHaveProperty('Access-Control-Allow-Methods');
      for (const response of Object.values(item?.head.responses ?? {}))
        expect(resolve(response).content).toBeUndefined();
    }
    expect(document.info.description).toMatch(/404/);
  });

  it('documents Web Push: GET /api/push, POST and DELETE /api/push/inscricoes, their bodies and problems', () => {
    const key = document.paths['/api/push'];
    const subscriptions = document.paths['/api/push/inscricoes'];
    expect(Object.keys(key ?? {})).toEqual(['get']);
    expect(Object.keys(subscriptions ?? {}).sort()).toEqual(['delete', 'post']);
    const post = subscriptions?.post as Operation | undefined;
    const remove = subscriptions?.delete as Operation | undefined;
    expect(Object.keys(post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '201', '400', '404', '429', '503']),
    );
    expect(Object.keys(remove?.responses ?? {})).toEqual(expect.arrayContaining(['204', '400', '404', '429']));
    expect(Object.keys(key?.get.responses ?? {})).toEqual(expect.arrayContaining(['200', '404']));
    expect(document.components.schemas.PushSubscriptionRequest?.properties).toHaveProperty('times');
  });

  it('is public and says so, with tags, license and contact', () => {
    expect(document.security).toEqual([]);
    expect(document.info.license).toMatchObject({ name: 'MIT', identifier: 'MIT' });
    expect(document.info.contact?.name).toBeTruthy();
    const tags = document.tags.map((tag) => tag.name);
    for (const item of Object.values(document.paths)) {
      for (const operation of [item.get, item.head, item.options, item.post, item.delete])
        if (operation) expect(tags).toEqual(expect.arrayContaining((operation as Operation).tags));
    }
  });

  it('documents q with its limits, 400/429, and RateLimit-* on every /api/busca answer the limiter sees', () => {
    const busca = document.paths['/api/busca'];
    expect(busca?.get.parameters?.[0]).toMatchObject({
      name: 'q',
      in: 'query',
      required: true,
      schema: { minLength: 2, maxLength: 100 },
    });
    expect(Object.keys(busca?.get.responses ?? {})).toEqual(expect.arrayContaining(['200', '304', '400', '429']));
    for (const operation of [busca?.get, busca?.head]) {
      for (const [status, response] of Object.entries(operation?.responses ?? {})) {
        // 408/431 come from the HTTP parser, 5xx from outside the limiter (start-up, nginx).
        if (['408', '431', '500', '503'].includes(status)) continue;
        expect(Object.keys(resolve(response).headers ?? {}), status).toEqual(
          expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
        );
      }
    }
    expect(resolve(busca?.get.responses['429']).headers).toHaveProperty('Retry-After');
  });

  it('declares the validators, caching and CORS headers on every 200 and 304, and Range on the static files', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      // The event stream is never cached, nor are Web Push's answers: their own tests below.
      if (path === '/api/eventos/stream' || PUSH_PATHS.has(path)) continue;
      for (const status of ['200', '304']) {
        const names = Object.keys(item.get.responses[status]?.headers ?? {});
        expect(names, `${path} ${status}`).toEqual(
          expect.arrayContaining(['ETag', 'Last-Modified', 'Cache-Control', 'Vary', 'Access-Control-Allow-Origin']),
        );
      }
      if (path !== '/api/busca') {
        expect(Object.keys(item.get.responses)).toEqual(expect.arrayContaining(['206', '416']));
        expect(item.get.responses['206']?.headers).toHaveProperty('Content-Range');
      }
    }
    expect(document.components.headers['Accept-Ranges']?.schema).toEqual({ type: 'string', const: 'bytes' });
  });

  it('has schemas that accept real envelopes and problems and reject broken ones', () => {
    const validator = createOpenApiBodyValidator(raw);
    const snapshot = buildFixtureSnapshot();
    for (const envelope of [snapshot.live, snapshot.hoje, snapshot.amanha, emptySnapshot('https://example.com').live]) {
      expect(validator.errors('ListEnvelope', envelope)).toEqual([]);
    }
    expect(validator.errors('SearchEnvelope', searchSnapshot(snapshot, 'serie a', 'https://example.com'))).toEqual([]);
    expect(validator.errors('Problem', buildBadQueryProblem('/api/busca'))).toEqual([]);
    expect(validator.errors('Problem', buildNotFoundProblem('/api/x'))).toEqual([]);
    expect(validator.errors('ListEnvelope', { ...snapshot.live, stale: 'no' })).not.toEqual([]);
    expect(validator.errors('SearchEnvelope', snapshot.live)).not.toEqual([]);
    const [first] = snapshot.live.matches;
    expect(validator.errors('Match', { ...first, status: 'PLAYING' })).not.toEqual([]);
    expect(validator.errors('Match', { ...first, score: { home: -1, away: 0, penalties: null } })).not.toEqual([]);
  });

  it('documents the event stream: text/event-stream of MatchEvent, its filters, resume id, 400/429/503', () => {
    const stream = document.paths['/api/eventos/stream'];
    const ok = stream?.get.responses['200'];
    expect(Object.keys(ok?.content ?? {})).toEqual(['text/event-stream']);
    expect(JSON.stringify(ok?.content)).toContain('#/components/schemas/MatchEvent');
    expect(Object.keys(ok?.headers ?? {})).toEqual(
      expect.arrayContaining(['Cache-Control', 'X-Accel-Buffering', 'Access-Control-Allow-Origin']),
    );
    expect((stream?.get.parameters ?? []).map((parameter) => parameter.name)).toEqual([
      'time',
      'competicao',
      'desde',
      'apenas',
      'Last-Event-ID',
    ]);
    expect(Object.keys(stream?.get.responses ?? {})).toEqual(expect.arrayContaining(['400', '429', '503']));
    expect(resolve(stream?.get.responses['429']).headers).toHaveProperty('Retry-After');
    const validator = createOpenApiBodyValidator(raw);
    const [match] = buildFixtureSnapshot().live.matches;
    const event = {
      id: '1764000000000-0000',
      type: 'GOAL',
      at: '2026-11-21T17:00:00-03:00',
      match,
      team: 'HOME',
      previous: { status: 'IN_PLAY', score: match?.score },
    };
    expect(validator.errors('MatchEvent', event)).toEqual([]);
    expect(
      validator.errors('EventFeed', {
        generatedAt: null,
        timezone: 'America/Sao_Paulo',
        stale: true,
        count: 1,
        events: [event],
      }),
    ).toEqual([]);
    expect(validator.errors('MatchEvent', { ...event, id: '17-1' })).not.toEqual([]);
    expect(validator.errors('MatchEvent', { ...event, type: 'PENALTY' })).not.toEqual([]);
  });

  it('is pt-BR for people', () => {
    expect(document.info.description).toMatch(/futebol/);
    expect(document.components.schemas.Match?.properties.kickoff?.description).toMatch(/Horário/);
  });
});
