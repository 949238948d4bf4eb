// Preloaded (NODE_OPTIONS=--import) into the linters the tests run: any DNS lookup or
// connection to a host other than loopback is reported on stderr and refused, so a linter
// that phones home (telemetry, update checks, remote rulesets) fails the test.
import dns from 'node:dns';
import net from 'node:net';

export const MARKER = 'NETWORK-ATTEMPT';
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function refuse(what) {
  process.stderr.write(`${MARKER} ${what}\n`);
  return new Error(`network disabled in tests: ${what}`);
}

const lookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, ...rest) {
  if (!LOOPBACK.has(hostname)) throw refuse(`lookup ${hostname}`);
  return lookup.call(this, hostname, ...rest);
};
const promisesLookup = dns.promises.lookup;
dns.promises.lookup = async (hostname, ...rest) => {
  if (!LOOPBACK.has(hostname)) throw refuse(`lookup ${hostname}`);
  return promisesLookup(hostname, ...rest);
};
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const options =
    typeof args[0] === 'object' && args[0] !== null && !Array.isArray(args[0])
      ? args[0]
      : { port: args[0], host: args[1] };
  const host = options.path ? null : (options.host ?? 'localhost');
  if (host !== null && !LOOPBACK.has(host)) throw refuse(`connect ${host}:${options.port}`);
  return connect.apply(this, args);
};
