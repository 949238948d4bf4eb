/** The benchmark reads wrk's text report (group 7): throughput, count, percentiles, failures. */
import { describe, expect, it } from 'vitest';
import { parseWrkOutput } from '../../../harness/wrk-output.ts';

// Printed by Debian's wrk 4 (`wrk -t2 -c10 -d1s --latency`) on this machine.
const REPORT = `Running 1s test @ http://127.0.0.1:18931/
  2 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.15ms    5.11ms  50.88ms   92.81%
    Req/Sec     7.85k     4.37k   16.86k    59.09%
  Latency Distribution
     50%  464.00us
     75%    1.53ms
     90%    5.05ms
     99%   28.86ms
  17192 requests in 1.09s, 364.41MB read
Requests/sec:  15706.78
Transfer/sec:    332.93MB
`;

describe('parseWrkOutput', () => {
  it('reads requests/s, the request count and p50/p99 in ms', () => {
    expect(parseWrkOutput(REPORT)).toEqual({
      requestsPerSecond: 15706.78,
      requests: 17192,
      latencyMs: { p50: 0.464, p99: 28.86 },
      failures: 0,
    });
  });

  it('counts non-2xx/3xx answers and socket errors as failures', () => {
    const failing = REPORT.replace(
      'Requests/sec:',
      '  Socket errors: connect 0, read 2, write 0, timeout 4\n  Non-2xx or 3xx responses: 3\nRequests/sec:',
    ).replace('99%   28.86ms', '99%    2.01s');
    const parsed = parseWrkOutput(failing);
    expect(parsed.failures).toBe(9);
    expect(parsed.latencyMs.p99).toBeCloseTo(2010, 6);
  });
});
