import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config/config.ts';

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig({}, '/srv/placar');
    expect(config).toMatchObject({
      upstreamUrl: 'https://www.placardefutebol.com.br',
      dataDir: '/srv/placar/data',
      refreshCron: '* * * * *',
      refreshIntervalSeconds: 60,
      requestTimeoutMs: 10_000,
      host: 'localhost',
      port: 4321,
      searchRateLimit: 120,
    });
  });

  it('sends no Strict-Transport-Security unless HSTS_MAX_AGE opts in (TLS deployments only)', () => {
    expect(parseConfig({}).strictTransportSecurity).toBe('');
    expect(parseConfig({ HSTS_MAX_AGE: '0' }).strictTransportSecurity).toBe('');
    expect(parseConfig({ HSTS_MAX_AGE: '31536000' }).strictTransportSecurity).toBe('max-age=31536000');
    expect(() => parseConfig({ HSTS_MAX_AGE: 'sim' })).toThrow(/HSTS_MAX_AGE/);
  });

  it('runs one server process per core unless WORKERS says otherwise', () => {
    expect(parseConfig({}).workers).toBe(os.availableParallelism());
    expect(parseConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(parseConfig({ WORKERS: '3' }).workers).toBe(3);
  });

  it('turns the server’s own refresh off with REFRESH_CRON=off (staleness on the default one-minute schedule)', () => {
    expect(parseConfig({ REFRESH_CRON: 'off' })).toMatchObject({ refreshCron: null, refreshIntervalSeconds: 60 });
  });

  it('derives the refresh interval from a seconds-level cron', () => {
    expect(parseConfig({ REFRESH_CRON: '*/5 * * * * *' }).refreshIntervalSeconds).toBe(5);
  });

  it('strips a trailing slash from UPSTREAM_URL', () => {
    expect(parseConfig({ UPSTREAM_URL: 'http://127.0.0.1:8080/' }).upstreamUrl).toBe('http://127.0.0.1:8080');
  });

  it('reads CREST_HOSTS as a list of origins (none by default)', () => {
    expect(parseConfig({}).crestOrigins).toEqual([]);
    expect(parseConfig({ CREST_HOSTS: 'https://cdn.example.com, http://127.0.0.1:8081/' }).crestOrigins).toEqual([
      'https://cdn.example.com',
      'http://127.0.0.1:8081',
    ]);
  });

  it.each([
    ['CREST_HOSTS', 'cdn.example.com', /CREST_HOSTS/],
    ['CREST_HOSTS', 'https://u:p@cdn.example.com', /CREST_HOSTS/],
    ['CREST_HOSTS', 'https://cdn.example.com/escudos', /CREST_HOSTS/],
    ['CREST_HOSTS', 'ftp://cdn.example.com', /CREST_HOSTS/],
    ['UPSTREAM_URL', 'not a url', /UPSTREAM_URL/],
    ['UPSTREAM_URL', 'ftp://example.com', /http:\/\/ ou https:\/\//],
    ['REFRESH_CRON', 'every minute', /REFRESH_CRON/],
    ['PORT', '99999', /PORT/],
    ['WORKERS', '0', /WORKERS/],
    ['WORKERS', 'todos', /WORKERS/],
    ['SEARCH_RATE_LIMIT', '-1', /SEARCH_RATE_LIMIT/],
    ['REQUEST_TIMEOUT_MS', '10s', /REQUEST_TIMEOUT_MS/],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });
});
