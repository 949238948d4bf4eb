/**
 * The only network code of Placar: one polite GET of an upstream page.
 * - identifies itself (User-Agent with a contact URL), asks for pt-BR, accepts br/gzip;
 * - one deadline per attempt covers connect, headers, redirects and the whole body;
 * - at most 2 retries with exponential backoff, only for network errors and 5xx; a
 *   timeout is not retried (three slow attempts would overrun the one-minute refresh);
 * - 429/503 with Retry-After stop at once and carry the instant before which nothing may
 *   be sent; a call before that instant fails without any request;
 * - only text/html, at most maxBytes decompressed, redirects only on exactly the same origin (resolve-redirect.ts);
 * - conditional GET with the validators of the last good page; 304 → `notModified`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request, type Dispatcher } from 'undici';
import { formatSaoPauloIso } from '../../lib/model/time.ts';
import { UpstreamFetchError } from './errors.ts';
import { parseRetryAfter } from './parse-retry-after.ts';
import { readBodyText } from './read-body.ts';
import { resolveRedirect } from './resolve-redirect.ts';
import { errorCode, errorMessage } from '../../lib/model/caught-error.ts';

export const USER_AGENT = 'Placar/0.1 (+https://github.com/placar-futebol/placar)';
const MAX_RETRIES = 2;
/** undici's own deadlines (backstops of ours): a timeout, not a network error to retry. */
const UNDICI_TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/** A Retry-After beyond this is treated as this: a broken header must not silence Placar for good. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

export interface FetchPageOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Validators of the last good copy; sent as If-None-Match / If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
  /** No request is sent before this instant (a Retry-After received earlier). */
  retryNotBefore?: Date | null;
  /** Reuse a dispatcher (closed by its owner); otherwise one is created and closed here. */
  dispatcher?: Dispatcher;
  now?: () => Date;
  /** First backoff delay, doubled per retry; defaults to timeoutMs / 20 within 10–500 ms. */
  retryBaseDelayMs?: number;
  /** Retries after a network error or a 5xx (default 2); match pages use 0 and retry at a later refresh. */
  retries?: number;
  /**
   * Asked before every request (a redirect's too): false sends nothing and fails with reason
   * 'budget'. The match pages' per-minute budget (src/refresh/match-pages/request-budget.ts).
   */
  admitRequest?: () => boolean | Promise<boolean>;
}

interface PageValidators {
  /** The URL the page came from after redirects. */
  url: string;
  etag: string | null;
  lastModified: string | null;
  attempts: number;
}
export type FetchPageResult =
  | (PageValidators & { notModified: false; html: string; bytes: number })
  | (PageValidators & { notModified: true });

type Headers = Record<string, string | string[] | undefined>;
function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Drops an unwanted body and its connection; the abort error it then emits is expected. */
function discard(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => undefined);
  body.destroy();
}

export function createUpstreamAgent(timeoutMs: number): Agent {
  return new Agent({
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 2,
  });
}

export async function fetchPage(url: string, options: FetchPageOptions): Promise<FetchPageResult> {
  const now = options.now ?? (() => new Date());
  const notBefore = options.retryNotBefore;
  if (notBefore && notBefore.getTime() > now().getTime()) {
    throw new UpstreamFetchError({
      reason: 'retry-after-pending',
      url,
      detail: `o site pediu para aguardar (Retry-After) até ${formatSaoPauloIso(notBefore)}, nenhuma requisição enviada`,
      retryNotBefore: notBefore,
    });
  }
  const dispatcher = options.dispatcher ?? createUpstreamAgent(options.timeoutMs);
  const baseDelay = options.retryBaseDelayMs ?? Math.min(500, Math.max(10, options.timeoutMs / 20));
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetchOnce(url, options, dispatcher, now, attempt);
      } catch (error) {
        if (attempt > (options.retries ?? MAX_RETRIES) || !isRetryable(error)) throw error;
        await sleep(baseDelay * 2 ** (attempt - 1));
      }
    }
  } finally {
    if (!options.dispatcher) await dispatcher.close();
  }
}

function isRetryable(error: unknown): boolean {
  if (!(error instanceof UpstreamFetchError)) return false;
  if (error.reason === 'network') return true;
  return error.reason === 'http-status' && (error.status ?? 0) >= 500 && !error.retryNotBefore;
}

async function fetchOnce(
  url: string,
  options: FetchPageOptions,
  dispatcher: Dispatcher,
  now: () => Date,
  attempt: number,
): Promise<FetchPageResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    return await followRedirects(url, options, dispatcher, controller.signal, now, attempt);
  } catch (error) {
    if (error instanceof UpstreamFetchError) throw error;
    const code = errorCode(error);
    if (controller.signal.aborted || (code !== undefined && UNDICI_TIMEOUTS.has(code))) {
      throw new UpstreamFetchError({
        reason: 'timeout',
        url,
        detail: `sem resposta completa em ${options.timeoutMs} ms (REQUEST_TIMEOUT_MS)`,
        cause: error,
      });
    }
    const detail = `erro de rede (${code ? `${code}: ` : ''}${errorMessage(error)})`;
    throw new UpstreamFetchError({ reason: 'network', url, detail, cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function requestHeaders(options: FetchPageOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: 'text/html',
    'accept-language': 'pt-BR,pt;q=0.9',
    'accept-encoding': 'br, gzip',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  return headers;
}

async function followRedirects(
  url: string,
  options: FetchPageOptions,
  dispatcher: Dispatcher,
  signal: AbortSignal,
  now: () => Date,
  attempts: number,
): Promise<FetchPageResult> {
  const start = new URL(url);
  const visited = new Set([start.href]);
  let current = start;
  for (;;) {
    if (options.admitRequest && !(await options.admitRequest())) {
      throw new UpstreamFetchError({
        reason: 'budget',
        url,
        detail: 'limite de requisições por minuto atingido, nenhuma requisição enviada',
      });
    }
    const { statusCode, headers, body } = await request(current, {
      method: 'GET',
      headers: requestHeaders(options),
      dispatcher,
      signal,
    });
    if (statusCode === 200) {
      const contentType = header(headers, 'content-type') ?? '';
      if (contentType.split(';')[0]?.trim().toLowerCase() !== 'text/html') {
        discard(body);
        throw new UpstreamFetchError({
          reason: 'content-type',
          url,
          status: statusCode,
          detail: `tipo de conteúdo "${contentType || '(nenhum)'}" em vez de text/html`,
        });
      }
      const contentEncoding = header(headers, 'content-encoding') ?? '';
      const declaredLength = Number(header(headers, 'content-length') ?? Number.NaN);
      if (contentEncoding === '' && declaredLength > options.maxBytes) {
        discard(body);
        throw new UpstreamFetchError({
          reason: 'too-large',
          url,
          status: statusCode,
          detail: `resposta de ${declaredLength} bytes, acima do limite de ${options.maxBytes} bytes (MAX_RESPONSE_BYTES)`,
        });
      }
      const { text, bytes } = await readBodyText(body, {
        url,
        contentEncoding,
        contentType,
        maxBytes: options.maxBytes,
        signal,
      });
      return { notModified: false, url: current.href, html: text, bytes, attempts, ...validatorsOf(headers) };
    }
    await body.dump().catch(() => undefined);
    if (statusCode === 304 && (options.etag || options.lastModified)) {
      return { notModified: true, url: current.href, attempts, ...validatorsOf(headers) };
    }
    if ([301, 302, 303, 307, 308].includes(statusCode)) {
      current = resolveRedirect(url, start, current, header(headers, 'location'), visited);
      continue;
    }
    throw statusError(url, statusCode, header(headers, 'retry-after'), now);
  }
}

function validatorsOf(headers: Headers): { etag: string | null; lastModified: string | null } {
  return { etag: header(headers, 'etag') ?? null, lastModified: header(headers, 'last-modified') ?? null };
}

function statusError(url: string, status: number, retryAfter: string | undefined, now: () => Date): UpstreamFetchError {
  const waitMs = status === 429 || status === 503 ? parseRetryAfter(retryAfter, now()) : null;
  if (waitMs !== null && waitMs > 0) {
    const retryAfterMs = Math.min(waitMs, MAX_RETRY_AFTER_MS);
    // Whole seconds, rounded up, so the instant survives formatting without moving earlier.
    const retryNotBefore = new Date(Math.ceil((now().getTime() + retryAfterMs) / 1000) * 1000);
    const detail = `HTTP ${status}; o site pediu para aguardar ${Math.ceil(retryAfterMs / 1000)} s (Retry-After), nova tentativa só a partir de ${formatSaoPauloIso(retryNotBefore)}`;
    return new UpstreamFetchError({ reason: 'http-status', url, status, retryAfterMs, retryNotBefore, detail });
  }
  return new UpstreamFetchError({ reason: 'http-status', url, status, detail: `HTTP ${status}` });
}
