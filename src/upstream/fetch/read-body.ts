/**
 * Reads an upstream response body: decompresses (br, gzip), enforces the size cap on the
 * *decompressed* bytes (a gzip bomb is stopped after the cap, not after inflating it all),
 * and decodes text without ever failing on bad bytes (U+FFFD replaces them).
 */
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { UpstreamFetchError } from './errors.ts';
import { errorCode, errorMessage } from '../../lib/model/caught-error.ts';

/** Thrown inside the pipeline to stop reading; converted to an UpstreamFetchError by the caller. */
class BodyTooLarge extends Error {
  override name = 'BodyTooLarge' as const;
}

function decompressorFor(contentEncoding: string, url: string): Transform | null {
  const encoding = contentEncoding.trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return null;
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  throw new UpstreamFetchError({
    reason: 'content-encoding',
    url,
    detail: `codificação de conteúdo não suportada ("${contentEncoding}")`,
  });
}

/** A TextDecoder for the declared charset; UTF-8 when none or unknown. Never fatal. */
export function textDecoderFor(contentType: string): TextDecoder {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset, { fatal: false });
    } catch {
      // Unknown label: fall through to UTF-8, the upstream's encoding in every known sample.
    }
  }
  return new TextDecoder('utf-8', { fatal: false });
}

export interface ReadBodyOptions {
  url: string;
  contentEncoding: string;
  contentType: string;
  maxBytes: number;
  signal: AbortSignal;
}

export async function readBodyText(body: Readable, options: ReadBodyOptions): Promise<{ text: string; bytes: number }> {
  const { url, maxBytes } = options;
  const decompressor = decompressorFor(options.contentEncoding, url);
  const chunks: Buffer[] = [];
  let bytes = 0;
  const collect = async (source: AsyncIterable<Buffer>): Promise<void> => {
    for await (const chunk of source) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw new BodyTooLarge();
      chunks.push(chunk);
    }
  };
  try {
    if (decompressor) await pipeline(body, decompressor, collect, { signal: options.signal });
    else await pipeline(body, collect, { signal: options.signal });
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      throw new UpstreamFetchError({
        reason: 'too-large',
        url,
        detail: `resposta maior que o limite de ${maxBytes} bytes (MAX_RESPONSE_BYTES), leitura interrompida`,
      });
    }
    if (decompressor && isZlibError(error)) {
      throw new UpstreamFetchError({
        reason: 'content-encoding',
        url,
        detail: `conteúdo compactado inválido (${errorMessage(error)})`,
        cause: error,
      });
    }
    throw error;
  }
  const text = textDecoderFor(options.contentType).decode(Buffer.concat(chunks, bytes));
  return { text, bytes };
}

function isZlibError(error: unknown): boolean {
  return errorCode(error)?.startsWith('Z_') ?? false;
}
