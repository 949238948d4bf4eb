/**
 * The OpenAPI document as integrators judge it: the one a running Placar serves at /api/routes,
 * linted by @redocly/cli (recommended rules) and @stoplight/spectral-cli (spectral:oas) with
 * zero findings, read by the OWASP ruleset with only the findings listed below as not
 * applicable (with why), and every kind of real response checked against it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../src/lib/api/api-routes.ts';
import {
  NETWORK_MARKER,
  OWASP_RULESET,
  SPECTRAL_OAS_RULESET,
  runLinter,
  type SpectralFinding,
} from '../../support/openapi/api-linters.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { startServedFixtures, type ServedFixtures } from '../../support/openapi/served-fixtures.ts';

const RATE_LIMIT = 3;
let served: ServedFixtures;
let workDir: string;

beforeAll(async () => {
  served = await startServedFixtures({ REFRESH_CRON: '0 0 * * *', SEARCH_RATE_LIMIT: String(RATE_LIMIT) });
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-api-lint-'));
  const response = await served.get('/api/routes');
  expect(response.status).toBe(200);
  fs.writeFileSync(path.join(workDir, 'openapi.json'), response.body);
});

afterAll(async () => {
  await served?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

const at = (finding: SpectralFinding): string => finding.path.join('.');
const isSearch = (finding: SpectralFinding): boolean => finding.path[1] === '/api/busca';
const isPreflight = (finding: SpectralFinding): boolean => finding.path[2] === 'options';
const FREE_TEXT =
  /(competition|homeTeam|awayTeam|LineupPlayer)\.properties\.name$|\.(statusLabel|slug|id|title|detail|player|playerIn|playerOut|label)$|Statistic\.properties\.(home|away)$|MatchDetail\.properties\.(venue|referee|round)\.anyOf\.0$|Broadcast\.properties\.(channel|note(\.anyOf\.0)?)$|StandingsGroup\.properties\.name\.anyOf\.0$|StandingsRow\.properties\.team\.properties\.name$|TeamHomeEnvelope\.properties\.team\.properties\.name$|TeamStanding\.properties\.group\.anyOf\.0$|StandingsLive\.properties\.match\.anyOf\.0$|StandingsPendingResult\.properties\.(match|homeTeam|awayTeam)$/;
/**
 * Problems given outside the search rate limiter: by the HTTP parser, on the static files, by
 * filter validation (a refused filter is decided before the limiter is asked), by the event
 * stream (limited by open connections, not a request rate: its 429/503 carry Retry-After; nginx refuses a
 * stream URL too long before its limits), or the
 * 404 of an unknown match id, competition or team slug (a static miss, like any unknown path).
 */
const OUTSIDE_LIMITER =
  /^components\.responses\.(MalformedRequest|HeadersTooLarge|RequestTimeout|RangeNotSatisfiable|BadEventQuery|BadFilter|TooManyStreams|StreamUrlTooLong|UnknownMatch|UnknownCompetition|UnknownTeam|BadDay|UnknownDay)(SemCorpo)?\.headers$/;

/**
 * OWASP rules that do not apply to a public, read-only, key-less API, each with why. Any other
 * finding (string/integer/array limits, CORS and rate-limit headers, server inventory) fails.
 */
const NOT_APPLICABLE: Record<string, { why: string; applies: (finding: SpectralFinding) => boolean }> = {
  'owasp:api2:2023-read-restricted': { why: 'public data, no key: security is [] on purpose', applies: () => true },
  'owasp:api2:2023-write-restricted': {
    why: "Web Push subscriptions are anonymous by design (the push service's unguessable endpoint is the capability); bounded per client (rate limit) and in all (PUSH_MAX_SUBSCRIPTIONS)",
    applies: (finding) => finding.path[1] === '/api/push/inscricoes',
  },
  'owasp:api8:2023-define-error-responses-401': { why: 'no authentication, so no 401 can happen', applies: () => true },
  'owasp:api4:2023-rate-limit-responses-429': {
    why: 'only /api/busca is rate-limited (the pre-built files and preflights are not: a CDN serves them); a HEAD 429 has no body',
    applies: (finding) =>
      !isSearch(finding) || isPreflight(finding) || at(finding) === 'components.responses.TooManyRequestsSemCorpo',
  },
  'owasp:api4:2023-rate-limit': {
    why: 'RateLimit-* exist only on /api/busca answers that reach the limiter (not the static files, preflights, nor the 400/408/431 of the HTTP parser)',
    applies: (finding) =>
      (finding.path[0] === 'paths' && (!isSearch(finding) || isPreflight(finding))) ||
      OUTSIDE_LIMITER.test(at(finding)),
  },
  'owasp:api8:2023-define-error-responses-500': {
    why: 'HEAD answers never have a body, so their 500 declares no content',
    applies: (finding) => at(finding) === 'components.responses.InternalErrorSemCorpo',
  },
  'owasp:api4:2023-string-restricted': {
    why: 'free text (names, labels, problem texts): no format or pattern describes it; lengths are bounded',
    applies: (finding) => FREE_TEXT.test(at(finding)),
  },
};

describe('the served OpenAPI document (/api/routes) in integrators’ linters', () => {
  it('passes @redocly/cli lint with the recommended rules: 0 errors, 0 warnings, no network', async () => {
    const run = await runLinter('redocly', ['lint', '--extends=recommended', '--format=json', 'openapi.json'], workDir);
    expect(run.stderr).not.toContain(NETWORK_MARKER);
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number; ignored: number };
      problems: unknown[];
    };
    expect(report.problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    expect(run.code).toBe(0);
  });

  it('passes @stoplight/spectral-cli lint with spectral:oas: no finding of any severity, no network', async () => {
    const run = await runLinter(
      'spectral',
      ['lint', '--ruleset', SPECTRAL_OAS_RULESET, '--format', 'json', '--fail-severity', 'hint', 'openapi.json'],
      workDir,
    );
    expect(run.stderr).not.toContain(NETWORK_MARKER);
    // Spectral prints its JSON, then a summary line when there is nothing to report.
    expect(run.stdout.startsWith('[]')).toBe(true);
    expect(run.code).toBe(0);
  });

  it('gives the OWASP ruleset nothing to report but the rules that do not apply', async () => {
    const run = await runLinter(
      'spectral',
      ['lint', '--ruleset', OWASP_RULESET, '--format', 'json', 'openapi.json'],
      workDir,
    );
    expect(run.stderr).not.toContain(NETWORK_MARKER);
    const findings = JSON.parse(run.stdout.slice(0, run.stdout.lastIndexOf(']') + 1)) as SpectralFinding[];
    const unexpected = findings.filter((finding) => !NOT_APPLICABLE[finding.code]?.applies(finding));
    expect(unexpected.map((finding) => `${finding.code} ${finding.path.join('.')}: ${finding.message}`)).toEqual([]);
  });

  it('the network guard the linters run under does catch a request', async () => {
    const script = path.join(workDir, 'phone-home.mjs');
    fs.writeFileSync(script, "await fetch('https://example.com/').catch(() => undefined);\n");
    const { spawnSync } = await import('node:child_process');
    const guard = new URL('../../support/openapi/no-network.mjs', import.meta.url).href;
    const run = spawnSync(process.execPath, [`--import=${guard}`, script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stderr).toMatch(new RegExp(`${NETWORK_MARKER} (lookup|connect) example\\.com`));
  });
});

describe('real responses against the document', () => {
  let client = 0;
  const check = async (
    method: string,
    route: string,
    target: string,
    headers: Record<string, string> = {},
  ): Promise<number> => {
    // A loopback address per request: each is a new client for the search rate limit.
    const localAddress = `127.0.1.${++client}`;
    const response = await rawRequest(served.placar.url, target, { method, headers, localAddress });
    expect(served.schemas.responseErrors(method, route, response)).toEqual([]);
    return response.status;
  };

  it('GET, HEAD, OPTIONS, conditional and range requests of every route', async () => {
    // The day /api/ontem shows is kept as a past day too (/api/dia/{dia}).
    const ontem = (await served.get('/api/ontem')).json() as { generatedAt: string };
    const yesterday = new Date(`${ontem.generatedAt.slice(0, 10)}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    for (const { path: route, response } of API_ROUTES) {
      // The event stream never ends and is never cached: test/integration/event-stream/event-stream.test.ts checks it.
      if (response === 'stream') continue;
      const target =
        response === 'search'
          ? `${route}?q=flamengo`
          : route
              .replace('{competicao}/{partida}', 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras')
              .replace('{slug}', response === 'standings' ? 'brasileirao-serie-a' : 'flamengo')
              .replace('{dia}', yesterday.toISOString().slice(0, 10));
      expect(await check('GET', route, target)).toBe(200);
      expect(await check('HEAD', route, target)).toBe(200);
      expect(await check('OPTIONS', route, target)).toBe(204);
      const etag = String((await served.get(target)).headers.etag);
      expect(await check('GET', route, target, { 'If-None-Match': etag })).toBe(304);
      expect(await check('HEAD', route, target, { 'If-None-Match': etag })).toBe(304);
      if (response !== 'search') {
        expect(await check('GET', route, target, { Range: 'bytes=0-9' })).toBe(206);
        expect(await check('GET', route, target, { Range: 'bytes=99999999-' })).toBe(416);
        expect(await check('HEAD', route, target, { Range: 'bytes=0-9' })).toBe(200);
      }
      expect(await check('GET', route, target, { 'X-Big': 'x'.repeat(20_000) })).toBe(431);
      if (response === 'detail') {
        const unknown = route.replace('{competicao}/{partida}', 'brasileirao-serie-a/01-01-2020-a-x-b');
        expect(await check('GET', route, unknown)).toBe(404);
        expect(await check('HEAD', route, unknown)).toBe(404);
      }
      if (response === 'day') {
        expect(await check('GET', route, '/api/dia/2020-01-01')).toBe(404);
        expect(await check('GET', route, '/api/dia/2026-02-30')).toBe(400);
        expect(await check('HEAD', route, '/api/dia/ontem')).toBe(400);
      }
    }
  });

  it('/api/busca: bad q (400) and the rate limit (429) with their headers', async () => {
    const address = '127.0.0.9';
    const from = async (target: string): Promise<number> => {
      const response = await rawRequest(served.placar.url, target, { localAddress: address });
      expect(served.schemas.responseErrors('GET', '/api/busca', response)).toEqual([]);
      expect(response.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
      return response.status;
    };
    const statuses: number[] = [];
    for (const target of ['/api/busca?q=x', '/api/busca?q=palmeiras', '/api/busca?q=flamengo', '/api/busca?q=flamengo'])
      statuses.push(await from(target));
    expect(statuses).toEqual([400, 200, 200, 429]);
  });
});
