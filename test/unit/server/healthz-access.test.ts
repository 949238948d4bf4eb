// Issue 20 item 5: who sees /healthz's details, and what everybody else sees.
import { describe, expect, it } from 'vitest';
import { publicHealth, type Health } from '../../../src/server/health/healthz.ts';
import { maySeeHealthDetails } from '../../../src/server/health/healthz-access.ts';

const TOKEN = 'segredo-de-teste-0123456789';

describe('maySeeHealthDetails', () => {
  // Issue 27 L5: a TCP-level front (stunnel, HAProxy mode tcp, sslh, ssh -L) connects from loopback for anyone.
  it('shows a loopback client nothing without the token unless HEALTHZ_LOOPBACK_DETAILS is on', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(maySeeHealthDetails({ headers: {}, remoteAddress: address }, '', false), address).toBe(false);
      expect(maySeeHealthDetails({ headers: {}, remoteAddress: address }, TOKEN, false), address).toBe(false);
    }
  });

  it('with the opt-in, lets a direct loopback client see them (IPv4, IPv6, IPv4-mapped)', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(maySeeHealthDetails({ headers: {}, remoteAddress: address }, '', true), address).toBe(true);
    }
  });

  it('refuses other addresses and anything that came through a proxy, even from loopback with the opt-in', () => {
    for (const address of ['203.0.113.7', '10.0.0.1', '::ffff:192.168.0.1', '2001:db8::1', 'fe80::1', undefined]) {
      expect(maySeeHealthDetails({ headers: {}, remoteAddress: address }, TOKEN, true), String(address)).toBe(false);
    }
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via']) {
      expect(
        maySeeHealthDetails({ headers: { [header]: '127.0.0.1' }, remoteAddress: '127.0.0.1' }, TOKEN, true),
        header,
      ).toBe(false);
    }
  });

  it('accepts the configured bearer token from anywhere, and nothing else', () => {
    const outside = { remoteAddress: '203.0.113.7' };
    expect(maySeeHealthDetails({ ...outside, headers: { authorization: `Bearer ${TOKEN}` } }, TOKEN, false)).toBe(true);
    expect(
      maySeeHealthDetails(
        { ...outside, headers: { authorization: `bearer ${TOKEN}`, 'x-forwarded-for': '1.2.3.4' } },
        TOKEN,
        false,
      ),
    ).toBe(true);
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
      'Bearer ',
      'Bearer',
    ]) {
      expect(maySeeHealthDetails({ ...outside, headers: { authorization } }, TOKEN, true), authorization).toBe(false);
    }
    // No token configured: an empty or any bearer value never matches.
    expect(maySeeHealthDetails({ ...outside, headers: { authorization: 'Bearer ' } }, '', true)).toBe(false);
    expect(maySeeHealthDetails({ ...outside, headers: { authorization: 'Bearer x' } }, '', true)).toBe(false);
  });
});

describe('publicHealth', () => {
  it('keeps the status and the timings, drops errors, parse diagnostics, match-page failures and the publish output', () => {
    const listing = {
      generatedAt: '2026-11-24T09:00:00-03:00',
      stale: false,
      fetchedAt: '2026-11-24T09:05:00-03:00',
      lastError: 'ECONNREFUSED 10.0.0.5:443',
      parse: null,
    };
    const health: Health = {
      status: 'degraded',
      listings: { live: listing, hoje: { ...listing, stale: true }, amanha: listing, ontem: listing },
      lastBuildAt: '2026-11-24T09:00:01-03:00',
      lastRefresh: {
        finishedAt: '2026-11-24T09:00:02-03:00',
        outcome: 'build-failed',
        error: 'ENOSPC /srv/placar/data',
      },
      publish: {
        lastRunAt: '2026-11-24T09:00:03-03:00',
        lastSuccessAt: null,
        lastBuildId: 'b',
        lastDurationMs: 40,
        lastError: 'rclone: bucket s3://interno-segredo AccessDenied',
      },
      details: {
        held: 3,
        failing: 1,
        failures: [{ id: 'liga/21-11-2026-a-x-b', error: 'Falha ao buscar http://10.0.0.5/liga: HTTP 500' }],
        requestsLastMinute: 2,
        pausedUntil: null,
      },
    };
    const shown = publicHealth(health);
    expect(shown).toEqual({
      status: 'degraded',
      listings: {
        live: { generatedAt: listing.generatedAt, stale: false },
        hoje: { generatedAt: listing.generatedAt, stale: true },
        amanha: { generatedAt: listing.generatedAt, stale: false },
        ontem: { generatedAt: listing.generatedAt, stale: false },
      },
      lastBuildAt: '2026-11-24T09:00:01-03:00',
      lastRefresh: { finishedAt: '2026-11-24T09:00:02-03:00' },
    });
    expect(JSON.stringify(shown)).not.toMatch(/segredo|ENOSPC|10\.0\.0\.5|srv/);
  });
});
