/**
 * A competition's table as Placar keeps it after reading its page just now (not due again for hours), written into
 * DATA_DIR/tabelas before Placar starts: the reference competition page's groups, under any slug.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatSaoPauloIso } from '../../../src/lib/model/time.ts';
import {
  freshStandingsRecord,
  standingsRecordPath,
  type StandingsRecord,
} from '../../../src/lib/store/scraped/table-store.ts';
import { parseCompetitionPage } from '../../../src/upstream/competition-page/parse-competition-page.ts';

export const REFERENCE_COMPETITION_PAGE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/competition-pages/competicao-brasileirao-serie-a.html'),
  'utf8',
);

/**
 * Writes `slug`'s record read at `readAt` (default now) with the reference page's groups and the results it tracks
 * (default none); returns it.
 */
export function keepTableRead(
  dataDir: string,
  slug: string,
  readAt = new Date(),
  tracked: StandingsRecord['tracked'] = [],
): StandingsRecord {
  const { groups } = parseCompetitionPage(REFERENCE_COMPETITION_PAGE, `http://127.0.0.1/${slug}`);
  const fresh = freshStandingsRecord(slug);
  const dueAt = formatSaoPauloIso(new Date(readAt.getTime() + 6 * 3600_000));
  const record = { ...fresh, readAt: formatSaoPauloIso(readAt), groups, fetch: { ...fresh.fetch, dueAt }, tracked };
  fs.mkdirSync(path.dirname(standingsRecordPath(dataDir, slug)), { recursive: true });
  fs.writeFileSync(standingsRecordPath(dataDir, slug), JSON.stringify(record));
  return record;
}
