/** What the dashboard says about the upstream: its host in the credit, and whether it is a demo. */

/**
 * Demo mode is only a different UPSTREAM_URL: an upstream on a loopback host (the demo server,
 * the tests) serves made-up matches, so the dashboard says so.
 */
export function isLoopbackUpstream(upstreamUrl: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(upstreamUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (hostname === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** The upstream's host as shown in the footer credit, e.g. "www.placardefutebol.com.br". */
export function buildUpstreamHost(upstreamUrl: string): string {
  return new URL(upstreamUrl).host;
}
