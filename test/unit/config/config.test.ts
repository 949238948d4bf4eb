import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../src/lib/config/config.ts';

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig({}, '/srv/placar');
    expect(config).toMatchObject({
      upstreamUrl: 'https://www.placardefutebol.com.br',
      dataDir: '/srv/placar/data',
      refreshCron: '* * * * *',
      refreshIntervalSeconds: 60,
      yesterdayRefreshSeconds: 3600,
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

  it('limits clients deliberately: header, request and keep-alive timeouts and a connection cap', () => {
    expect(parseConfig({}).clientLimits).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 12_000,
    });
    const small = parseConfig({
      CLIENT_HEADERS_TIMEOUT_MS: '300',
      CLIENT_REQUEST_TIMEOUT_MS: '300',
      MAX_CONNECTIONS: '3',
    });
    expect(small.clientLimits).toMatchObject({ headersTimeoutMs: 300, requestTimeoutMs: 300, maxConnections: 3 });
    const inverted = { CLIENT_HEADERS_TIMEOUT_MS: '20000', CLIENT_REQUEST_TIMEOUT_MS: '10000' };
    expect(() => parseConfig(inverted)).toThrow(/CLIENT_REQUEST_TIMEOUT_MS/);
    expect(() => parseConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
  });

  it('takes a HEALTHZ_TOKEN only when it is long enough to be a secret', () => {
    expect(parseConfig({}).healthzToken).toBe('');
    expect(parseConfig({ HEALTHZ_TOKEN: 'abcdefghijklmnop' }).healthzToken).toBe('abcdefghijklmnop');
    expect(() => parseConfig({ HEALTHZ_TOKEN: 'curto' })).toThrow(/HEALTHZ_TOKEN/);
    expect(() => parseConfig({ HEALTHZ_TOKEN: 'com espaço no meio!!' })).toThrow(/HEALTHZ_TOKEN/);
  });

  it('takes PUSHPIN_SIG_KEY as Pushpin reads sig_key (text, or base64:), only when long enough to be a secret', () => {
    expect(parseConfig({}).pushpinSigKey).toBeNull();
    expect(parseConfig({ PUSHPIN_SIG_KEY: 'abcdefghijklmnop' }).pushpinSigKey).toEqual(Buffer.from('abcdefghijklmnop'));
    const bytes = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
    expect(parseConfig({ PUSHPIN_SIG_KEY: `base64:${bytes.toString('base64')}` }).pushpinSigKey).toEqual(bytes);
    for (const bad of ['changeme', 'com espaço no meio!!', 'base64:AAAA', 'base64:não é base64!!!!!!!!']) {
      expect(() => parseConfig({ PUSHPIN_SIG_KEY: bad }), bad).toThrow(/PUSHPIN_SIG_KEY/);
    }
  });

  it('reads PUSHPIN_PUBLISH_URLS as Pushpin control addresses, each one publish endpoint (none by default)', () => {
    expect(parseConfig({}).pushpinPublishUrls).toEqual([]);
    const env = { PUSHPIN_PUBLISH_URLS: 'http://10.0.0.5:5561, http://10.0.0.6:5561/,https://pp.example/epcp' };
    expect(parseConfig(env).pushpinPublishUrls).toEqual([
      'http://10.0.0.5:5561/publish/',
      'http://10.0.0.6:5561/publish/',
      'https://pp.example/epcp/publish/',
    ]);
    for (const bad of ['10.0.0.5:5561', 'ftp://host', 'http://u:p@host:5561', 'http://host:5561/?x=1']) {
      expect(() => parseConfig({ PUSHPIN_PUBLISH_URLS: bad }), bad).toThrow(/PUSHPIN_PUBLISH_URLS/);
    }
  });

  it('reads EVENT_FEED_URL as the base of a published site (none by default: the DATA_DIR builds)', () => {
    expect(parseConfig({}).eventFeedUrl).toBeNull();
    expect(parseConfig({ EVENT_FEED_URL: 'https://cdn.example.com/placar/' }).eventFeedUrl).toBe(
      'https://cdn.example.com/placar',
    );
    for (const bad of ['cdn.example.com', 'ftp://cdn.example.com', 'https://u:p@cdn.example.com', 'https://x/?a=1']) {
      expect(() => parseConfig({ EVENT_FEED_URL: bad }), bad).toThrow(/EVENT_FEED_URL/);
    }
  });

  it('shows /healthz details to loopback only when HEALTHZ_LOOPBACK_DETAILS is on (off by default)', () => {
    expect(parseConfig({}).healthzLoopbackDetails).toBe(false);
    expect(parseConfig({ HEALTHZ_LOOPBACK_DETAILS: 'ON' }).healthzLoopbackDetails).toBe(true);
    expect(parseConfig({ HEALTHZ_LOOPBACK_DETAILS: 'off' }).healthzLoopbackDetails).toBe(false);
    expect(() => parseConfig({ HEALTHZ_LOOPBACK_DETAILS: 'sim' })).toThrow(
      /HEALTHZ_LOOPBACK_DETAILS="sim".*"on" ou "off"/,
    );
  });

  it('reads each team’s pages every TEAM_PAGE_INTERVAL_HOURS (6 by default, 0: never, at most a week)', () => {
    expect(parseConfig({}).teamPageIntervalHours).toBe(6);
    expect(parseConfig({ TEAM_PAGE_INTERVAL_HOURS: '0' }).teamPageIntervalHours).toBe(0);
    expect(parseConfig({ TEAM_PAGE_INTERVAL_HOURS: '168' }).teamPageIntervalHours).toBe(168);
    for (const bad of ['169', '-1', '1.5', 'seis'])
      expect(() => parseConfig({ TEAM_PAGE_INTERVAL_HOURS: bad })).toThrow(ConfigError);
  });

  it('runs one server process unless WORKERS says otherwise ("auto": one per core)', () => {
    expect(parseConfig({}).workers).toBe(1);
    expect(parseConfig({ WORKERS: 'auto' }).workers).toBe(os.availableParallelism());
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
