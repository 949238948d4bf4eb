/**
 * The IPv6 half of issue 27's M2/M3 probes, run by test/integration/ipv6-clients.test.ts inside
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
import { readFixturePages, startFakeUpstream } from '../../src/demo/upstream-server.ts';
import { currentLinkPath } from '../../src/lib/store/build-layout.ts';
import { startNginx } from './nginx.ts';
import { startPlacar } from './placar-process.ts';
import { openStreams } from './stream-flood.ts';

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

const result = {
  direct: await oneEach(direct.url, addresses(ONE_NETWORK, 8)),
  directOtherNetwork: await oneEach(direct.url, addresses(OTHER_NETWORK, 1)),
  front: await oneEach(nginx.url, addresses(ONE_NETWORK, 25, 0x100), nginx.ca),
  frontOtherNetwork: await oneEach(nginx.url, addresses(OTHER_NETWORK, 1, 0x100), nginx.ca),
};
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
await nginx.stop();
await Promise.all([direct.stop(), behind.stop()]);
await upstream.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
