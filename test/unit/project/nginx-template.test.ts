/**
 * deploy/nginx.conf read as data (issue 27, M2/M3): its per-client key gives every address the
 * client Placar's own limiter gives it (an IPv4 address or an IPv6 /64, whatever way the /64
 * prints), and its sizing holds together — streams can never take the connections the rest
 * needs, and docs/deploying.md quotes the same figures. The template running for real:
 * test/integration/server/front-door.test.ts and ipv6-clients.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/demo/seeded-random.ts';
import { CONFIG_VARIABLES } from '../../../src/lib/config/config.ts';
import { rateLimitKey, widerNetworkKeys } from '../../../src/server/limits/rate-limit-key.ts';
import { NGINX_TEMPLATE } from '../../../harness/nginx.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';

const template = fs.readFileSync(NGINX_TEMPLATE, 'utf8');
const deploying = fs.readFileSync(path.join(PROJECT_ROOT, 'docs/deploying.md'), 'utf8');

/** The `map $remote_addr $placar_rate_key` block as [regex, replacement] pairs and its default. */
function readRateKeyMap(): { rules: [RegExp, string][] } {
  const block = /map \$remote_addr \$placar_rate_key \{([\s\S]*?)\n\s*\}/.exec(template)?.[1];
  if (!block) throw new Error('no $placar_rate_key map in deploy/nginx.conf');
  const rules: [RegExp, string][] = [];
  for (const match of block.matchAll(/^\s*"~\*([^"]+)"\s+("?)([^";]+)\2;/gm)) {
    rules.push([new RegExp(match[1] ?? '', 'i'), match[3] ?? '']);
  }
  return { rules };
}

/** What nginx makes of an address with the map: the first matching rule, its $names filled in. */
function nginxKey(address: string, rules: [RegExp, string][]): string {
  for (const [pattern, replacement] of rules) {
    const match = pattern.exec(address);
    if (!match) continue;
    if (replacement.startsWith('$') && !replacement.includes(':')) return match.groups?.[replacement.slice(1)] ?? '';
    return replacement.replace(/\$([a-z0-9]+)/g, (_, name: string) => match.groups?.[name] ?? '');
  }
  return address;
}

/** An address as nginx prints $remote_addr (RFC 5952: WHATWG's IPv6 serializer prints the same). */
function printed(groups: number[]): string {
  return new URL(`http://[${groups.map((group) => group.toString(16)).join(':')}]/`).hostname.slice(1, -1);
}

describe('the per-client key ($placar_rate_key)', () => {
  const { rules } = readRateKeyMap();

  it('gives every IPv6 address the /64 Placar counts it in, however the address prints', () => {
    const random = mulberry32(27);
    const checked = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      // Mostly zero groups, so every length and place of the "::" run comes up.
      const groups = Array.from({ length: 8 }, () => (random() < 0.55 ? 0 : Math.floor(random() * 0x10000)));
      if (groups.slice(0, 6).every((group) => group === 0) && groups[6] !== 0) continue; // IPv4-compatible
      const address = printed(groups);
      if (address.startsWith('::ffff:')) continue;
      checked.add(address);
      expect(nginxKey(address, rules), address).toBe(rateLimitKey(address));
    }
    expect(checked.size).toBeGreaterThan(10_000);
  });

  it('gives the two ways one /64 prints one key, and two /64s two keys', () => {
    expect(nginxKey('fd27:1:2:0:5:6:7:8', rules)).toBe(nginxKey('fd27:1:2::6:7:8', rules));
    expect(nginxKey('2001:db8::1', rules)).toBe('2001:db8:0:0::/64');
    expect(nginxKey('2001:db8:0:1::1', rules)).not.toBe(nginxKey('2001:db8::1', rules));
    expect(nginxKey('::ffff:203.0.113.7', rules)).toBe('203.0.113.7');
    expect(nginxKey('203.0.113.7', rules)).toBe('203.0.113.7');
  });
});

describe('the /56 and /48 keys ($placar_rate_key_56, $placar_rate_key_48, issue 35)', () => {
  /** A `map $placar_rate_key $name` block's regex rules, in order. */
  const readWiderMap = (name: string): [RegExp, string][] => {
    const block = new RegExp(`map \\$placar_rate_key \\$${name} \\{([\\s\\S]*?)\\n\\s*\\}`).exec(template)?.[1];
    if (!block) throw new Error(`no $${name} map in deploy/nginx.conf`);
    return [...block.matchAll(/^\s*"~([^"]+)"\s+"([^"]+)";/gm)].map((match) => [
      new RegExp(match[1] ?? ''),
      match[2] ?? '',
    ]);
  };
  const { rules } = readRateKeyMap();
  const wider = { 56: readWiderMap('placar_rate_key_56'), 48: readWiderMap('placar_rate_key_48') };

  it('group IPv6 clients exactly as Placar’s stream limit does, and leave IPv4 clients out (no rule: the empty default)', () => {
    const random = mulberry32(35);
    for (const [bits, mapRules] of Object.entries(wider)) {
      const placarOf = new Map<string, string>();
      const nginxOf = new Map<string, string>();
      for (let i = 0; i < 5_000; i++) {
        // Few distinct /48s and /56s, so many addresses share one.
        const groups = [
          0x2001,
          0xdb8,
          Math.floor(random() * 3),
          Math.floor(random() * 3) * 0x100 + Math.floor(random() * 0x200),
        ];
        const address = printed([...groups, ...Array.from({ length: 4 }, () => Math.floor(random() * 0x10000))]);
        const perClient = nginxKey(address, rules);
        expect(
          mapRules.some(([pattern]) => pattern.test(perClient)),
          address,
        ).toBe(true);
        const nginx = nginxKey(perClient, mapRules);
        const placar = widerNetworkKeys(rateLimitKey(address)).find(({ key }) => key.endsWith(`/${bits}`))?.key ?? '';
        expect(placarOf.get(nginx) ?? placar, address).toBe(placar);
        expect(nginxOf.get(placar) ?? nginx, address).toBe(nginx);
        placarOf.set(nginx, placar);
        nginxOf.set(placar, nginx);
      }
      expect(mapRules.some(([pattern]) => pattern.test(nginxKey('203.0.113.7', rules)))).toBe(false);
    }
  });
});

describe('the sizing of the front', () => {
  const number = (pattern: RegExp): number => {
    const found = pattern.exec(template)?.[1];
    if (found === undefined) throw new Error(`${pattern} not in deploy/nginx.conf`);
    return Number(found);
  };
  const workerConnections = number(/^\s*worker_connections (\d+);/m);
  const streamsInAll = number(/server @stream_address@ max_conns=(\d+);/);
  const streamsPerClient = number(/limit_conn placar_streams_per_client (\d+);/);
  const descriptors = number(/^worker_rlimit_nofile (\d+);/m);
  const placarDefault = (name: string): number => Number(CONFIG_VARIABLES.find((v) => v.name === name)?.default);

  it('keeps half of every worker’s connections for pages, searches and /healthz even if it holds every stream', () => {
    // A stream holds two connections (the client's and Placar's) in the worker that took it.
    expect(2 * streamsInAll).toBeLessThanOrEqual(workerConnections / 2);
    expect(descriptors).toBeGreaterThanOrEqual(2 * workerConnections);
    expect(streamsPerClient).toBeLessThan(streamsInAll);
  });

  it('lets through no stream Placar (defaults) would refuse', () => {
    expect(placarDefault('EVENT_STREAMS_MAX')).toBeGreaterThanOrEqual(streamsInAll);
    expect(placarDefault('MAX_CONNECTIONS')).toBeGreaterThan(streamsInAll + 16);
  });

  it('is what docs/deploying.md says, and the template’s own comment too', () => {
    const comments = template.replace(/^(?!\s*#).*$/gm, '');
    // "16,384" in prose, "16384" where the directive is quoted.
    const quoted = (text: string, value: number): boolean =>
      text.includes(value.toLocaleString('en-US')) || text.includes(String(value));
    for (const figure of [workerConnections, streamsInAll, streamsPerClient, descriptors]) {
      expect(quoted(deploying, figure), `docs/deploying.md: ${figure}`).toBe(true);
      expect(quoted(comments, figure), `the template's comments: ${figure}`).toBe(true);
    }
    expect(deploying).toContain(`worker_connections ${workerConnections}`);
    expect(deploying).toContain(`worker_rlimit_nofile ${descriptors}`);
  });
});
