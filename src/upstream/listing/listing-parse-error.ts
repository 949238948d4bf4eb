/** A page that does not hold the listing markup we know, with what the listing parser found before giving up. */
import { ParseError } from '../fetch/errors.ts';
import type { ListingDiagnostics } from './listing-diagnostics.ts';

export class ListingParseError extends ParseError {
  /** What the parser found before giving up (for `npm run scrape -- --explain`), when it got that far. */
  readonly diagnostics: ListingDiagnostics | null;

  constructor(url: string, detail: string, options?: { cause?: unknown; diagnostics?: ListingDiagnostics }) {
    super(url, detail, { cause: options?.cause });
    this.diagnostics = options?.diagnostics ?? null;
  }
}
