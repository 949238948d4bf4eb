/**
 * Crests for the demo upstream: each team gets a small PNG (two colours from its name, a
 * round badge) at /escudos/<slug>.png, and the demo's pages show them in the team cells, as
 * the real site does. Deterministic, so tests can rely on them.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';

export const DEMO_CREST_PREFIX = '/escudos/';
const SIZE = 32;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An RGBA PNG of SIZE×SIZE (node:zlib does the compression and the CRCs). */
function encodePng(pixel: (x: number, y: number) => readonly [number, number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 4);
    for (let x = 0; x < SIZE; x++) Buffer.from(pixel(x, y)).copy(row, 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The PNG crest of a team slug: a disc split in two colours, with a ring. */
export function buildDemoCrest(slug: string): Buffer {
  const hash = createHash('sha256').update(slug).digest();
  const first = [hash[0] ?? 0, hash[1] ?? 0, hash[2] ?? 0] as const;
  const second = [hash[3] ?? 255, hash[4] ?? 255, hash[5] ?? 255] as const;
  const centre = (SIZE - 1) / 2;
  return encodePng((x, y) => {
    const distance = Math.hypot(x - centre, y - centre);
    if (distance > centre) return [0, 0, 0, 0];
    if (distance > centre - 2) return [30, 30, 30, 255];
    const [r, g, b] = (hash[6] ?? 0) % 2 === 0 ? (x < centre ? first : second) : y < centre ? first : second;
    return [r, g, b, 255];
  });
}

/** A team name as the demo's slugs write it ("São Paulo" → "sao-paulo"). */
export function slugOf(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'time'
  );
}

/** The path the demo upstream serves a team's crest at. */
export function demoCrestPath(teamName: string): string {
  return `${DEMO_CREST_PREFIX}${slugOf(teamName)}.png`;
}

/** The listing page with a crest <img> in every team cell that has none. */
export function withDemoCrests(html: string): string {
  const $ = cheerio.load(html);
  $('.team-name').each((_, cell) => {
    const team = $(cell);
    if (team.find('img').length > 0) return;
    const name = team.text().trim();
    if (name === '') return;
    const img = `<img src="${demoCrestPath(name)}" alt="" width="20" height="20">`;
    if (team.find('h5.text-left').length > 0) team.prepend(img);
    else team.append(img);
  });
  return $.html();
}

/** The crest for a path the demo upstream is asked for, or null when it is not a crest path. */
export function findDemoCrest(pathname: string): Buffer | null {
  const match = /^\/escudos\/([a-z0-9-]{1,80})\.png$/.exec(pathname);
  return match?.[1] ? buildDemoCrest(match[1]) : null;
}
