/**
 * The security decisions that are pure data: the CSP built from UPSTREAM_URL (crests from the
 * upstream origin only), the problems for requests node's parser rejects, links kept only on
 * the upstream host, and a search that never builds a regex from the query.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCommonHeaders, CONTENT_SECURITY_POLICY } from '../../../src/lib/api/headers-policy.ts';
import { ProblemSchema } from '../../../src/lib/model/model.ts';
import { findMatches } from '../../../src/lib/search/search.ts';
import { buildClientErrorProblem, buildConnectProblem } from '../../../src/server/client-error.ts';
import { parseListingPage } from '../../../src/upstream/listing/parse-listing.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';

/** The directive's sources, e.g. sources(csp, 'img-src') → ["'self'", 'data:', 'https://…']. */
function sources(csp: string, name: string): string[] {
  const directive = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return directive?.slice(1) ?? [];
}

describe('Content-Security-Policy', () => {
  const csp = CONTENT_SECURITY_POLICY;

  it('allows images from self only: crests are served by Placar (/escudos/), not the upstream', () => {
    expect(sources(csp, 'img-src')).toEqual(["'self'"]);
  });

  it('allows scripts only from self (no inline, no eval), frames from nobody, and nothing else off-site', () => {
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(sources(csp, 'script-src')).toEqual(["'self'"]);
    expect(sources(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(sources(csp, 'object-src')).toEqual(["'none'"]);
    for (const directive of ['default-src', 'style-src', 'font-src', 'connect-src'])
      expect(sources(csp, directive)).toEqual(["'self'"]);
  });

  it('goes out with nosniff and a referrer policy, and no server banner', () => {
    const headers = buildCommonHeaders();
    expect(headers).toMatchObject({
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    expect(Object.keys(headers).map((name) => name.toLowerCase())).not.toContain('server');
    expect(headers['Permissions-Policy']).toContain('camera=()');
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
    expect(buildCommonHeaders({ strictTransportSecurity: 'max-age=60' })['Strict-Transport-Security']).toBe(
      'max-age=60',
    );
  });
});

describe('problems for requests the HTTP parser rejects', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431],
    ['HPE_INVALID_METHOD', 400],
    ['HPE_INVALID_URL', 400],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408],
    [undefined, 400],
  ])('%s → %i with a pt-BR detail', (code, status) => {
    const problem = buildClientErrorProblem(code);
    expect(ProblemSchema.parse(problem)).toMatchObject({ status, type: 'about:blank' });
    expect(problem.detail).toMatch(/requisição/i);
  });

  it('CONNECT → 405 saying which methods to use', () => {
    expect(buildConnectProblem()).toMatchObject({ status: 405, detail: expect.stringContaining('GET ou HEAD') });
  });
});

describe('links taken from the upstream', () => {
  const row = (href: string): string =>
    `<a href="${href}"><div class="row"><span class="status-name">ENCERRADO</span><div class="team-name"><h5>Alfa</h5></div><div class="team-name"><h5>Beta</h5></div></div></a>`;
  const page = (rows: string[]): string =>
    `<html><body><div id="livescore"><h3 class="match-list_league-name">Liga</h3><div class="container content">${rows.join('')}</div></div></body></html>`;

  it('keeps only match pages on the upstream host, as http(s) URLs', () => {
    const matches = parseListingPage(
      page([
        row('/liga/21-11-2026-alfa-x-beta.html'),
        row('https://evil.example/liga/21-11-2026-gama-x-delta.html'),
        row('javascript:alert(1)//liga/21-11-2026-x-x-y.html'),
        row('data:text/html,<script>alert(1)</script>'),
      ]),
      'https://www.placardefutebol.com.br/jogos-de-hoje',
    );
    expect(matches.map((match) => match.url)).toEqual([
      'https://www.placardefutebol.com.br/liga/21-11-2026-alfa-x-beta.html',
    ]);
  });
});

describe('search with hostile queries', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('never builds a RegExp from the query and treats every character as text', () => {
    const snapshot = buildFixtureSnapshot();
    const construct = vi.spyOn(globalThis, 'RegExp');
    const queries = [
      '.*+?()[]{}|\\^$',
      '(z+)+$',
      '(.*a){20}',
      `${'a'.repeat(99)}!`,
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      '⚽🔥'.repeat(25),
      '\u0000\u0001\u001f',
    ];
    for (const query of queries) expect(findMatches(snapshot, query), query).toEqual([]);
    expect(construct).not.toHaveBeenCalled();
    // Combining marks are folded like accents; punctuation only splits words.
    expect(findMatches(snapshot, 'FLA\u0301MENGO').map((match) => match.homeTeam.name)).toContain('Flamengo');
    // A bidi override is no letter: it separates words like any punctuation.
    expect(findMatches(snapshot, '\u202Eflamengo').map((match) => match.homeTeam.name)).toEqual(['Flamengo']);
  });
});
