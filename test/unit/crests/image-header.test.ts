/**
 * Crests are kept only when their header, read in full, is a crest-sized PNG, GIF, JPEG or WebP
 * (issue 20: a `GIF89a<script>` file used to pass the first-bytes check).
 */
import { describe, expect, it } from 'vitest';
import { buildDemoCrest } from '../../../src/demo/demo-crests.ts';
import { MAX_CREST_DIMENSION, readImageHeader } from '../../../src/crests/read-image-header.ts';

const u16le = (n: number): number[] => [n & 0xff, n >> 8];
const u16be = (n: number): number[] => [n >> 8, n & 0xff];
const u24le = (n: number): number[] => [n & 0xff, (n >> 8) & 0xff, n >> 16];
const u32le = (n: number): number[] => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];

function gif(width: number, height: number, trailer = true): Buffer {
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...u16le(width),
    ...u16le(height),
    0,
    0,
    0,
    0x2c,
    0,
    0,
    ...(trailer ? [0x3b] : []),
  ]);
}

function jpeg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, ...u16be(16), ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

function webp(chunk: 'VP8X' | 'VP8L' | 'VP8 ', width: number, height: number): Buffer {
  const body =
    chunk === 'VP8X'
      ? [0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]
      : chunk === 'VP8L'
        ? [0x2f, ...u32le(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14)), 0]
        : [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(width), ...u16le(height)];
  const data = [...Buffer.from('WEBP'), ...Buffer.from(chunk), ...u32le(body.length), ...body];
  return Buffer.from([...Buffer.from('RIFF'), ...u32le(data.length), ...data]);
}

describe('readImageHeader', () => {
  it('reads type and size of well-formed crests', () => {
    expect(readImageHeader(buildDemoCrest('flamengo'))).toEqual({ type: 'png', width: 32, height: 32 });
    expect(readImageHeader(gif(20, 24))).toEqual({ type: 'gif', width: 20, height: 24 });
    expect(readImageHeader(jpeg(64, 48))).toEqual({ type: 'jpg', width: 64, height: 48 });
    expect(readImageHeader(webp('VP8X', 40, 30))).toEqual({ type: 'webp', width: 40, height: 30 });
    expect(readImageHeader(webp('VP8L', 40, 30))).toEqual({ type: 'webp', width: 40, height: 30 });
    expect(readImageHeader(webp('VP8 ', 40, 30))).toEqual({ type: 'webp', width: 40, height: 30 });
  });

  it('refuses a GIF89a<script> polyglot and other files that only start like an image', () => {
    expect(readImageHeader(Buffer.from('GIF89a<script>alert(1)</script>'))).toBeNull();
    expect(readImageHeader(Buffer.from('GIF89a\u0010\u0000\u0010\u0000<script>alert(1)</script>'))).toBeNull();
    expect(readImageHeader(gif(20, 20, false))).toBeNull();
    const png = buildDemoCrest('gremio');
    expect(readImageHeader(png.subarray(0, png.length - 12))).toBeNull(); // no IEND
    const afterEnd = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    expect(readImageHeader(afterEnd)).toBeNull(); // data after IEND
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBeNull();
    expect(readImageHeader(Buffer.concat([webp('VP8X', 4, 4), Buffer.from('xx')]))).toBeNull(); // RIFF size wrong
    expect(readImageHeader(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull();
    expect(readImageHeader(new Uint8Array())).toBeNull();
  });

  it('refuses images larger than a crest, or of no size', () => {
    expect(readImageHeader(gif(MAX_CREST_DIMENSION + 1, 10))).toBeNull();
    expect(readImageHeader(jpeg(10, MAX_CREST_DIMENSION + 1))).toBeNull();
    expect(readImageHeader(webp('VP8X', 20_000, 20_000))).toBeNull();
    expect(readImageHeader(gif(0, 10))).toBeNull();
    expect(readImageHeader(gif(MAX_CREST_DIMENSION, MAX_CREST_DIMENSION))).not.toBeNull();
  });
});
