/**
 * Upstream text never reaches the log raw: a status label holding ESC[2J (clear screen), BEL and
 * a C1 CSI, read by the real `npm run scrape`, is printed without them — the parser drops every
 * C0/C1 control from upstream text (issue 35); whatever else a line holds is written as visible
 * \xHH (test/unit/config/log-line.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { runScript } from '../../../harness/run-script.ts';

const pages = readFixturePages();
const LIVE_PATH = '/jogos-em-andamento';
const HOSTILE_LABEL = 'INTERVALO\u001b[2J\u0007\u009b31m';
let upstream: FakeUpstream;
let dataDir: string;

beforeAll(async () => {
  const live = (pages[LIVE_PATH] ?? '').replace(/(class="[^"]*status-name[^"]*">)[^<]*/, `$1${HOSTILE_LABEL}`);
  expect(live).toContain(HOSTILE_LABEL);
  upstream = await startFakeUpstream({ pages: { ...pages, [LIVE_PATH]: live } });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-log-escape-'));
});
afterAll(async () => {
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a hostile status label in the log', () => {
  it('is printed with its control characters escaped', async () => {
    const result = await runScript('scripts/scrape.ts', {
      ...process.env,
      DATA_DIR: dataDir,
      UPSTREAM_URL: upstream.url,
    });
    expect(result.output).toContain('INTERVALO[2J31m');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the log must hold none of them.
    expect(result.output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  }, 60_000);
});
