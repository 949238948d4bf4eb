import { describe, expect, it } from 'vitest';
import { UpstreamFetchError } from '../../../src/upstream/fetch/errors.ts';
import { resolveRedirect } from '../../../src/upstream/fetch/resolve-redirect.ts';

const follow = (from: string, to: string): URL => {
  const start = new URL(from);
  return resolveRedirect(start.href, start, start, to, new Set([start.href]));
};

describe('a redirect stays on exactly the upstream origin', () => {
  it.each([
    ['http://site.example/a', 'http://site.example/b'],
    ['https://site.example/a', 'https://site.example:443/b'],
    ['http://127.0.0.1:4100/a', '/b'],
    ['http://127.0.0.1:4100/a', 'http://127.1:4100/b'],
    ['http://127.0.0.1:4100/a', 'http://2130706433:4100/b'],
  ])('%s → %s: followed', (from, to) => {
    expect(follow(from, to).origin).toBe(new URL(from).origin);
  });

  it.each([
    ['http://site.example/a', 'https://site.example/b'],
    ['http://site.example:8080/a', 'https://site.example:8080/b'],
    ['http://site.example/a', 'http://site.example:8081/b'],
    ['http://127.0.0.1:4100/a', 'http://127.0.0.1:4101/b'],
    ['http://127.0.0.1:4100/a', 'http://127.1:4101/b'],
    ['https://site.example/a', 'http://site.example/b'],
    ['https://site.example/a', 'https://site.example:444/b'],
    ['http://site.example/a', 'http://cdn.site.example/b'],
    ['http://site.example/a', 'ftp://site.example/b'],
  ])('%s → %s: refused', (from, to) => {
    expect(() => follow(from, to)).toThrow(UpstreamFetchError);
  });

  it('says which origin is allowed when it refuses, and never repeats a user and password', () => {
    const refuse = (): URL => follow('http://127.0.0.1:4100/jogos-de-hoje', 'http://u:segredo@127.0.0.1:9/x');
    expect(refuse).toThrow(/origem http:\/\/127\.0\.0\.1:4100/);
    expect(refuse).not.toThrow(/segredo/);
  });

  it('follows a same-origin Location with a user and password without keeping them', () => {
    expect(follow('http://127.0.0.1:4100/a', 'http://u:segredo@127.0.0.1:4100/b').href).toBe('http://127.0.0.1:4100/b');
  });
});
