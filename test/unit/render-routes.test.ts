/**
 * The render step runs in the refreshing process (src/refresh/render/render-routes.ts): a route that
 * never answers fails the render after its deadline (BUILD_TIMEOUT_MS) instead of holding the
 * refresh, and the bundle's process-wide unhandledRejection handler is not left installed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderDataRoutes, type RenderRequest } from '../../src/refresh/render/render-routes.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A stand-in for the site bundle's server entry: its handler answers `/404` and nothing else. */
function writeEntry(dir: string): string {
  const file = path.join(dir, 'entry.mjs');
  fs.writeFileSync(
    file,
    [
      "process.on('unhandledRejection', () => undefined);",
      'export const handler = (req, res) => {',
      "  if (req.url === '/404') res.writeHead(404).end('nada');",
      '};',
    ].join('\n'),
  );
  return file;
}

function request(dir: string, routes: RenderRequest['routes'], timeoutMs: number): RenderRequest {
  return {
    serverEntry: writeEntry(dir),
    clientDir: path.join(dir, 'client'),
    dataDir: dir,
    upstreamUrl: 'http://127.0.0.1:9',
    refreshIntervalSeconds: 60,
    routes,
    timeoutMs,
  };
}

describe('renderDataRoutes', () => {
  it('gives up on a route that never answers after timeoutMs, and writes nothing of it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-render-'));
    dirs.push(dir);
    const listeners = process.listenerCount('unhandledRejection');
    const routes = [
      { component: 'src/pages/404.astro', path: '/404', file: '404.html' },
      { component: 'src/pages/api/live.ts', path: '/api/live', file: 'api/live' },
    ];
    await expect(renderDataRoutes(request(dir, routes, 300))).rejects.toThrow(
      'build excedeu BUILD_TIMEOUT_MS (300 ms)',
    );
    expect(fs.readFileSync(path.join(dir, 'client', '404.html'), 'utf8')).toBe('nada');
    expect(fs.existsSync(path.join(dir, 'client', 'api', 'live'))).toBe(false);
    expect(process.listenerCount('unhandledRejection')).toBe(listeners);
  });
});
