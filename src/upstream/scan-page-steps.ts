/**
 * What the page scanners (scan-listing.ts, scan-match-page.ts, scan-competition-page.ts) share:
 * the page fed to htmlparser2 a chunk per step, each tag told with where it sits in the page, and
 * the nesting bound. htmlparser2 keeps its open elements in an
 * array it shifts and searches from the front, so each tag costs time in the depth: a page
 * nested deeper than MAX_DEPTH is refused rather than parsed in time quadratic in its size.
 */
import { Parser } from 'htmlparser2';
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
function* feedPageSteps(parser: Parser, html: string): Steps<boolean> {
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

/** What a scanner does with the parser's events (a class keeping its open elements, one per page kind). */
export interface PageScanner {
  /** An element opens; `start` is the index of its `<` in the page. Throws TooDeep past MAX_DEPTH open. */
  openTag(name: string, attribs: Record<string, string>, start: number): void;
  text(text: string): void;
  /** The innermost open element closes; the page's text up to `end` holds it. */
  closeTag(end: number): void;
}

/** Walks `html` once for `scanner`, a chunk per step; false when the scanner stopped it with TooDeep. */
export function scanPageSteps(html: string, scanner: PageScanner): Steps<boolean> {
  const parser: Parser = new Parser(
    {
      onopentag: (name, attribs) => scanner.openTag(name, attribs, parser.startIndex),
      ontext: (text) => scanner.text(text),
      // Just past the end tag; for a close the parser implies, not before where it stands, never past the page.
      onclosetag: () => scanner.closeTag(Math.min(html.length, Math.max(parser.endIndex + 1, parser.startIndex))),
    },
    { decodeEntities: true },
  );
  return feedPageSteps(parser, html);
}
