// Ad-hoc profile (not committed): the detail bench's refresh scenario in-process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureMatchPages } from '../src/demo/demo-match-pages.ts';
import { startFakeUpstream } from '../src/demo/upstream-server.ts';
import { parseConfig } from '../src/lib/config/config.ts';
import { LISTING_PATHS } from '../src/lib/model/model.ts';
import { runRefresh } from '../src/pipeline/refresh.ts';
import { buildUpstreamPages, renderPage } from './upstream-pages.ts';
const LIVE_EVERY = 10;
const liveScore = (index: number, round: number): [number, number] => {
  const k = index / LIVE_EVERY;
  return [Math.floor((round + 1 + (k % 2)) / 2), 0];
};
const day = (round: number) => buildUpstreamPages({ matchesPerDay: 400, round, liveEvery: LIVE_EVERY, liveScore });
const all = day(0).pages;
const upstream = await startFakeUpstream({ pages: { ...all, ...fixtureMatchPages(all) } });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-prof2-'));
const config = parseConfig({
  UPSTREAM_URL: upstream.url,
  DATA_DIR: dataDir,
  DETAIL_REQUESTS_PER_MINUTE: process.env.DRPM ?? '1200',
});
import { Session } from 'node:inspector/promises';
const session = new Session();
session.connect();
await session.post('Profiler.enable');
const totals: number[] = [];
for (let round = 0; round < Number(process.argv[2] ?? 12); round += 1) {
  const d = day(round);
  const changed = d.liveRows.filter((_, k) => k % 2 !== round % 2);
  for (const [p, html] of Object.entries({
    ...d.pages,
    ...fixtureMatchPages({ [LISTING_PATHS.live]: renderPage('x', changed) }),
  }))
    upstream.setPage(p, html);
  if (round === 3) await session.post('Profiler.start');
  const report = await runRefresh(config, {
    projectRoot: process.cwd(),
    log: (l) => round >= 3 && console.log(l),
    label: `#${round}`,
  });
  if (round >= 3) totals.push(report.timings.totalMs);
}
const { profile } = await session.post('Profiler.stop');
fs.writeFileSync('/tmp/prof/steady.cpuprofile', JSON.stringify(profile));
totals.sort((a, b) => a - b);
console.log('median', totals[Math.floor(totals.length / 2)]);
await upstream.close();
fs.rmSync(dataDir, { recursive: true, force: true });
