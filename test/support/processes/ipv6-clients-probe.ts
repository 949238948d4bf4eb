/**
 * The IPv6 half of issue 27's M2/M3 probes, run by test/integration/server/ipv6-clients.test.ts inside
 * a network (and PID) namespace of its own (`unshare --net --pid`): there loopback may carry a
 * whole /64 (a "local" route, non-local binds allowed) without touching the machine's network.
 * Starts the fake upstream, Placar (one reader with its own per-client limit, one behind
 * deploy/nginx.conf) on ::1, opens streams from many addresses of one /64 and one of another,
 * and prints what each got as one JSON line. Everything it starts dies with the namespace.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFixturePages, startFakeUpstream } from '../../../src/demo/upstream-server.ts';
import { currentLinkPath } from '../../../src/lib/store/builds/build-layout.ts';
import { startNginx } from '../../../harness/nginx.ts';
import { startPlacar } from '../../../harness/placar-process.ts';
import { openStreams } from '../http/stream-flood.ts';

/** Two /64s; in the first, every other address is written with "::" inside the prefix (fd27:1:2::…). */
const ONE_NETWORK = 'fd27:1:2:0';
const OTHER_NETWORK = 'fd27:1:2:1';
const DIRECT_PER_CLIENT = 3;

/** iproute2's ip, with the fix in the message when it is missing. */
function ip(args: string[]): void {
  try {
    execFileSync('ip', args, { stdio: 'pipe' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('ip não encontrado: instale com `apt-get install iproute2`.');
    throw error;
  }
}

ip(['link', 'set', 'lo', 'up']);
for (const network of [ONE_NETWORK, OTHER_NETWORK]) ip(['-6', 'route', 'add', 'local', `${network}::/64`, 'dev', 'lo']);
/** One /48 for each probe of the wider networks (a /56 of it, or the whole /48). */
const WIDE = { direct56: 'fd27:1:3', direct48: 'fd27:1:4', front56: 'fd27:1:5', front48: 'fd27:1:6' } as const;
for (const network of Object.values(WIDE)) ip(['-6', 'route', 'add', 'local', `${network}::/48`, 'dev', 'lo']);
// Binding any address of those routes (this namespace's own setting).
fs.writeFileSync('/proc/sys/net/ipv6/ip_nonlocal_bind', '1');

const upstream = await startFakeUpstream({ pages: readFixturePages() });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-ipv6-'));
const env = { HOST: '::1', SEARCH_RATE_LIMIT: '0' };
const direct = await startPlacar({
  upstreamUrl: upstream.url,
  dataDir,
  env: { ...env, REFRESH_CRON: '0 0 * * *', EVENT_STREAMS_PER_IP: String(DIRECT_PER_CLIENT) },
});
const behind = await startPlacar({
  upstreamUrl: upstream.url,
  dataDir,
  waitForFirstRefresh: false,
  env: { ...env, REFRESH_CRON: 'off', EVENT_STREAMS_PER_IP: '0' },
});
const nginx = await startNginx({
  clientDir: currentLinkPath(dataDir),
  placarUrl: behind.url,
  upstreamUrl: upstream.url,
  loopback: '::1',
});

/** One stream from each address, kept open: the statuses in order. */
async function oneEach(baseUrl: string, addresses: string[], ca?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (const localAddress of addresses) {
    const flood = await openStreams(baseUrl, 1, { localAddress, ca });
    statuses.push(flood.answers[0]?.status ?? 0);
  }
  return statuses;
}

/**
 * `count` addresses of one /64, alternating the two ways it prints: "fd27:1:2:0:a:6:7:8" and, with
 * a zero fifth group, "fd27:1:2::a:7:8" (the zero run swallows the prefix's own zero).
 */
const addresses = (network: string, count: number, from = 1): string[] =>
  Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? `${network}:${(from + i).toString(16)}:6:7:8` : `${network}:0:${(from + i).toString(16)}:7:8`,
  );

/** One address in each of `count` /64s of the /48 `prefix`, `step` /64s apart (256: one per /56). */
const spread = (prefix: string, count: number, step: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}:${(i * step).toString(16)}::1`);

const result = {
  direct: await oneEach(direct.url, addresses(ONE_NETWORK, 8)),
  directOtherNetwork: await oneEach(direct.url, addresses(OTHER_NETWORK, 1)),
  front: await oneEach(nginx.url, addresses(ONE_NETWORK, 25, 0x100), nginx.ca),
  frontOtherNetwork: await oneEach(nginx.url, addresses(OTHER_NETWORK, 1, 0x100), nginx.ca),
  // One stream from each /64: the /56 (2 clients' worth) and the /48 (10) still hold only so many.
  direct56: await oneEach(direct.url, spread(WIDE.direct56, DIRECT_PER_CLIENT * 2 + 2, 1)),
  direct48: await oneEach(direct.url, spread(WIDE.direct48, DIRECT_PER_CLIENT * 10 + 2, 0x100)),
  front56: await oneEach(nginx.url, spread(WIDE.front56, 42, 1), nginx.ca),
  // 5 /64s in each of 41 /56s: 205 streams, none past its /64's or /56's limit.
  front48: await oneEach(
    nginx.url,
    Array.from({ length: 205 }, (_, i) => `${WIDE.front48}:${(Math.floor(i / 5) * 0x100 + (i % 5)).toString(16)}::1`),
    nginx.ca,
  ),
};
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
await nginx.stop();
await Promise.all([direct.stop(), behind.stop()]);
await upstream.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
