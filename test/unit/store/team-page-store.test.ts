/**
 * DATA_DIR/times/<slug>.json (src/lib/store/scraped/team-page-store.ts): a record written is read back the same, by
 * slug and in the folder's map; a file that is not a record, or holds another team's, is no record.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  TEAM_PAGES_FOLDER,
  freshTeamPageRecord,
  readTeamPageRecord,
  readTeamPageRecords,
  writeTeamPageRecordAsync,
  type TeamPageRecord,
} from '../../../src/lib/store/scraped/team-page-store.ts';
import { parseTeamPage } from '../../../src/upstream/team-page/parse-team-page.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-times-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/upstream/team-pages');
const ORIGIN = 'https://www.placardefutebol.com.br';

function sportRecord(): TeamPageRecord {
  const read = (name: string, page: string) =>
    parseTeamPage(fs.readFileSync(path.join(FIXTURES, name), 'utf8'), `${ORIGIN}/time/sport/${page}`);
  const fresh = freshTeamPageRecord('sport');
  return {
    ...fresh,
    readAt: '2027-03-15T10:00:00-03:00',
    pages: {
      next: read('time-sport-proximos-jogos.html', 'proximos-jogos'),
      last: read('time-sport-ultimos-jogos.html', 'ultimos-jogos'),
    },
    fetch: { ...fresh.fetch, next: { etag: '"a1"', lastModified: null }, last: { etag: null, lastModified: 'x' } },
  };
}

describe('team page store', () => {
  it('reads back what it wrote, by slug and in the map, leaving no temp file', async () => {
    const dataDir = tempDir();
    const record = sportRecord();
    await writeTeamPageRecordAsync(dataDir, record);
    await writeTeamPageRecordAsync(dataDir, freshTeamPageRecord('nautico'));
    expect(readTeamPageRecord(dataDir, 'sport')).toStrictEqual(record);
    expect([...readTeamPageRecords(dataDir).keys()].sort()).toStrictEqual(['nautico', 'sport']);
    expect(fs.readdirSync(path.join(dataDir, TEAM_PAGES_FOLDER)).sort()).toStrictEqual(['nautico.json', 'sport.json']);
  });

  it('has no record for a team never read, a damaged file, another team in the file, or a slug not a key', async () => {
    const dataDir = tempDir();
    expect(readTeamPageRecords(dataDir).size).toBe(0);
    expect(readTeamPageRecord(dataDir, 'sport')).toBeNull();
    await writeTeamPageRecordAsync(dataDir, sportRecord());
    const folder = path.join(dataDir, TEAM_PAGES_FOLDER);
    fs.copyFileSync(path.join(folder, 'sport.json'), path.join(folder, 'nautico.json'));
    fs.writeFileSync(path.join(folder, 'ceara.json'), '{"slug":"ceara","readAt":"ontem"');
    fs.writeFileSync(path.join(folder, 'Santa Cruz.json'), JSON.stringify(freshTeamPageRecord('santa-cruz')));
    expect(readTeamPageRecord(dataDir, 'nautico')).toBeNull();
    expect(readTeamPageRecord(dataDir, 'ceara')).toBeNull();
    expect(readTeamPageRecord(dataDir, '../sport')).toBeNull();
    expect([...readTeamPageRecords(dataDir).keys()]).toStrictEqual(['sport']);
  });

  it('refuses to write a record the schema does not allow', async () => {
    const dataDir = tempDir();
    const bad = { ...sportRecord(), readAt: 'ontem' };
    await expect(writeTeamPageRecordAsync(dataDir, bad)).rejects.toThrow();
    expect(readTeamPageRecord(dataDir, 'sport')).toBeNull();
  });
});
