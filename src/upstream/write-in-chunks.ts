/**
 * Feeding a page to htmlparser2 a chunk at a time, one step per chunk (the scans of match and
 * competition pages), and stopping it from a callback when the page nests past what a scan keeps.
 */
import type { Parser } from 'htmlparser2';
import type { Steps } from '../lib/model/steps.ts';

const CHUNK_CHARS = 32 * 1024;

/** Thrown from a parser's callback to stop it at the scan's depth limit. */
export class TooDeep extends Error {}

/** Writes `html` to `parser` in chunks; false when a callback stopped it with TooDeep. */
export function* writeInChunks(parser: Parser, html: string): Steps<boolean> {
  try {
    for (let at = 0; at < html.length; at += CHUNK_CHARS) {
      parser.write(html.slice(at, at + CHUNK_CHARS));
      yield;
    }
    parser.end();
    return true;
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    return false;
  }
}
