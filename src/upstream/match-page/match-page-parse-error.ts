/** A match page that does not hold a match's detail we can trust (no known markup, past the model's limits, truncated). */
import { ParseError } from '../fetch/errors.ts';
import type { MatchPageDiagnostics } from './match-page-diagnostics.ts';

export class MatchPageParseError extends ParseError {
  /** What the match page parser found before giving up (for `--explain` and the refresh's diagnosis). */
  readonly pageDiagnostics: MatchPageDiagnostics | null;

  constructor(url: string, detail: string, options?: { cause?: unknown; diagnostics?: MatchPageDiagnostics }) {
    super(url, detail, { cause: options?.cause });
    this.pageDiagnostics = options?.diagnostics ?? null;
  }
}
