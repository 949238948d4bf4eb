/**
 * One crest download: a plain GET (no redirects, no cookies), at most `maxBytes`, within the
 * deadline, through an agent whose every connection checks the address it resolved to
 * (checked-lookup.ts). Returns the bytes or throws; deciding whether they are an image is not its job.
 */
import net from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import { USER_AGENT } from '../upstream/fetch/fetch-page.ts';
import { createCheckedLookup, CrestAddressError, isInternalAddress, type Resolver } from './checked-lookup.ts';

/** The crests' own agent: names resolve through the address check; `allowed`: the upstream's internal addresses. */
export function createCrestAgent(timeoutMs: number, allowed: ReadonlySet<string>, resolve?: Resolver): Agent {
  return new Agent({
    connect: { timeout: timeoutMs, lookup: createCheckedLookup(allowed, resolve) },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 1,
  });
}

/** A host written as an address is never looked up: it is checked here instead. */
function checkLiteralAddress(url: string, allowed: ReadonlySet<string>): void {
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(hostname) && isInternalAddress(hostname) && !allowed.has(hostname)) {
    throw new CrestAddressError(`escudo recusado: endereço interno (${hostname})`);
  }
}

export class CrestFetchError extends Error {
  override name = 'CrestFetchError' as const;
}

export interface FetchCrestOptions {
  dispatcher: Dispatcher;
  timeoutMs: number;
  maxBytes: number;
  /** Internal addresses allowed all the same (the upstream's own). */
  allowedAddresses: ReadonlySet<string>;
}

export async function fetchCrest(url: string, options: FetchCrestOptions): Promise<Buffer> {
  checkLiteralAddress(url, options.allowedAddresses);
  const response = await request(url, {
    dispatcher: options.dispatcher,
    headers: { 'user-agent': USER_AGENT, accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9' },
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  const discard = (): void => {
    response.body.on('error', () => undefined);
    response.body.destroy();
  };
  if (response.statusCode !== 200) {
    discard();
    throw new CrestFetchError(`HTTP ${response.statusCode}`);
  }
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    discard();
    throw new CrestFetchError(`maior que ${options.maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > options.maxBytes) {
      discard();
      throw new CrestFetchError(`maior que ${options.maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
