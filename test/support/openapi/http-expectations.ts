/** Assertions shared by the server integration tests: headers every response carries, problem bodies. */
import { expect } from 'vitest';
import type { OpenApiBodyValidator } from './openapi-validator.ts';
import type { RawResponse } from '../http/raw-http.ts';

export function expectCommonHeaders(response: RawResponse): void {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  // No other origin anywhere: crests too are served by Placar (/escudos/).
  const directives = csp.split(';').map((directive) => directive.trim());
  expect(directives.filter((directive) => /https?:|data:/.test(directive))).toEqual([]);
  expect(directives).toContain("img-src 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['access-control-allow-origin']).toBe('*');
  expect(response.headers['access-control-expose-headers']).toContain('ETag');
  expect(response.headers['x-powered-by']).toBeUndefined();
  expect(response.headers.server).toBeUndefined();
}

/** An RFC 9457 body with `status`, valid against the served OpenAPI Problem schema. */
export function expectProblem(response: RawResponse, status: number, schemas: OpenApiBodyValidator): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  expect(schemas.errors('Problem', response.json())).toEqual([]);
  expect(response.json()).toMatchObject({ status, type: 'about:blank' });
  expectCommonHeaders(response);
}
