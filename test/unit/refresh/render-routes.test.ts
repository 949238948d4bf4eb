/**
 * The render step runs in the refreshing process (src/refresh/render/render-routes.ts): a route that
 * never answers fails the render after its deadline (BUILD_TIMEOUT_MS) instead of holding the
 * refresh. It renders with the bundle's own App (render-app.mjs beside entry.mjs), in process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderDataRoutes, type RenderRequest } from '../../../src/refresh/render/render-routes.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A stand-in for the site bundle's server folder: its App renders `/404` (with the locals it was
 * given) and never answers anything else.
 */
function writeEntry(dir: string): string {
  fs.writeFileSync(
    path.join(dir, 'render-app.mjs'),
    [
      'export const app = {',
      '  render: (request, { locals }) =>',
      "    new URL(request.url).pathname === '/404'",
      "      ? Promise.resolve(new Response('nada ' + locals.placar.upstreamUrl, { status: 404 }))",
      '      : new Promise(() => undefined),',
      '};',
    ].join('\n'),
  );
  return path.join(dir, 'entry.mjs');
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
    const routes = [
      { component: 'src/pages/404.astro', path: '/404', file: '404.html' },
      { component: 'src/pages/api/live.ts', path: '/api/live', file: 'api/live' },
    ];
    // The deadline counts from the start of the render (the App's import included): room for a
    // busy machine to import a six-line module and render the first route.
    await expect(renderDataRoutes(request(dir, routes, 3000))).rejects.toThrow(
      'build excedeu BUILD_TIMEOUT_MS (3000 ms)',
    );
    expect(fs.readFileSync(path.join(dir, 'client', '404.html'), 'utf8')).toBe('nada http://127.0.0.1:9');
    expect(fs.existsSync(path.join(dir, 'client', 'api', 'live'))).toBe(false);
  });
});
