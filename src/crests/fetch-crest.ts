/**
 * One crest download: a plain GET (no redirects, no cookies), at most `maxBytes`, within the
 * deadline. Returns the bytes or throws; deciding whether they are an image is not its job.
 */
import { request, type Dispatcher } from 'undici';
import { USER_AGENT } from '../upstream/fetch-page.ts';

export class CrestFetchError extends Error {
  override name = 'CrestFetchError' as const;
}

export async function fetchCrest(url: string, options: { dispatcher: Dispatcher; timeoutMs: number; maxBytes: number }): Promise<Buffer> {
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
