/**
 * What both page scanners (scan-listing.ts, scan-match-page.ts) share: the page fed to
 * htmlparser2 a chunk per step, and the nesting bound. htmlparser2 keeps its open elements in an
 * array it shifts and searches from the front, so each tag costs time in the depth: a page
 * nested deeper than MAX_DEPTH is refused rather than parsed in time quadratic in its size
 * (100k levels took 15 s; 320k levels, 1.6 MB, a 70-second refresh).
 */
import type { Parser } from 'htmlparser2';
import type { Steps } from '../lib/model/steps.ts';

/** Elements open at once (a real page nests under 40). */
export const MAX_DEPTH = 500;

/**
 * Characters fed to the parser between two steps: well under a millisecond of parsing, even
 * with MAX_DEPTH elements open and every tag a stray closing one searched through them all.
 */
const SCAN_CHUNK_CHARS = 4 * 1024;

/** Thrown from a scanner's callback to stop the parser at MAX_DEPTH. */
export class TooDeep extends Error {}

/** Feeds `html` to `parser` a chunk per step, to the end; false when a callback stopped it with TooDeep. */
export function* feedPageSteps(parser: Parser, html: string): Steps<boolean> {
  try {
    for (let at = 0; at < html.length; at += SCAN_CHUNK_CHARS) {
      parser.write(html.slice(at, at + SCAN_CHUNK_CHARS));
      yield;
    }
    parser.end();
    return true;
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    return false;
  }
}
