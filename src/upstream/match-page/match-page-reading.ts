/**
 * One read of a match page under way (parse-match-page.ts and the row readers beside it): the page, its scan, and
 * what is collected on the way — the rows skipped, the counts, the scoreboard's header — so that a refusal at any
 * point carries everything found so far (MatchPageParseError's diagnostics, for `--explain` and the refresh).
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { DomElement } from '../dom-query.ts';
import { MatchPageParseError } from './match-page-parse-error.ts';
import {
  MatchPageSkips,
  NO_COUNTS,
  type MatchPageCounts,
  type MatchPageDiagnostics,
  type MatchPageLayout,
  type MatchPageSection,
} from './match-page-diagnostics.ts';
import type { MatchPageScan, PageRange } from './scan-match-page.ts';

/** A piece of the page far bigger than its markup ever is (a row has under 20 elements) is not read. */
export const MAX_PIECE_ELEMENTS = 300;
/** The HTML kept for a skipped row's snippet (the snippet shows 160 characters of it). */
const MAX_SNIPPET_SOURCE = 2_000;

export const TOO_LARGE = `grande demais para ser o que parece (mais de ${MAX_PIECE_ELEMENTS} elementos), não lido`;

function layoutOf(scan: MatchPageScan): MatchPageLayout {
  if (scan.markers.older > scan.markers.newer) return 'older';
  if (scan.markers.newer > 0 || scan.scoreboard || scan.teamsRow) return 'newer';
  return 'none';
}

export class MatchPageReading {
  readonly html: string;
  readonly pageUrl: string;
  readonly scan: MatchPageScan;
  readonly layout: MatchPageLayout;
  readonly skips = new MatchPageSkips();
  readonly counts: MatchPageCounts;
  readonly header: Pick<MatchPageDiagnostics, 'statusLabel' | 'teams'> = { statusLabel: null, teams: null };

  constructor(html: string, pageUrl: string, scan: MatchPageScan) {
    this.html = html;
    this.pageUrl = pageUrl;
    this.scan = scan;
    this.layout = layoutOf(scan);
    this.counts = { ...NO_COUNTS, eventRows: scan.eventRowCount };
  }

  /** What was found so far, as the diagnostics say it. */
  diagnostics(layout: MatchPageLayout = this.layout): MatchPageDiagnostics {
    return this.skips.finish(layout, this.header, this.counts);
  }

  /** The page refused, with what was found so far. */
  fail(detail: string): MatchPageParseError {
    return new MatchPageParseError(this.pageUrl, detail, { diagnostics: this.diagnostics() });
  }

  /** The start of page.slice(from, to), made only when a skipped row is shown. */
  snippetOf(from: number, to: number): () => string {
    return () => this.html.slice(from, Math.min(to, from + MAX_SNIPPET_SOURCE));
  }

  /** The piece as its own small tree; null when absent, or when too large to be what it seems (then skipped). */
  readPiece(section: MatchPageSection, range: PageRange | null): DomElement | null {
    if (!range) return null;
    if (range.elements > MAX_PIECE_ELEMENTS) {
      this.skips.skip(section, TOO_LARGE, this.snippetOf(range.start, range.end));
      return null;
    }
    return parseDocument(this.html.slice(range.start, range.end)).children.find(DomUtils.isTag) ?? null;
  }
}
