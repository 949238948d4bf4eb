/**
 * The log lines a listing's parse deserves, said once: when a status text Placar does not know
 * appears (not on every refresh that still shows it), and when more than 10 % of the candidate
 * rows/cards start being skipped (not again until it drops back and rises again). `previous` is
 * the summary kept in scrape-state.json, so a restart does not repeat them either.
 */
import type { ListingName, ListingParseSummary } from '../../lib/model/model.ts';

const SKIPPED_SHARE_TO_REPORT = 0.1;

const skippedTooMany = (summary: ListingParseSummary | null): boolean =>
  summary !== null && summary.candidates > 0 && summary.skipped / summary.candidates > SKIPPED_SHARE_TO_REPORT;

export function parseNotices(
  listing: ListingName,
  previous: ListingParseSummary | null,
  current: ListingParseSummary,
): string[] {
  const notices: string[] = [];
  const known = new Set(previous?.unknownStatusLabels ?? []);
  const fresh = current.unknownStatusLabels.filter((label) => !known.has(label));
  if (fresh.length > 0) {
    const labels = fresh.map((label) => `"${label}"`).join(', ');
    notices.push(
      `aviso: ${listing}: situação não reconhecida ${labels} (os jogos aparecem como UNKNOWN); detalhes: npm run scrape -- --explain`,
    );
  }
  if (skippedTooMany(current) && !skippedTooMany(previous)) {
    notices.push(
      `aviso: ${listing}: ${current.skipped} de ${current.candidates} jogos da página foram ignorados (mais de 10 %; o formato mudou?); detalhes: npm run scrape -- --explain`,
    );
  }
  return notices;
}
