/**
 * `node scripts/demo.ts` end to end: the demo upstream + a real Placar child, seen from the
 * outside (HTTP and process exit), sped up (--speed 60, a refresh every 5 s) to fit a test; with
 * --push-local, a push arriving at its local push service; its site bundle kept across runs
 * (node_modules/.cache/placar-demo), so a second start builds none.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import { saoPauloDate } from '../../../src/lib/model/time.ts';
import { startChild, type WatchedChild } from '../../../harness/watched-child.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEMO_MARKER = 'Demonstração — dados fictícios';

/** How long the demo may take to print a line it owes (it builds the site first). */
const LINE_DEADLINE_MS = 90_000;
const runs: WatchedChild[] = [];

function startDemo(args: string[], env: Record<string, string> = {}): WatchedChild {
  const run = startChild(process.execPath, ['scripts/demo.ts', ...args], {
    name: 'a demonstração',
    cwd: PROJECT_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
  });
  runs.push(run);
  return run;
}

/** Its exit code, once its output is all in. */
async function exitCodeOf(run: WatchedChild): Promise<number | null> {
  return (await run.closed).code;
}

async function isRefused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return false;
  } catch {
    return true;
  }
}

async function liveFingerprint(url: string): Promise<{ envelope: ListEnvelope; fingerprint: string }> {
  const envelope = (await (await fetch(`${url}/api/live`)).json()) as ListEnvelope;
  const fingerprint = JSON.stringify(envelope.matches.map((m) => [m.id, m.statusLabel, m.score]));
  return { envelope, fingerprint };
}

afterAll(async () => {
  await Promise.all(runs.map((run) => run.stop()));
});

describe('npm run demo', () => {
  it('prints its options with --help', async () => {
    const run = startDemo(['--help']);
    expect(await exitCodeOf(run)).toBe(0);
    expect(run.output()).toMatch(/Uso: npm run demo/);
    expect(run.output()).toMatch(/--seed/);
    expect(run.output()).toMatch(/REFRESH_CRON=/);
  });

  it('serves a changing demo dashboard, then stops both servers on SIGINT', async () => {
    const startedAt = performance.now();
    const run = startDemo(['--speed', '60', '--seed', '3'], { REFRESH_CRON: '*/5 * * * * *' });
    const upstreamUrl =
      (await run.waitForOutput(/site de origem fictício em (http:\/\/\S+)/, LINE_DEADLINE_MS))[1] ?? '';
    const dataDir = (await run.waitForOutput(/dados em (\S+)/, LINE_DEADLINE_MS))[1] ?? '';
    const url =
      (await run.waitForOutput(/Demonstração pronta em \d+ ms: abra (http:\/\/\S+)/, LINE_DEADLINE_MS))[1] ?? '';
    // One "ready" line with the URL, not Placar's and the demo's.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(run.output().match(/pront[oa] em \d+ ms/gi)).toHaveLength(1);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    expect(homeHtml).toContain(DEMO_MARKER);
    // The demo upstream serves crests; the dashboard shows Placar's copies of them.
    expect(homeHtml).toMatch(/<img class="crest" src="\/escudos\/[0-9a-f]{64}\.png"/);
    // Issue 27 (integrator 1): the API names those copies too, never the upstream's image.
    const listed = (await (await fetch(`${url}/api/hoje`)).json()) as ListEnvelope;
    const teams = listed.matches.flatMap((match) => [match.homeTeam, match.awayTeam]);
    const served = teams.flatMap((team) => (team.crest === null ? [] : [team]));
    expect(served.length).toBeGreaterThan(0);
    for (const team of served) {
      expect(team.crest).toMatch(/^\/escudos\/[0-9a-f]{64}\.png$/);
      expect(team.crestSource?.startsWith(`${upstreamUrl}/`)).toBe(true);
      const image = await fetch(`${url}${team.crest}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await image.arrayBuffer();
    }
    console.log(`demo: dashboard answering ${Math.round(performance.now() - startedAt)} ms after spawn`);

    const first = await liveFingerprint(url);
    expect(first.envelope.count).toBeGreaterThan(0);
    for (const match of first.envelope.matches) expect(match.date).toBe(saoPauloDate(new Date()));

    const deadline = Date.now() + 60_000;
    let latest = first;
    while (latest.fingerprint === first.fingerprint && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      latest = await liveFingerprint(url);
    }
    expect(latest.fingerprint).not.toBe(first.fingerprint);

    run.process.kill('SIGINT');
    expect(await exitCodeOf(run)).toBe(0);
    expect(await isRefused(`${url}/`)).toBe(true);
    expect(await isRefused(`${upstreamUrl}/jogos-de-hoje`)).toBe(true);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('with --push-local, takes a subscription and delivers a push to its local push service, printed as it arrives', async () => {
    const run = startDemo(['--speed', '600', '--seed', '3', '--push-local'], { REFRESH_CRON: '*/5 * * * * *' });
    const dataDir = (await run.waitForOutput(/dados em (\S+)/, LINE_DEADLINE_MS))[1] ?? '';
    const teams = Number(
      (await run.waitForOutput(/Push local: uma inscrição de demonstração segue (\d+) times/, LINE_DEADLINE_MS))[1],
    );
    expect(teams).toBeGreaterThan(0);
    // Placar keeps the subscription as it keeps a browser's (push/inscricoes/<hash>.json).
    const kept = fs.readdirSync(path.join(dataDir, 'push', 'inscricoes')).filter((name) => name.endsWith('.json'));
    expect(kept).toHaveLength(1);
    // A goal, kick-off or full-time of a followed team: encrypted by Placar, decrypted by the demo's "browser".
    const [line] = await run.waitForOutput(
      /Alerta recebido pelo serviço de push local \(chega mesmo com o Placar fechado\): .+ — .+/,
      LINE_DEADLINE_MS,
    );
    expect(line).not.toContain('não pôde ser lido');
    run.process.kill('SIGINT');
    expect(await exitCodeOf(run)).toBe(0);
  }, 240_000);
  it('builds the site bundle at most once per installed version: a second start finds it kept', async () => {
    const BUILT = /pacote do site \S+ construído em \d+ ms/;
    const readyOutputs: string[] = [];
    for (let start = 0; start < 2; start++) {
      const run = startDemo(['--seed', '5']);
      await run.waitForOutput(/Demonstração pronta em \d+ ms/, LINE_DEADLINE_MS);
      run.process.kill('SIGINT');
      expect(await exitCodeOf(run)).toBe(0);
      readyOutputs.push(run.output());
    }
    // The first start may build (a fresh install) or find the bundle kept by an earlier run; the second never builds.
    expect(readyOutputs[1]).toContain('Demonstração pronta');
    expect(readyOutputs[1]).not.toMatch(BUILT);
    expect(fs.readdirSync(path.join(PROJECT_ROOT, 'node_modules', '.cache', 'placar-demo'))).toEqual([
      expect.stringMatching(/^bundle-[0-9a-f]+$/),
    ]);
  });

  it("stops with Placar's one-line reason when Placar cannot start (port in use, exit 2)", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const run = startDemo(['--port', String(port)]);
      // Placar's own line says what to change; the demo adds no second, vaguer one.
      expect(await exitCodeOf(run)).toBe(2);
      expect(run.output()).toContain(
        `Erro: a porta ${port} já está em uso em 127.0.0.1: pare o outro processo ou use outra PORT.`,
      );
      expect(run.output()).not.toMatch(/parou inesperadamente/);
      const upstreamUrl =
        (await run.waitForOutput(/site de origem fictício em (http:\/\/\S+)/, LINE_DEADLINE_MS))[1] ?? '';
      expect(await isRefused(`${upstreamUrl}/jogos-de-hoje`)).toBe(true);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
