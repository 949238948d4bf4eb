/**
 * `npm start` with the upstream unreachable: after the first failed refresh the dashboard says
 * the upstream could not be reached (not "still fetching" forever), refreshes keep trying on
 * schedule (yesterday's listing with back-off, not once an hour), the log does not claim to have kept data it never had, and the data appears by
 * itself once the upstream answers (a fake upstream started later on the port that refused).
 * A process: `npm start`'s first start and its refreshes on schedule are what is tested.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';

const UNREACHABLE = 'Não foi possível acessar o site de origem — nova tentativa a cada minuto.';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The text of the page's stale notice, or null when it is hidden. */
function visibleStaleNotice(html: string): string | null {
  const match = /<p([^>]*data-stale-notice[^>]*)>([^<]*)<\/p>/.exec(html);
  if (!match) throw new Error('no [data-stale-notice] in the page');
  return /\shidden\b/.test(match[1] ?? '') ? null : (match[2] ?? '');
}

async function readLive(url: string): Promise<ListEnvelope> {
  return (await (await fetch(`${url}/api/live`)).json()) as ListEnvelope;
}

let port: number;
let placar: PlacarProcess;
let upstream: FakeUpstream | undefined;

beforeAll(async () => {
  port = await freePort();
  placar = await startPlacar({
    upstreamUrl: `http://127.0.0.1:${port}`,
    env: { REFRESH_CRON: '*/2 * * * * *', REQUEST_TIMEOUT_MS: '1000' },
  });
});

afterAll(async () => {
  await placar?.stop();
  await upstream?.close();
});

describe('npm start with the upstream unreachable', () => {
  it('serves the dashboard saying the upstream could not be reached, and logs no "kept" claim', async () => {
    for (const view of ['/', '/hoje', '/amanha']) {
      const response = await fetch(placar.url + view);
      expect(response.status).toBe(200);
      expect(visibleStaleNotice(await response.text())).toBe(UNREACHABLE);
    }
    const ontem = await (await fetch(`${placar.url}/ontem`)).text();
    expect(visibleStaleNotice(ontem)).toBe(
      'Não foi possível acessar o site de origem — nova tentativa em intervalos crescentes, de 1 minuto a 1 hora.',
    );
    expect(placar.output()).toMatch(/aviso: hoje não foi atualizada: .*ainda não há dados desta lista/);
    expect(placar.output()).not.toMatch(/mantidos/);
    expect(await readLive(placar.url)).toMatchObject({ generatedAt: null, stale: true, count: 0 });
  });

  it('keeps retrying on schedule, and shows the data once the upstream answers', async () => {
    await placar.waitForOutput(/atualização #3 /, 30_000);
    expect(placar.output()).toMatch(/aviso: live não foi atualizada: .*ECONNREFUSED/);
    upstream = await startFakeUpstream({ host: '127.0.0.1', port, pages: readFixturePages() });
    await placar.waitForOutput(/atualização #\d+ concluída \S+ live=4 hoje=13 amanha=6 /, 30_000);
    // Yesterday backs off from one refresh interval (2 s here), not the hour: it follows within seconds (issue 28).
    await placar.waitForOutput(/atualização #\d+ concluída \S+ live=4 hoje=13 amanha=6 ontem=6 /, 30_000);
    // The server reloads the new build right after the swap.
    const deadline = Date.now() + 5_000;
    while ((await readLive(placar.url)).count === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await readLive(placar.url)).toMatchObject({ stale: false, count: 4 });
    expect(visibleStaleNotice(await (await fetch(`${placar.url}/`)).text())).toBeNull();
  }, 60_000);
});
