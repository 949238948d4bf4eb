/**
 * Content-coding negotiation: the answer kept per Accept-Encoding value is the one negotiator
 * gives for the codings actually offered, and the number of kept values stays bounded whatever
 * clients send.
 */
import Negotiator from 'negotiator';
import { describe, expect, it } from 'vitest';
import {
  NEGOTIATION_CACHE_ENTRIES,
  NEGOTIATION_CACHE_MAX_KEY,
  chooseContentCoding,
  negotiationCacheSize,
  type ContentCoding,
} from '../../../src/lib/api/content-coding.ts';

const HEADERS = [
  undefined,
  '',
  'gzip, deflate, br',
  'gzip, deflate, br, zstd',
  'br;q=0.5, gzip',
  'gzip;q=0.8, br;q=0.9',
  'gzip',
  'GZIP',
  'br',
  'identity',
  'identity;q=0',
  'identity;q=0, gzip',
  '*',
  '*;q=0',
  '*;q=0, br',
  'br;q=0, *',
  'deflate',
  'compress, x-gzip',
  'gzip;q=0, br;q=0',
  'gzip;q=1.0, identity; q=0.5, *;q=0',
  ' br ; q=0.1 ,gzip;q=0.2',
  'foo;q=bar, br',
];

const OFFERS: ContentCoding[][] = [['br', 'gzip', 'identity'], ['gzip', 'identity'], ['br', 'identity'], ['identity']];

/** negotiator on exactly the offered codings, ties to br then gzip: what the server did per request before. */
function negotiateDirectly(header: string | undefined, offered: readonly ContentCoding[]): ContentCoding | null {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as {
    encodings(available: readonly string[], options: { preferred: readonly string[] }): string[];
  };
  return (
    (negotiator.encodings(offered, { preferred: ['br', 'gzip', 'identity'] })[0] as ContentCoding | undefined) ?? null
  );
}

describe('chooseContentCoding', () => {
  it.each(HEADERS.map((header) => [header]))(
    '%j: the kept answer is negotiator’s for every set of offered codings',
    (header) => {
      for (let round = 0; round < 2; round += 1) {
        for (const offered of OFFERS) {
          expect(chooseContentCoding(header, offered), `${String(header)} / ${offered.join(',')}`).toBe(
            negotiateDirectly(header, offered),
          );
        }
      }
    },
  );

  it('prefers br on ties, as the compressed variants are served', () => {
    expect(chooseContentCoding('gzip, deflate, br', ['br', 'gzip', 'identity'])).toBe('br');
    expect(chooseContentCoding('gzip, deflate, br', ['gzip', 'identity'])).toBe('gzip');
    expect(chooseContentCoding('identity;q=0', ['identity'])).toBeNull();
  });

  it('keeps a bounded number of values, and none longer than the key limit', () => {
    for (let i = 0; i < NEGOTIATION_CACHE_ENTRIES * 4; i += 1) {
      const header = `gzip;q=0.${i % 10}, x-${i}`;
      expect(chooseContentCoding(header, ['br', 'gzip', 'identity'])).toBe(
        negotiateDirectly(header, ['br', 'gzip', 'identity']),
      );
    }
    expect(negotiationCacheSize()).toBe(NEGOTIATION_CACHE_ENTRIES);
    const long = `br, ${'x'.repeat(NEGOTIATION_CACHE_MAX_KEY)}`;
    const before = negotiationCacheSize();
    chooseContentCoding(`gzip, ${'y'.repeat(NEGOTIATION_CACHE_MAX_KEY)}`, ['gzip', 'identity']);
    expect(chooseContentCoding(long, ['br', 'identity'])).toBe('br');
    expect(negotiationCacheSize()).toBe(before);
  });
});
