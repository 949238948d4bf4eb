/**
 * `npm run scrape -- --explain` and `--file PAGE.html`: the explanation of each listing read by
 * a scrape, or of pages saved from a browser (read from disk, no network, DATA_DIR untouched).
 */
import fs from 'node:fs';
import { StartupError } from '../lib/config/cli.ts';
import { LISTING_NAMES } from '../lib/model/model.ts';
import { listingSource } from '../lib/store/snapshot-store.ts';
import { explainPage, formatExplanation } from '../upstream/explain-listing.ts';
import { explainMatchPage } from '../upstream/explain-match-page.ts';
import { detectPageKind } from '../upstream/page-kind.ts';
import type { ScrapeReport } from './scrape.ts';
import { errorCode, errorMessage } from '../lib/model/caught-error.ts';

export function explainScrapeReport(report: ScrapeReport, upstreamUrl: string): string[] {
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
 * Explains each saved page, a listing or a match page (told by its markup, else its name);
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
    const explained =
      detectPageKind(html, file, pageUrl) === 'match'
        ? explainMatchPage(`${file} (página de jogo)`, html, pageUrl)
        : explainPage(`${file} (lido como ${pageUrl})`, html, pageUrl);
    lines.push(...explained.lines);
    failed ||= explained.failed;
  }
  return { lines, failed };
}
