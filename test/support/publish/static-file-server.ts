/**
 * A plain static file server, as a CDN or object-store website would be: files by path, clean
 * URLs for pages (/busca → busca.html), content type by extension only (extensionless files
 * are application/octet-stream), a 404 HTML page for anything else. It knows nothing about
 * /api/busca or Placar's headers. Records the paths it was asked for. `fixed`: answers given
 * for exact request paths instead (a test's own content type and body).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import mime from 'mime-types';

export interface StaticFileServer {
  url: string;
  /** Request paths (with query), in order. */
  requests: string[];
  close(): Promise<void>;
}

function resolveFile(root: string, pathname: string): string | null {
  const relative = pathname === '/' ? 'index.html' : pathname.slice(1);
  for (const candidate of [relative, `${relative}.html`]) {
    const file = path.resolve(root, candidate);
    if (!file.startsWith(root + path.sep)) return null;
    if (fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
  }
  return null;
}

export interface FixedAnswer {
  type: string;
  body: string;
}

export async function startStaticFileServer(
  root: string,
  fixed: Readonly<Record<string, FixedAnswer>> = {},
): Promise<StaticFileServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '/');
    const answer = fixed[req.url ?? '/'];
    if (answer) {
      res.writeHead(200, { 'Content-Type': answer.type, 'Content-Length': Buffer.byteLength(answer.body) });
      return void res.end(answer.body);
    }
    const { pathname } = new URL(req.url ?? '/', 'http://static.invalid');
    const file = resolveFile(path.resolve(root), decodeURIComponent(pathname));
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/html' });
      return void res.end('<html><body><h1>404 Not Found</h1></body></html>');
    }
    const body = fs.readFileSync(file);
    res.writeHead(200, {
      'Content-Type': mime.contentType(path.basename(file)) || 'application/octet-stream',
      'Content-Length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
