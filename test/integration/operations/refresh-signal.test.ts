/**
 * `kill -USR2 <pid>` refreshes now (docs/operations.md): one refresh that starts after the signal, through the one
 * scheduler. A signal during a refresh waits for it to end, and every signal meanwhile shares the one run after it;
 * a server with REFRESH_CRON=off says it does not refresh and keeps serving. The schedule never fires here.
 */
import { describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { LISTING_PATHS, type ListEnvelope } from '../../../src/lib/model/model.ts';
import { RARE_REFRESH_CRON, startPlacar } from '../../../harness/placar-process.ts';
import { withScore } from '../../../harness/upstream-pages.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const pages = readFixturePages();
/** How long the hung listing request holds a refresh: ample for a busy machine to deliver two signals meanwhile. */
const HOLD_MS = 15_000;
const served = servePlacarForFile({
  pages: () => pages,
  env: { REFRESH_CRON: RARE_REFRESH_CRON, REQUEST_TIMEOUT_MS: String(HOLD_MS) },
});

async function flamengoHomeGoals(url: string): Promise<number | undefined> {
  const live = (await (await fetch(`${url}/api/live`)).json()) as ListEnvelope;
  return live.matches.find((match) => match.url.endsWith(FLAMENGO))?.score.home ?? undefined;
}

/** Where `re` first matches the output, or -1. */
const indexOf = (output: string, re: RegExp): number => output.search(re);

describe('kill -USR2 refreshes now', () => {
  it('runs one refresh that reads what the upstream serves after the signal', async () => {
    const { placar, upstream } = served;
    expect(await flamengoHomeGoals(placar.url)).toBe(2);
    upstream.setPage(LISTING_PATHS.live, withScore(pages[LISTING_PATHS.live] ?? '', FLAMENGO, 4, 1));

    const line = await placar.refreshNow();

    expect(line).toMatch(/^atualização #2 concluída build=/);
    expect(await flamengoHomeGoals(placar.url)).toBe(4);
  });

  it('runs a signal given during a refresh after it, once for all the signals meanwhile', async () => {
    const { placar, upstream } = served;
    // The next live listing request hangs until REQUEST_TIMEOUT_MS: a refresh is under way for as long as that.
    // (Two signals sent at once may arrive as one: each is sent once the one before it is answered.)
    upstream.setFault(LISTING_PATHS.live, { kind: 'timeout' }, { times: 1 });
    const asked = upstream.requests.length;
    placar.process.kill('SIGUSR2');
    const [, running = ''] = await placar.waitForOutput(/recebido: atualização #(3) pedida/);
    await expect
      .poll(() => upstream.requests.slice(asked).some((request) => request.path === LISTING_PATHS.live))
      .toBe(true);
    upstream.setPage(LISTING_PATHS.live, withScore(pages[LISTING_PATHS.live] ?? '', FLAMENGO, 5, 1));
    const next = Number(running) + 1;
    const askedNext = `recebido: atualização #${next} pedida`;
    placar.process.kill('SIGUSR2');
    await placar.waitForOutput(new RegExp(askedNext));
    placar.process.kill('SIGUSR2');
    await placar.waitForOutput(new RegExp(`${askedNext}[\\s\\S]*${askedNext}`));

    await placar.waitForOutput(new RegExp(`atualização #${next} (concluída|falhou)`), 60_000);
    const output = placar.output();
    // Both signals named the run after the running one, which began only once it had ended.
    expect(output.match(new RegExp(askedNext, 'g'))).toHaveLength(2);
    expect(indexOf(output, new RegExp(`atualização #${running} (concluída|falhou)`))).toBeLessThan(
      indexOf(output, new RegExp(`atualização #${next} (concluída|falhou)`)),
    );
    // Never beside another: a second run at once would have found the refresh lock taken.
    expect(output).not.toMatch(/atualização #\d+ ignorada/);
    expect(await flamengoHomeGoals(placar.url)).toBe(5);
    // Once: no other run took a number in between.
    expect(await placar.refreshNow()).toMatch(new RegExp(`^atualização #${next + 1} concluída`));
  });

  it('is answered by a server with REFRESH_CRON=off, which keeps serving', async () => {
    const reader = await startPlacar({
      upstreamUrl: served.upstream.url,
      dataDir: served.placar.dataDir,
      env: { REFRESH_CRON: 'off' },
      waitForFirstRefresh: false,
    });
    try {
      reader.process.kill('SIGUSR2');
      await reader.waitForOutput(/SIGUSR2 recebido: REFRESH_CRON=off, este servidor não atualiza/);
      expect((await fetch(`${reader.url}/api/live`)).status).toBe(200);
      expect(reader.process.exitCode).toBeNull();
    } finally {
      await reader.stop();
    }
  });
});
