import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/lib/api-routes.ts';
import { buildOpenApiDocument } from '../../src/lib/openapi.ts';
import { buildBadQueryProblem, buildNotFoundProblem } from '../../src/lib/problem.ts';
import { searchSnapshot } from '../../src/lib/search.ts';
import { emptySnapshot } from '../../src/lib/snapshot-store.ts';
import { buildFixtureSnapshot } from '../support/fixture-snapshot.ts';
import { createOpenApiBodyValidator } from '../support/openapi-validator.ts';

interface Operation {
  operationId: string;
  summary: string;
  parameters?: Array<Record<string, unknown>>;
  responses: Record<string, unknown>;
}
interface DocumentShape {
  openapi: string;
  info: { description: string };
  paths: Record<string, { get: Operation }>;
  components: {
    responses: Record<string, { headers?: Record<string, unknown> }>;
    schemas: Record<string, { properties: Record<string, { description?: string }> }>;
  };
}

describe('OpenAPI document (/api/routes)', () => {
  const raw = buildOpenApiDocument();
  const document = raw as unknown as DocumentShape;

  it('is a valid OpenAPI 3.1 document for a third-party validator', async () => {
    const result = await new Validator().validate(raw);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('describes every route of API_ROUTES with its pt-BR summary', () => {
    expect(Object.keys(document.paths).sort()).toEqual(API_ROUTES.map((route) => route.path).sort());
    for (const route of API_ROUTES) {
      const operation = document.paths[route.path]?.get;
      expect(operation?.operationId).toBe(route.operationId);
      expect(operation?.summary).toBe(route.summary);
      expect(operation?.responses['405']).toBeDefined();
    }
  });

  it('documents q and the 400/429 responses of /api/busca, and 404 for unknown routes', () => {
    const busca = document.paths['/api/busca']?.get;
    expect(busca?.parameters?.[0]).toMatchObject({ name: 'q', in: 'query', required: true });
    expect(Object.keys(busca?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '429']));
    expect(Object.keys(document.components.responses)).toEqual(
      expect.arrayContaining(['BadRequest', 'NotFound', 'MethodNotAllowed', 'TooManyRequests']),
    );
    expect(document.components.responses.TooManyRequests?.headers?.['Retry-After']).toBeDefined();
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

  it('is pt-BR for people', () => {
    expect(document.info.description).toMatch(/futebol/);
    expect(document.components.schemas.Match?.properties.kickoff?.description).toMatch(/Horário/);
  });
});
