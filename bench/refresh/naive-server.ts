/**
 * The reference a user might otherwise deploy: a server that scrapes the upstream on every
 * request (fetch the listing, parse it, answer JSON), with the project's own parser so only
 * the architecture differs. Loopback, port 0; used by the upstream-load group only. It runs
 * in its own process (spawnNaiveServer), so its parsing never stalls the load generator.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LISTING_PATHS, type ListingName } from '../../src/lib/model/model.ts';
import { parseListingPage } from '../../src/upstream/listing/parse-listing.ts';
import { startChild } from '../../harness/watched-child.ts';

export interface NaiveServer {
  url: string;
  close(): Promise<void>;
}

function listingFor(path: string): ListingName {
  if (path === '/' || path.endsWith('/live')) return 'live';
  if (path.endsWith('/amanha')) return 'amanha';
  return 'hoje';
}

async function startNaiveServer(upstreamUrl: string): Promise<NaiveServer> {
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://naive.invalid').pathname;
    const source = `${upstreamUrl}${LISTING_PATHS[listingFor(path)]}`;
    fetch(source)
      .then(async (response) => {
        const matches = parseListingPage(await response.text(), source);
        const body = JSON.stringify({ count: matches.length, matches });
        res.writeHead(200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(body),
        });
        res.end(body);
      })
      .catch((error: unknown) => {
        res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** Starts this file as a child process; resolves with its URL once it listens. */
export async function spawnNaiveServer(upstreamUrl: string): Promise<NaiveServer> {
  const child = startChild(process.execPath, [import.meta.filename, upstreamUrl], {
    name: 'o servidor ingênuo',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [, url = ''] = await child.waitForOutput(/^listening (\S+)$/m);
  return {
    url,
    close: async () => {
      await child.stop();
    },
  };
}

if (import.meta.main) {
  const server = await startNaiveServer(process.argv[2] ?? '');
  process.stdout.write(`listening ${server.url}\n`);
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
