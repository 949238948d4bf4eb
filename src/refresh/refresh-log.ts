/**
 * The one structured line each refresh logs (pt-BR words, key=value pairs a log tool can
 * parse), and the warnings for listings the upstream did not deliver.
 */
import { LISTING_NAMES } from '../lib/model/model.ts';
import type { RefreshOutcome } from '../lib/model/refresh-outcome.ts';
import type { ScrapeSummary } from './scrape/scrape.ts';

export interface RefreshTimings {
  scrapeMs: number;
  /** Building the site bundle: only on the first refresh of an installed version (else 0). */
  bundleMs: number;
  /** Making the build folder: linking the bundle's files and rendering the data routes. */
  buildMs: number;
  compressMs: number;
  swapMs: number;
  cleanupMs: number;
  totalMs: number;
}

export interface RefreshReport {
  outcome: RefreshOutcome;
  /** The build now served (published) or the one that failed; null when none was started. */
  buildId: string | null;
  scrape: ScrapeSummary | null;
  timings: RefreshTimings;
  /** Why the refresh did not publish (or why the scrape failed as a whole). */
  error: string | null;
  removedBuilds: string[];
  /** Matches whose page and JSON this build rendered (the others' are kept from the build before). */
  matchesRendered: number;
  /** Competitions whose table page and JSON this build rendered (the others' are linked from the build before). */
  tablesRendered: number;
  /** Teams whose home (page, JSON, calendar) this build rendered (the others' are linked from the build before). */
  teamHomesRendered: number;
}

const VERB: Record<RefreshOutcome, string> = {
  published: 'concluída',
  'build-failed': 'falhou',
  skipped: 'ignorada',
  aborted: 'interrompida',
};

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&').replace(/\s+/g, ' ')}"`;
}

/** e.g. `atualização #3 concluída build=… live=3 hoje=25(304) amanha=10(falha) coleta_ms=412 …` */
export function formatRefreshLine(label: string, report: RefreshReport): string {
  const parts = [`${label} ${VERB[report.outcome]}`];
  if (report.buildId) parts.push(`build=${report.buildId}`);
  for (const listing of LISTING_NAMES) {
    const result = report.scrape?.listings[listing];
    if (!result) continue;
    const note = !result.ok ? '(falha)' : result.skipped ? '(espera)' : result.notModified ? '(304)' : '';
    parts.push(`${listing}=${result.count}${note}`);
  }
  const details = report.scrape?.details;
  if (details && details.planned > 0) {
    const failed = details.failed.length > 0 ? ` jogos_falha=${details.failed.length}` : '';
    parts.push(`jogos=${details.read + details.notModified}/${details.planned}${failed}`);
  }
  const t = report.timings;
  if (t.bundleMs > 0) parts.push(`pacote_ms=${t.bundleMs}`);
  parts.push(
    `coleta_ms=${t.scrapeMs} build_ms=${t.buildMs} compressao_ms=${t.compressMs} troca_ms=${t.swapMs} limpeza_ms=${t.cleanupMs} total_ms=${t.totalMs}`,
  );
  if (report.matchesRendered > 0) parts.push(`paginas_de_jogo=${report.matchesRendered}`);
  if (report.tablesRendered > 0) parts.push(`paginas_de_tabela=${report.tablesRendered}`);
  if (report.teamHomesRendered > 0) parts.push(`paginas_de_time=${report.teamHomesRendered}`);
  if (report.removedBuilds.length > 0) parts.push(`removidos=${report.removedBuilds.length}`);
  if (report.error) parts.push(`erro=${quote(report.error)}`);
  return parts.join(' ');
}

/** One warning per listing the upstream did not deliver this time, then the parse notices (each said once). */
export function formatScrapeWarnings(scrape: ScrapeSummary): string[] {
  const failures = LISTING_NAMES.filter((listing) => !scrape.listings[listing].ok).map(
    (listing) => `aviso: ${listing} não foi atualizada: ${scrape.listings[listing].error ?? 'erro desconhecido'}`,
  );
  const pages = scrape.details.failed.map(({ id, error }) => `aviso: página do jogo ${id} não foi lida: ${error}`);
  const paused = scrape.details.pausedUntil
    ? [`aviso: páginas de jogo pausadas até ${scrape.details.pausedUntil} (o site de origem pediu para aguardar)`]
    : [];
  return [...failures, ...pages, ...paused, ...LISTING_NAMES.flatMap((listing) => scrape.listings[listing].notices)];
}
