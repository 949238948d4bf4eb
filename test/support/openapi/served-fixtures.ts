/**
 * The set-up of the HTTP contract tests: `npm start` against the fake upstream serving the
 * sample pages, plus a validator for the OpenAPI document the server itself publishes.
 */
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { createOpenApiBodyValidator, type OpenApiBodyValidator } from './openapi-validator.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import { rawRequest, type RawResponse } from '../http/raw-http.ts';

export interface ServedFixtures {
  upstream: FakeUpstream;
  placar: PlacarProcess;
  schemas: OpenApiBodyValidator;
  /** A raw HTTP request to the running server. */
  get(path: string, headers?: Record<string, string>, method?: string): Promise<RawResponse>;
  close(): Promise<void>;
}

export async function startServedFixtures(env: Record<string, string>): Promise<ServedFixtures> {
  const upstream = await startFakeUpstream({ pages: readFixturePages() });
  const placar = await startPlacar({ upstreamUrl: upstream.url, env });
  const routes = (await rawRequest(placar.url, '/api/routes')).json() as Record<string, unknown>;
  return {
    upstream,
    placar,
    schemas: createOpenApiBodyValidator(routes),
    get: (path, headers = {}, method = 'GET') => rawRequest(placar.url, path, { headers, method }),
    close: async () => {
      await placar.stop();
      await upstream.close();
    },
  };
}
