import { describe, expect, it } from 'vitest';
import { UpstreamFetchError } from '../../src/upstream/errors.ts';
import { isSameOriginRedirect, resolveRedirect } from '../../src/upstream/resolve-redirect.ts';

describe('a listing redirect stays on the upstream origin', () => {
  it.each([
    ['http://site.example/a', 'http://site.example/b', true],
    ['http://site.example/a', 'https://site.example/b', true],
    ['http://site.example:8080/a', 'https://site.example:8080/b', true],
    ['https://site.example/a', 'https://site.example/b', true],
    ['http://site.example/a', 'http://site.example:8081/b', false],
    ['http://127.0.0.1:4100/a', 'http://127.0.0.1:4101/b', false],
    ['https://site.example/a', 'http://site.example/b', false],
    ['https://site.example/a', 'https://site.example:444/b', false],
    ['http://site.example/a', 'http://cdn.site.example/b', false],
    ['http://site.example/a', 'ftp://site.example/b', false],
  ])('%s → %s: %s', (from, to, allowed) => {
    expect(isSameOriginRedirect(new URL(from), new URL(from), new URL(to))).toBe(allowed);
  });

  it('refuses going back to http after an https upgrade', () => {
    const start = new URL('http://site.example/a');
    expect(isSameOriginRedirect(start, new URL('https://site.example/b'), new URL('http://site.example/c'))).toBe(
      false,
    );
  });

  it('says which origin is allowed when it refuses', () => {
    const start = new URL('http://127.0.0.1:4100/jogos-de-hoje');
    const refuse = (): URL => resolveRedirect(start.href, start, start, 'http://127.0.0.1:9/x', new Set([start.href]));
    expect(refuse).toThrow(UpstreamFetchError);
    expect(refuse).toThrow(/origem http:\/\/127\.0\.0\.1:4100/);
  });
});
