/**
 * sw.js as the build writes it: the shell's pages come from Astro's routes, its files from the
 * client folder, and its version changes with the code only — never with a refresh's data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_ROUTES } from '../../../src/lib/api/data-routes.ts';
import {
  describeShell,
  shellListingsOf,
  shellPagesOf,
  writeServiceWorker,
  type ResolvedRouteFields,
} from '../../../src/refresh/render/service-worker-build.ts';

const SOURCE = path.resolve(import.meta.dirname, '../../../src/client/offline/service-worker.ts');
let clientDir: string;

function write(relativePath: string, text: string): void {
  const file = path.join(clientDir, relativePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

beforeEach(() => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-sw-build-'));
  write('_astro/app.Ab12.js', 'console.log(1)');
  write('_astro/app.Ab12.js.br', 'compressed');
  write('_astro/style.Cd34.css', 'h1{}');
  write('favicon.svg', '<svg/>');
  write('manifest.webmanifest', '{}');
  write('index.html', '<p>2 x 1</p>');
  write('hoje.html', '<p>0 x 0</p>');
  write('api/live', '{"count":1}');
  write('escudos/0a.png', 'png');
});

afterEach(() => {
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('shellPagesOf', () => {
  it('keeps the project’s own pages without parameters, error pages and endpoints left out', () => {
    const route = (pattern: string, fields: Partial<ResolvedRouteFields> = {}): ResolvedRouteFields => ({
      type: 'page',
      origin: 'project',
      params: [],
      pattern,
      ...fields,
    });
    const routes = [
      route('/hoje'),
      route('/'),
      route('/ontem'),
      route('/404'),
      route('/500'),
      route('/api/live', { type: 'endpoint' }),
      route('/jogo/[id]', { params: ['id'] }),
      route('/_image', { origin: 'internal' }),
    ];
    expect(shellPagesOf(routes)).toEqual(['', 'hoje', 'ontem']);
  });
});

describe('shellListingsOf', () => {
  it('takes the API listings among the data routes, pages left out', () => {
    const listings = shellListingsOf(DATA_ROUTES);
    expect(listings).toEqual(expect.arrayContaining(['api/amanha', 'api/hoje', 'api/live']));
    expect(listings.every((listing) => listing.startsWith('api/'))).toBe(true);
    expect(DATA_ROUTES.filter((route) => !route.path.startsWith('/api/')).length).toBeGreaterThan(0);
  });
});

describe('describeShell', () => {
  it('lists the build’s files but data, crests, pages’ HTML and precompressed copies', () => {
    const shell = describeShell(clientDir, ['', 'hoje']);
    expect(shell.pages).toEqual(['', 'hoje']);
    expect(shell.files).toEqual(['_astro/app.Ab12.js', '_astro/style.Cd34.css', 'favicon.svg', 'manifest.webmanifest']);
    expect(shell.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps its version through a refresh (new data, new crests) and changes it with new code or a new page', () => {
    const before = describeShell(clientDir, ['', 'hoje']).version;
    write('index.html', '<p>3 x 1</p>');
    write('api/live', '{"count":2}');
    write('escudos/1b.png', 'png');
    expect(describeShell(clientDir, ['', 'hoje']).version).toBe(before);

    expect(describeShell(clientDir, ['', 'hoje', 'ontem']).version).not.toBe(before);
    write('_astro/style.Cd34.css', 'h1{color:red}');
    expect(describeShell(clientDir, ['', 'hoje']).version).not.toBe(before);
  });
});

describe('writeServiceWorker', () => {
  it('writes a classic script at the root with the shell built in, and leaves the version as it was', async () => {
    const before = describeShell(clientDir, ['', 'hoje'], ['api/live']);
    const written = await writeServiceWorker(clientDir, ['', 'hoje'], ['api/live'], SOURCE);
    const code = fs.readFileSync(path.join(clientDir, 'sw.js'), 'utf8');
    expect(written.bytes).toBe(Buffer.byteLength(code));
    expect(written.version).toBe(before.version);
    // A classic worker script: it compiles as a script (no import/export left).
    expect(() => new vm.Script(code)).not.toThrow();
    expect(code).toContain(before.version);
    for (const file of [...before.files, 'api/live']) expect(code).toContain(JSON.stringify(file));
    expect(code).not.toContain('PLACAR_SHELL');
    expect(describeShell(clientDir, ['', 'hoje'], ['api/live']).version).toBe(before.version);
  });
});
