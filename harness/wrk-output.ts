/** wrk's text report (Debian's wrk 4, `--latency`) read into numbers: the benchmark's equal-workers group uses it. */

export interface WrkReport {
  requestsPerSecond: number;
  requests: number;
  latencyMs: { p50: number; p99: number };
  /** Non-2xx/3xx answers plus socket errors (connect, read, write, timeout). */
  failures: number;
}

/** "1.23ms", "850.00us", "2.1s" → ms */
function parseDuration(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us'
    ? value / 1000
    : match[2] === 'ms'
      ? value
      : match[2] === 's'
        ? value * 1000
        : value * 60_000;
}

export function parseWrkOutput(output: string): WrkReport {
  const number = (re: RegExp): number => Number(re.exec(output)?.[1] ?? 0);
  const percentile = (p: string): number =>
    parseDuration(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '');
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    requests: number(/(\d+) requests in/),
    latencyMs: { p50: percentile('50'), p99: percentile('99') },
    failures:
      number(/Non-2xx or 3xx responses: (\d+)/) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}
