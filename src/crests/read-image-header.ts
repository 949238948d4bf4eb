/**
 * Pure: a crest's image header read in full, not only its first bytes. A file is kept only when
 * its structure holds for its type (PNG: IHDR first and IEND last; GIF: the trailer last; JPEG:
 * segments up to a frame header, EOI last; WebP: the RIFF size and a VP8/VP8L/VP8X header) and
 * its dimensions are those of a crest: a `GIF89a<script>…` polyglot reads as a 29,500-pixel
 * image without a trailer and is refused.
 */
import { sniffRasterType, type RasterType } from './sniff-image.ts';

/** Crests are shown at 20 px; far bigger is not a crest. */
export const MAX_CREST_DIMENSION = 1024;

export interface ImageHeader {
  type: RasterType;
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));

function pngSize(bytes: Buffer): [number, number] | null {
  if (bytes.length < 8 + 25 + 12 || bytes.readUInt32BE(8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  const end = bytes.length - 12;
  if (bytes.readUInt32BE(end) !== 0 || ascii(bytes, end + 4, 4) !== 'IEND') return null;
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

function gifSize(bytes: Buffer): [number, number] | null {
  if (bytes.length < 14 || bytes[bytes.length - 1] !== 0x3b) return null;
  return [bytes.readUInt16LE(6), bytes.readUInt16LE(8)];
}

/** Start-of-frame markers (C0–CF but DHT C4, JPG C8 and DAC CC). */
const isFrameMarker = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpegSize(bytes: Buffer): [number, number] | null {
  if (bytes.length < 4 || bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (isFrameMarker(marker))
      return at + 9 <= bytes.length ? [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)] : null;
    if (marker === 0xda || marker === 0xd9) return null; // scan data or the end before any frame header
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer): [number, number] | null {
  if (bytes.length < 25 || bytes.readUInt32LE(4) !== bytes.length - 8) return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk !== 'VP8L' && bytes.length < 30) return null;
  if (chunk === 'VP8X') return [1 + bytes.readUIntLE(24, 3), 1 + bytes.readUIntLE(27, 3)];
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return [1 + (bits & 0x3fff), 1 + ((bits >>> 14) & 0x3fff)];
  }
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return [bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff];
  }
  return null;
}

const SIZE_OF: Record<RasterType, (bytes: Buffer) => [number, number] | null> = {
  png: pngSize,
  gif: gifSize,
  jpg: jpegSize,
  webp: webpSize,
};

/** The image's type and size when it is a well-formed crest-sized raster image, else null. */
export function readImageHeader(data: Uint8Array): ImageHeader | null {
  const type = sniffRasterType(data);
  if (type === null) return null;
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const size = SIZE_OF[type](bytes);
  if (!size) return null;
  const [width, height] = size;
  const fits = (side: number): boolean => side >= 1 && side <= MAX_CREST_DIMENSION;
  return fits(width) && fits(height) ? { type, width, height } : null;
}
