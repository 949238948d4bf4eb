/**
 * What reading one match page found, for `npm run scrape -- --explain` / `--file` and for the
 * refresh's diagnosis of a failed page: the layout recognised, how many rows and events of each
 * kind, and each row skipped with its reason and the start of its HTML (the first
 * MAX_SKIPPED_SHOWN of them).
 */
import { MAX_SKIPPED_SHOWN, htmlSnippet } from '../listing/listing-diagnostics.ts';

/** The upstream's two match page markups (src/upstream/match-page/parse-match-page.ts); 'none': neither. */
export type MatchPageLayout = 'newer' | 'older' | 'none';

/** Where on the page a skipped row was. */
export type MatchPageSection = 'scoreboard' | 'details' | 'event' | 'lineup' | 'statistic';

export interface SkippedMatchPageRow {
  section: MatchPageSection;
  /** pt-BR, e.g. "sem o minuto do lance". */
  reason: string;
  /** The start of the row's HTML, whitespace collapsed. */
  snippet: string;
}

export interface MatchPageDiagnostics {
  layout: MatchPageLayout;
  /** The scoreboard's status text ("67 MIN", "ENCERRADO"); null when the page shows none. */
  statusLabel: string | null;
  /** The team names of the scoreboard, when the page shows both. */
  teams: { home: string; away: string } | null;
  /** Event rows found (one row may hold a home and an away event). */
  eventRows: number;
  goals: number;
  cards: number;
  substitutions: number;
  /** Starting players read, both sides. */
  lineupPlayers: number;
  /** Players of the bench tables: read past, the detail has no bench. */
  benchPlayers: number;
  statistics: number;
  skipped: number;
  skippedRows: SkippedMatchPageRow[];
}

export type MatchPageCounts = Pick<
  MatchPageDiagnostics,
  'eventRows' | 'goals' | 'cards' | 'substitutions' | 'lineupPlayers' | 'benchPlayers' | 'statistics'
>;

export const NO_COUNTS: MatchPageCounts = {
  eventRows: 0,
  goals: 0,
  cards: 0,
  substitutions: 0,
  lineupPlayers: 0,
  benchPlayers: 0,
  statistics: 0,
};

/** Collects the skipped rows of one match page, in page order, with the cap of the list. */
export class MatchPageSkips {
  private count = 0;
  private readonly shown: SkippedMatchPageRow[] = [];

  /** `html` is asked for only when the row is among the ones shown. */
  skip(section: MatchPageSection, reason: string, html: () => string): void {
    this.count++;
    if (this.shown.length >= MAX_SKIPPED_SHOWN) return;
    this.shown.push({ section, reason, snippet: htmlSnippet(html()) });
  }

  finish(
    layout: MatchPageLayout,
    header: Pick<MatchPageDiagnostics, 'statusLabel' | 'teams'>,
    counts: MatchPageCounts,
  ): MatchPageDiagnostics {
    return { layout, ...header, ...counts, skipped: this.count, skippedRows: [...this.shown] };
  }
}
