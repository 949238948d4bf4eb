// Ad-hoc (not committed): refreshes at N matches in-process, for --cpu-prof.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeUpstream } from '../src/demo/upstream-server.ts';
import { parseConfig } from '../src/lib/config/config.ts';
import { runRefresh } from '../src/pipeline/refresh.ts';
import { buildUpstreamPages } from './upstream-pages.ts';

const size = Number(process.argv[2] ?? 400);
const cycles = Number(process.argv[3] ?? 10);
const dataDir = process.argv[4] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'placar-prof-'));
const upstream = await startFakeUpstream({
  pages: buildUpstreamPages({ matchesPerDay: size, now: new Date(), round: 0 }).pages,
});
const config = parseConfig({
  UPSTREAM_URL: upstream.url,
  DATA_DIR: dataDir,
  DETAIL_REQUESTS_PER_MINUTE: process.env.DRPM ?? '0',
});
const totals: number[] = [];
for (let round = 0; round < cycles; round += 1) {
  for (const [p, html] of Object.entries(buildUpstreamPages({ matchesPerDay: size, now: new Date(), round }).pages))
    upstream.setPage(p, html);
  const report = await runRefresh(config, {
    projectRoot: process.cwd(),
    log: (l) => round >= 2 && console.log(l),
    label: `#${round}`,
  });
  if (round >= 2) totals.push(report.timings.totalMs);
}
totals.sort((a, b) => a - b);
console.log('median', totals[Math.floor(totals.length / 2)], 'dataDir', dataDir);
await upstream.close();
