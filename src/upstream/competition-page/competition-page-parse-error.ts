/** A competition page whose table cannot be trusted (no known frame, past the limits, truncated). */
import { ParseError } from '../fetch/errors.ts';
import type { CompetitionPageDiagnostics } from './competition-page-diagnostics.ts';

export class CompetitionPageParseError extends ParseError {
  /** What the competition page parser found before giving up (for `--explain`). */
  readonly pageDiagnostics: CompetitionPageDiagnostics | null;

  constructor(url: string, detail: string, options?: { cause?: unknown; diagnostics?: CompetitionPageDiagnostics }) {
    super(url, detail, { cause: options?.cause });
    this.pageDiagnostics = options?.diagnostics ?? null;
  }
}
