/**
 * Issue 27 M3 (and M2's IPv6 half): a client is an IPv4 address or an IPv6 /64, for the event
 * stream's per-client limit on Placar and at nginx, as for the search limit. 1,000 addresses of
 * one /64 once opened 1,000 streams. Run in a network and PID namespace of its own
 * (test/support/processes/ipv6-clients-probe.ts), so loopback can carry whole /64s; needs root (`unshare`).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { runChild } from '../../../harness/watched-child.ts';
import { UNSHARE_PATH } from '../../support/processes/pid-namespace.ts';

const PROBE = path.join(PROJECT_ROOT, 'test/support/processes/ipv6-clients-probe.ts');

interface ProbeResult {
  direct: number[];
  directOtherNetwork: number[];
  front: number[];
  frontOtherNetwork: number[];
  direct56: number[];
  direct48: number[];
  front56: number[];
  front48: number[];
}

async function runProbe(): Promise<{ result: ProbeResult | null; output: string }> {
  const args = ['--net', '--pid', '--fork', '--mount-proc', '--kill-child', process.execPath, PROBE];
  const { output } = await runChild(UNSHARE_PATH, args, { name: 'unshare', cwd: PROJECT_ROOT, timeoutMs: 150_000 });
  const line = /^RESULT (.*)$/m.exec(output)?.[1];
  return { result: line ? (JSON.parse(line) as ProbeResult) : null, output };
}

/** The probe runs once; both tests read its result. */
let probe: Promise<{ result: ProbeResult | null; output: string }> | undefined;
const probeOnce = (): Promise<{ result: ProbeResult | null; output: string }> => {
  probe ??= runProbe();
  return probe;
};

describe('IPv6 clients are counted by /64', () => {
  it('Placar (3 per client) and nginx (20 per client) refuse the streams of one /64 past the limit, not another /64', {
    timeout: 180_000,
  }, async () => {
    const { result, output } = await probeOnce();
    expect(result, output).not.toBeNull();
    expect(result?.direct).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(result?.directOtherNetwork).toEqual([200]);
    expect(result?.front).toEqual([...Array(20).fill(200), ...Array(5).fill(429)]);
    expect(result?.frontOtherNetwork).toEqual([200]);
  });

  it("a /56 holds twice and a /48 ten times a client's streams, on Placar and at nginx, however many /64s it uses", {
    timeout: 180_000,
  }, async () => {
    const { result, output } = await probeOnce();
    expect(result, output).not.toBeNull();
    expect(result?.direct56).toEqual([...Array(6).fill(200), 429, 429]);
    expect(result?.direct48).toEqual([...Array(30).fill(200), 429, 429]);
    expect(result?.front56).toEqual([...Array(40).fill(200), 429, 429]);
    expect(result?.front48).toEqual([...Array(200).fill(200), ...Array(5).fill(429)]);
  });
});
