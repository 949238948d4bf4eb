/**
 * `npm run scrape -- --explain` and `--file PAGE.html`: the explanation of each listing read by
 * a scrape, or of pages saved from a browser (read from disk, no network, DATA_DIR untouched).
 */
import fs from 'node:fs';
import { StartupError } from '../../lib/config/cli.ts';
import { LISTING_NAMES } from '../../lib/model/model.ts';
import { listingSource } from '../../lib/store/scraped/snapshot-store.ts';
import { explainPage, formatExplanation } from '../../upstream/listing/explain-listing.ts';
import { explainCompetitionPage } from '../../upstream/competition-page/explain-competition-page.ts';
import { explainMatchPage, formatMatchPageExplanation } from '../../upstream/match-page/explain-match-page.ts';
import { detectPageKind } from '../../upstream/page-kind.ts';
import type { DetailRefreshReport } from '../match-pages/fetch-match-pages.ts';
import { formatDetailsLine, type ScrapeReport } from './scrape.ts';
import { errorCode, errorMessage } from '../../lib/model/caught-error.ts';

export function explainScrapeReport(report: ScrapeReport, upstreamUrl: string): string[] {
  return [...explainListings(report, upstreamUrl), ...explainDetails(report.details)];
}

/** The match pages of the scrape: what was asked for and why each failure failed. */
function explainDetails(details: DetailRefreshReport): string[] {
  const lines = ['== páginas de jogo ==', formatDetailsLine(details)];
  if (details.planned === 0) lines.push('nenhuma página devida agora (só jogos começados; ao vivo a cada 3 minutos)');
  for (const { id, url, error, diagnostics } of details.failed) {
    if (diagnostics) lines.push(...formatMatchPageExplanation({ title: `${id} — ${url}`, diagnostics, error }));
    else lines.push(`  - ${id}: ${error}`);
  }
  for (const reason of details.unusable) lines.push(`  - registro ilegível, recomeçado: ${reason}`);
  return lines;
}

function explainListings(report: ScrapeReport, upstreamUrl: string): string[] {
  return LISTING_NAMES.flatMap((listing) => {
    const result = report.listings[listing];
    return formatExplanation({
      title: `${listing} — ${listingSource(upstreamUrl, listing)}`,
      diagnostics: result.parse,
      error: result.error,
      notModified: result.notModified,
    });
  });
}

/**
 * Explains each saved page, a listing, a match or a competition page (told by its markup, else its name);
 * `failed` when any had no known markup, none of its candidates parsed, or (a match page) goals
 * that contradict its own scoreboard.
 */
export function explainFiles(files: readonly string[], pageUrl: string): { lines: string[]; failed: boolean } {
  const lines: string[] = [];
  let failed = false;
  for (const file of files) {
    let html: string;
    try {
      html = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new StartupError(`não foi possível ler ${file}: ${errorCode(error) ?? errorMessage(error)}`);
    }
    const kind = detectPageKind(html, file, pageUrl);
    const explained =
      kind === 'match'
        ? explainMatchPage(`${file} (página de jogo)`, html, pageUrl)
        : kind === 'competition'
          ? explainCompetitionPage(`${file} (página de campeonato)`, html, pageUrl)
          : explainPage(`${file} (lido como ${pageUrl})`, html, pageUrl);
    lines.push(...explained.lines);
    failed ||= explained.failed;
  }
  return { lines, failed };
}
