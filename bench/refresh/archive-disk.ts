/**
 * The archive's size (issue 34 §5): `node bench/refresh/archive-disk.ts [--days 30] [--matches 1000]`.
 * One real day first: a refresh (the real scrape, match-page reads, render and compression, in
 * this process) against a fake upstream whose yesterday lists `matches` finished matches, each
 * with its own match page (goals, cards, lineups, statistics: demo-match-pages.ts), refreshed until
 * every detail is read; then the upstream's yesterday turns empty and one more refresh archives
 * them all (archive-matches.ts), with the day's /dia files. Then `days` such days on disk: the day's
 * archived files copied `days` times (real files, real blocks), and an archive index of that many
 * lines. Prints bytes (apparent) and disk use (allocated blocks) per match, per day and in all, and
 * the gzip bytes a server holds in memory for them (it keeps each match file's gzip variant).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fixtureMatchPages } from '../../src/demo/demo-match-pages.ts';
import { startFakeUpstream } from '../../src/demo/upstream-server.ts';
import { parseConfig } from '../../src/lib/config/config.ts';
import { LISTING_PATHS } from '../../src/lib/model/model.ts';
import { readArchiveIndex } from '../../src/lib/store/scraped/archive-store.ts';
import { readDetailRecords } from '../../src/lib/store/scraped/detail-store.ts';
import { readSiteManifest, type SiteFile } from '../../src/lib/store/builds/site-manifest.ts';
import { runRefresh } from '../../src/refresh/refresh.ts';
import { PROJECT_ROOT } from '../../harness/placar-process.ts';
import { buildUpstreamPages, renderPage } from '../upstream-pages.ts';

interface Use {
  files: number;
  bytes: number;
  blocks: number;
  gzipBytes: number;
}

/** Files under `dir` (symlinks not followed): count, apparent bytes, allocated bytes, and the .gz ones' bytes. */
function measure(dir: string): Use {
  const use: Use = { files: 0, bytes: 0, blocks: 0, gzipBytes: 0 };
  if (!fs.existsSync(dir)) return use;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const stats = fs.statSync(path.join(entry.parentPath, entry.name));
    use.files += 1;
    use.bytes += stats.size;
    use.blocks += stats.blocks * 512;
    if (entry.name.endsWith('.gz')) use.gzipBytes += stats.size;
  }
  return use;
}

const MB = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;
const KB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * One real day of `matches` finished matches, archived; returns its DATA_DIR. Its day's files
 * (arquivo/dias, arquivo/site) as they were while the day listed them are copied to `dayCopy` first:
 * the archiving refresh's own yesterday (an empty one, fetched the same day) replaces them.
 */
async function archiveOneDay(matches: number, dayCopy: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-arquivo-'));
  const day = buildUpstreamPages({ matchesPerDay: matches });
  const yesterday = day.pages[LISTING_PATHS.ontem] ?? '';
  const empty = (title: string): string => renderPage(title, []);
  const pages: Record<string, string> = {
    [LISTING_PATHS.live]: empty('Jogos em andamento'),
    [LISTING_PATHS.hoje]: empty('Jogos de hoje'),
    [LISTING_PATHS.amanha]: empty('Jogos de amanhã'),
    [LISTING_PATHS.ontem]: yesterday,
    ...fixtureMatchPages({ [LISTING_PATHS.ontem]: yesterday }),
  };
  const upstream = await startFakeUpstream({ pages });
  try {
    const env = { DATA_DIR: dataDir, UPSTREAM_URL: upstream.url, DETAIL_REQUESTS_PER_MINUTE: '6000' };
    /** `laterMs`: how far the scrape's clock is moved (the yesterday listing is fetched once per hour's slot). */
    const refresh = async (label: string, laterMs = 0): Promise<void> => {
      const report = await runRefresh(parseConfig(env), {
        projectRoot: PROJECT_ROOT,
        log: (line) => process.stderr.write(`${line}\n`),
        label,
        now: () => new Date(Date.now() + laterMs),
      });
      if (report.outcome !== 'published') throw new Error(`${label}: ${report.error}`);
    };
    for (let round = 1; round <= 20 && readDetailRecords(dataDir).records.size < matches; round++)
      await refresh(`leitura ${round}`);
    process.stdout.write(`detalhes lidos: ${readDetailRecords(dataDir).records.size} de ${matches}\n`);
    for (const part of ['dias', 'site'])
      fs.cpSync(path.join(dataDir, 'arquivo', part), path.join(dayCopy, part), { recursive: true });
    upstream.setPage(LISTING_PATHS.ontem, empty('Jogos de ontem'));
    // The next hour's slot, when the upstream's yesterday is fetched again.
    await refresh('arquivamento', 3_600_000);
    return dataDir;
  } finally {
    await upstream.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { days: { type: 'string' }, matches: { type: 'string' } } });
  const days = Number(values.days ?? 30);
  const matches = Number(values.matches ?? 1000);
  const dayCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-arquivo-dia-'));
  const dataDir = await archiveOneDay(matches, dayCopy);
  const index = readArchiveIndex(dataDir);
  const archived = Object.keys(index.matches).length;
  const matchFiles = measure(path.join(dataDir, 'jogos'));
  const dayFiles = measure(dayCopy);
  process.stdout.write(`um dia: ${archived} partidas arquivadas, ${Object.keys(index.days).length} dias\n`);

  // `days` days on disk: the day's archived files copied once per day.
  const many = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-arquivo-dias-'));
  for (let copy = 0; copy < days; copy++) {
    fs.cpSync(path.join(dataDir, 'jogos', 'jogo'), path.join(many, String(copy), 'jogo'), { recursive: true });
    fs.cpSync(path.join(dataDir, 'jogos', 'api'), path.join(many, String(copy), 'api'), { recursive: true });
    fs.cpSync(dayCopy, path.join(many, String(copy), 'arquivo'), { recursive: true });
  }
  // The index of that many days: each match's lines, once per day.
  const lines = Object.entries(index.matches);
  const bigIndex = { days: {}, matches: {} as Record<string, unknown> };
  for (let copy = 0; copy < days; copy++) for (const [id, entry] of lines) bigIndex.matches[`${id}-${copy}`] = entry;
  const indexBytes = Buffer.byteLength(JSON.stringify(bigIndex));
  const all = measure(many);
  // Every build's manifest carries the archived matches' lines: its size, and what reading it costs a server.
  const manifestFile = path.join(many, 'site-manifest.json');
  const archivedLines = Object.values(bigIndex.matches as Record<string, { page: SiteFile; json: SiteFile }>);
  const files = archivedLines.flatMap((entry) => [entry.page, entry.json]);
  fs.writeFileSync(manifestFile, JSON.stringify({ buildId: 'b', builtAt: new Date().toISOString(), files }));
  const readStarted = performance.now();
  readSiteManifest(manifestFile);
  const readMs = Math.round(performance.now() - readStarted);

  const perMatch = matchFiles.bytes / Math.max(archived, 1);
  const report = [
    `por partida: ${KB(perMatch)} em 4 arquivos (página e JSON, cada um com .gz), ${KB(matchFiles.blocks / Math.max(archived, 1))} em disco`,
    `um dia (${archived} partidas + /dia): ${MB(matchFiles.bytes + dayFiles.bytes)}, ${MB(matchFiles.blocks + dayFiles.blocks)} em disco`,
    `${days} dias × ${matches}: ${all.files} arquivos, ${MB(all.bytes)}, ${MB(all.blocks)} em disco (du), índice arquivo/index.json ${MB(indexBytes)}`,
    `arquivos de /dia de um dia: ${MB(dayFiles.bytes)} (o servidor guarda na memória os de /dia/ e /api/dia/, sem arquivo/dias/*.json)`,
    `as variantes .gz deles (lidas do disco a cada pedido, não guardadas): ${MB(all.gzipBytes)}`,
    `linhas deles no manifesto de cada build: ${files.length}, ${MB(fs.statSync(manifestFile).size)}, lidas e validadas em ${readMs} ms`,
  ];
  process.stdout.write(`${report.join('\n')}\n`);
  fs.rmSync(many, { recursive: true, force: true });
  fs.rmSync(dayCopy, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
