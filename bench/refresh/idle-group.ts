/**
 * The idle cost on the wall clock (--idle-minutes N): a server on the default one-minute
 * schedule at 300 matches a day, its live and today pages changing every minute (half a
 * minute off the ticks), watched for N minutes. CPU seconds of the whole service (the server and
 * any build child), over the window, as % of one core.
 */
import { startFakeUpstream } from '../../src/demo/upstream-server.ts';
import { startPlacar } from '../../harness/placar-process.ts';
import { readServiceCpuSeconds } from '../../harness/process-stats.ts';
import { readRefreshLines } from '../refresh-lines.ts';
import { buildUpstreamPages } from '../upstream-pages.ts';

export interface MeasuredIdle {
  minutes: number;
  matchesPerDay: number;
  refreshes: number;
  cpuSeconds: number;
  percentOfOneCore: number;
}

const MINUTE_MS = 60_000;
const IDLE_MATCHES = 300;

export async function runIdleGroup(minutes: number, log: (line: string) => void): Promise<MeasuredIdle> {
  let round = 0;
  const upstream = await startFakeUpstream({ pages: buildUpstreamPages({ matchesPerDay: IDLE_MATCHES }).pages });
  const change = (): void => {
    for (const [path, html] of Object.entries(
      buildUpstreamPages({ matchesPerDay: IDLE_MATCHES, round: ++round }).pages,
    ))
      upstream.setPage(path, html);
  };
  let changer: NodeJS.Timeout | undefined;
  const offset = setTimeout(
    () => {
      change();
      changer = setInterval(change, MINUTE_MS);
    },
    MINUTE_MS - ((Date.now() + MINUTE_MS / 2) % MINUTE_MS),
  );
  try {
    const placar = await startPlacar({
      upstreamUrl: upstream.url,
      env: { REFRESH_CRON: '* * * * *' },
      timeoutMs: 180_000,
    });
    try {
      const pid = placar.process.pid ?? 0;
      const linesBefore = readRefreshLines(placar).length;
      const before = readServiceCpuSeconds(pid);
      for (let minute = 1; minute <= minutes; minute++) {
        await new Promise((resolve) => setTimeout(resolve, MINUTE_MS));
        log(`  ${minute}/${minutes} min: ${(readServiceCpuSeconds(pid) - before).toFixed(2)} s de CPU`);
      }
      const cpuSeconds = readServiceCpuSeconds(pid) - before;
      return {
        minutes,
        matchesPerDay: IDLE_MATCHES,
        refreshes: readRefreshLines(placar).length - linesBefore,
        cpuSeconds,
        percentOfOneCore: (cpuSeconds / (minutes * 60)) * 100,
      };
    } finally {
      await placar.stop();
    }
  } finally {
    clearTimeout(offset);
    clearInterval(changer);
    await upstream.close();
  }
}
