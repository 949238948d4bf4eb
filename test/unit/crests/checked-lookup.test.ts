/**
 * The crest connections' address check (issue 20, item 1), at lookup time: DNS is simulated
 * in-process and nothing connects anywhere, so internal answers can be tried safely.
 */
import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  createCheckedLookup,
  forbiddenEmbeddedIpv4,
  internalUpstreamAddresses,
  isInternalAddress,
  type Resolver,
} from '../../../src/crests/checked-lookup.ts';

const resolverOf =
  (answers: Record<string, dns.LookupAddress[]>): Resolver =>
  (hostname, callback) => {
    const found = answers[hostname];
    if (found) callback(null, found);
    else callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  };

function lookupResult(allowed: string[], answers: Record<string, dns.LookupAddress[]>, hostname: string, all = false) {
  const lookup = createCheckedLookup(new Set(allowed), resolverOf(answers));
  return new Promise<{ error: Error | null; address: unknown }>((resolve) => {
    lookup(hostname, { all }, (error, address) => resolve({ error, address }));
  });
}

describe('internal address ranges', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '127.9.9.9',
    '169.254.169.254',
    '169.254.0.1',
    '0.0.0.0',
    '100.64.0.1',
    '::1',
    '::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    // Issue 27 L4: IPv6 forms that embed an IPv4 address, and the deprecated site-local range.
    '64:ff9b:1::a00:1',
    '64:ff9b:1:ffff::7f00:1',
    '64:ff9b::7f00:1',
    '::7f00:1',
    '::a9fe:a9fe',
    '::8.8.8.8',
    '::ffff:0:7f00:1',
    '::ffff:0:a00:1',
    '2002:7f00:1::1',
    '2002:a00:1::',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'fec0::1',
    'feff::1',
    '100::1',
    '2001:db8::1',
  ])('%s is internal', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  // Issue 35: ISATAP interface ids and network-specific NAT64 prefixes (RFC 6052) at every position.
  it.each([
    // ISATAP: 0000:5efe / 0200:5efe interface ids, under any prefix.
    ['2001:db9:1:2:0:5efe:10.0.0.1', '10.0.0.1'],
    ['2a00:1450:4001:82a:200:5efe:7f00:1', '127.0.0.1'],
    ['fe81::5efe:c0a8:101', '192.168.1.1'],
    // A /96 network-specific prefix: the last 32 bits.
    ['2a01:4f8:1:2:3:4:a9fe:a9fe', '169.254.169.254'],
    ['2a01:4f8:1:2:3:4:ac10:1', '172.16.0.1'],
    // /32, /40, /48, /56 and /64 prefixes: the IPv4 address around bits 64–71 (zero).
    ['2a01:4f8:a00:1::', '10.0.0.1'],
    ['2a01:4f8:c0:a801:1::', '192.168.1.1'],
    ['2a01:4f8:1:7f00:1:100::', '127.0.1.1'],
    ['2a01:4f8:1:a:a8:fe01::', '10.168.254.1'],
    ['2a01:4f8:1:2:a:6400:100::', '10.100.0.1'],
    ['64:ff9c:1:2:64:4000:100::', '100.64.0.1'],
  ])('%s embeds %s: internal', (address, ipv4) => {
    expect(forbiddenEmbeddedIpv4(address)).toBe(ipv4);
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '200.147.3.157',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '172.32.0.1',
    // Public IPv6 hosts: small interface ids, a public IPv4 address embedded (as Cloudflare's), random ones.
    '2606:4700:10::6816:1234',
    '2606:4700:3033::ac43:b9c1',
    '2a00:1450:4001:82a::200e',
    '2a01:4f8:c17:1::1',
    '2001:db9:1:2:0:5efe:808:808',
    '2001:db9:1:2:8a2e:370:7334:1',
  ])('%s is public', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });
});

describe('createCheckedLookup', () => {
  const answers: Record<string, dns.LookupAddress[]> = {
    'privado.example': [{ address: '10.0.0.1', family: 4 }],
    'metadados.example': [{ address: '169.254.169.254', family: 4 }],
    'metadados6.example': [{ address: 'fd00:ec2::254', family: 6 }],
    'misto.example': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ],
    'publico.example': [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ],
    'local.example': [{ address: '127.0.0.1', family: 4 }],
  };

  it.each(['privado.example', 'metadados.example', 'metadados6.example', 'misto.example', 'local.example'])(
    'refuses %s (an internal answer, even among public ones)',
    async (hostname) => {
      const { error } = await lookupResult([], answers, hostname);
      expect(error?.message).toMatch(/escudo recusado: .* endereço interno/);
      expect((error as NodeJS.ErrnoException | null)?.code).toBe('ECRESTADDRESS');
    },
  );

  it('passes public answers on, one or all as asked', async () => {
    expect(await lookupResult([], answers, 'publico.example')).toEqual({ error: null, address: '93.184.216.34' });
    const all = await lookupResult([], answers, 'publico.example', true);
    expect(all.address).toEqual(answers['publico.example']);
  });

  it("lets the upstream's own internal address through (a demo or test upstream), and only it", async () => {
    expect((await lookupResult(['127.0.0.1'], answers, 'local.example')).error).toBeNull();
    expect((await lookupResult(['127.0.0.1'], answers, 'privado.example')).error).not.toBeNull();
  });

  it('passes resolution failures on unchanged', async () => {
    expect((await lookupResult([], answers, 'nao-existe.example')).error?.message).toMatch(/ENOTFOUND/);
  });
});

describe('internalUpstreamAddresses', () => {
  it("is the upstream's address when it is internal, else nothing", async () => {
    expect(await internalUpstreamAddresses('http://127.0.0.1:4100')).toEqual(new Set(['127.0.0.1']));
    expect(await internalUpstreamAddresses('http://[::1]:4100')).toEqual(new Set(['::1']));
    expect(await internalUpstreamAddresses('https://93.184.216.34')).toEqual(new Set());
    const resolve = resolverOf({
      'placar.example': [{ address: '93.184.216.34', family: 4 }],
      'demo.example': [{ address: '127.0.0.1', family: 4 }],
    });
    expect(await internalUpstreamAddresses('https://placar.example', resolve)).toEqual(new Set());
    expect(await internalUpstreamAddresses('http://demo.example:4100', resolve)).toEqual(new Set(['127.0.0.1']));
  });
});
