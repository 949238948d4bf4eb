/**
 * snapshot.json is written without parsing the snapshot through zod again (snapshot-store.ts):
 * every object of a real scrape — the parsers', the scrape's, zod's — is in the schema's key
 * order already, so the file has exactly the bytes a schema-ordered serialization gives.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { SnapshotSchema } from '../../../src/lib/model/model.ts';
import { snapshotPath } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';

let upstream: FakeUpstream;
let dataDir: string;

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-snapshot-bytes-'));
});

afterAll(async () => {
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('snapshot.json', () => {
  it("has a scrape's data in the schema's key order, before and after a second scrape", async () => {
    const config = parseConfig({ UPSTREAM_URL: upstream.url, DATA_DIR: dataDir });
    for (let scrape = 0; scrape < 2; scrape++) {
      const report = await runScrape(config);
      expect(report.snapshot.hoje.count).toBeGreaterThan(0);
      const text = fs.readFileSync(snapshotPath(dataDir), 'utf8');
      const ordered = SnapshotSchema.parse(JSON.parse(text));
      expect(text).toBe(`${JSON.stringify(ordered)}\n`);
    }
  });
});
