/**
 * Typed failures of the upstream layer. Messages are pt-BR (they reach the CLI output and
 * scrape-state.json), name the URL, say why, and say what happens next: the listing keeps
 * its last good data.
 */
export type UpstreamFetchFailure =
  | 'timeout'
  | 'network'
  | 'http-status'
  | 'content-type'
  | 'content-encoding'
  | 'too-large'
  | 'retry-after-pending'
  | 'redirect'
  /** Not sent: the per-minute request budget (match pages) is used up. */
  | 'budget';

const KEPT = 'os últimos dados válidos foram mantidos.';
const NOTHING_KEPT = 'ainda não há dados desta lista; nova tentativa na próxima atualização.';

/** A failure's message for a listing that never had data: there was nothing to keep, so it does not claim so. */
export function messageWithoutKeptData(message: string): string {
  return message.endsWith(KEPT) ? message.slice(0, -KEPT.length) + NOTHING_KEPT : message;
}

export interface UpstreamFetchErrorOptions {
  reason: UpstreamFetchFailure;
  url: string;
  /** What went wrong, pt-BR, without the URL (the message adds it). */
  detail: string;
  status?: number;
  /** Milliseconds the upstream asked us to wait (Retry-After), when it did. */
  retryAfterMs?: number;
  /** The instant before which no request may be sent to this URL. */
  retryNotBefore?: Date;
  cause?: unknown;
}

/** A page could not be fetched. `reason` is the stable discriminator for code. */
export class UpstreamFetchError extends Error {
  override name = 'UpstreamFetchError' as const;
  readonly reason: UpstreamFetchFailure;
  readonly url: string;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly retryNotBefore: Date | undefined;

  constructor(options: UpstreamFetchErrorOptions) {
    super(`Falha ao buscar ${options.url}: ${options.detail}; ${KEPT}`, { cause: options.cause });
    this.reason = options.reason;
    this.url = options.url;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.retryNotBefore = options.retryNotBefore;
  }
}

/**
 * A page was fetched but does not hold the markup we know (error page, redesign, truncation). Each parser throws
 * its own kind, beside it, carrying what it found (listing-parse-error.ts, match-page-parse-error.ts, …).
 */
export class ParseError extends Error {
  override name = 'ParseError' as const;
  readonly url: string;

  constructor(url: string, detail: string, options?: { cause?: unknown }) {
    super(`Página ${url} não reconhecida: ${detail}; ${KEPT}`, options);
    this.url = url;
  }
}
