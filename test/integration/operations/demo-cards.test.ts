/**
 * `npm run demo -- --cards`: the demo upstream writes its listings as cards and Placar, started
 * by the demo as in production, reads them (seen from outside: /healthz and /api/*).
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import { saoPauloDate } from '../../../src/lib/model/time.ts';
import type { Health } from '../../../src/server/health/healthz.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { startChild, type WatchedChild } from '../../../harness/watched-child.ts';

/** A port free a moment ago on 127.0.0.1 (the demo's Placar must be told its port to be found). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const child = { current: null as WatchedChild | null };
afterAll(async () => {
  await child.current?.stop();
});

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return response.status === 200 ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

describe('npm run demo -- --cards', () => {
  it('serves the demo listings as cards, and Placar reads every match of them', async () => {
    const port = await freePort();
    const demo = startChild(process.execPath, ['scripts/demo.ts', '--cards', '--port', String(port)], {
      name: 'a demonstração',
      cwd: PROJECT_ROOT,
      // /healthz's details (what the parser read) go to loopback only when asked for.
      env: { ...process.env, HOST: '127.0.0.1', REFRESH_CRON: '*/5 * * * * *', HEALTHZ_LOOPBACK_DETAILS: 'on' },
    });
    child.current = demo;
    const url = `http://127.0.0.1:${port}`;

    await expect
      .poll(async () => (await getJson<Health>(`${url}/healthz`))?.listings.hoje.parse?.markup ?? demo.output(), {
        timeout: 90_000,
        interval: 500,
      })
      .toBe('cards');
    const health = await getJson<Health>(`${url}/healthz`);
    expect(health?.listings.hoje.parse).toEqual({
      markup: 'cards',
      candidates: 14,
      matches: 13,
      skipped: 0,
      unknownStatusLabels: [],
    });
    expect(health?.listings.amanha.parse).toMatchObject({ markup: 'cards', matches: 6, skipped: 0 });
    // The first build is published a moment after the scrape (503 "Placar iniciando" until then).
    await expect
      .poll(async () => (await getJson<ListEnvelope>(`${url}/api/hoje`))?.count, { timeout: 90_000, interval: 500 })
      .toBe(13);
    const hoje = await getJson<ListEnvelope>(`${url}/api/hoje`);
    for (const match of hoje?.matches ?? []) expect(match.date).toBe(saoPauloDate(new Date()));
    expect(demo.output()).toMatch(/listas em cartões/);
  });
});
