/**
 * What reading one listing page found, for `npm run scrape -- --explain` (all of it) and for
 * scrape-state.json and /healthz (the summary): the markup recognised, the candidates, the
 * matches, each skipped candidate with its reason and the start of its HTML, and the status
 * texts Placar does not know.
 */
import { MAX_UNKNOWN_STATUS_LABELS, type ListingParseSummary, type Markup } from '../../lib/model/model.ts';
import { normalizeText } from '../match-fields.ts';

export type CandidateMarkup = 'row' | 'card';

export interface SkippedCandidate {
  markup: CandidateMarkup;
  /** pt-BR, e.g. "sem os nomes dos dois times". */
  reason: string;
  /** The start of the candidate's HTML, whitespace collapsed. */
  snippet: string;
}

export interface ListingDiagnostics extends ListingParseSummary {
  /** Where the candidates were looked for: "#livescore", "#main" or "body"; null when no markup was found. */
  container: string | null;
  rowCandidates: number;
  cardCandidates: number;
  /** Candidates that repeat a match already read (the featured block lists matches again). */
  duplicates: number;
  /** The first MAX_SKIPPED_SHOWN skipped candidates (`skipped` counts all of them). */
  skippedCandidates: SkippedCandidate[];
}

export const MAX_SKIPPED_SHOWN = 50;
const SNIPPET_CHARS = 160;
const LABEL_CHARS = 60;

export function htmlSnippet(html: string): string {
  const text = normalizeText(html);
  return text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text;
}

/** Collects what a listing read found, in page order, with the caps of the summary. */
export class DiagnosticsCollector {
  private rows = 0;
  private cards = 0;
  private skippedCount = 0;
  private readonly skippedShown: SkippedCandidate[] = [];
  private readonly labels = new Set<string>();
  duplicates = 0;

  candidate(markup: CandidateMarkup): void {
    if (markup === 'row') this.rows++;
    else this.cards++;
  }

  /** `html` is asked for only when the candidate is among the ones shown. */
  skip(markup: CandidateMarkup, reason: string, html: () => string): void {
    this.skippedCount++;
    if (this.skippedShown.length >= MAX_SKIPPED_SHOWN) return;
    this.skippedShown.push({ markup, reason, snippet: htmlSnippet(html()) });
  }

  unknownLabel(label: string): void {
    const text = label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS)}…` : label;
    if (this.labels.size < MAX_UNKNOWN_STATUS_LABELS) this.labels.add(text);
  }

  get candidates(): number {
    return this.rows + this.cards;
  }

  finish(container: string | null, matches: number): ListingDiagnostics {
    const markup: Markup =
      container === null
        ? 'none'
        : this.rows > 0 && this.cards > 0
          ? 'mixed'
          : this.cards > 0 || (this.rows === 0 && container !== '#livescore')
            ? 'cards'
            : 'rows';
    return {
      markup,
      container,
      candidates: this.candidates,
      rowCandidates: this.rows,
      cardCandidates: this.cards,
      matches,
      duplicates: this.duplicates,
      skipped: this.skippedCount,
      skippedCandidates: this.skippedShown,
      unknownStatusLabels: [...this.labels],
    };
  }
}

export function summarizeDiagnostics(diagnostics: ListingDiagnostics): ListingParseSummary {
  const { markup, candidates, matches, skipped, unknownStatusLabels } = diagnostics;
  return { markup, candidates, matches, skipped, unknownStatusLabels };
}
