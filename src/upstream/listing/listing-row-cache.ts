/**
 * The matches a listing's previous read made of its candidates, by everything each read depends on (a hash of the
 * candidate's HTML and context, made by read-listing-candidate.ts). A minute changes few rows of a listing (the live
 * ones): the others are taken as read, without building their trees or checking them against the model again. The
 * read stays a function of the page: with or without the cache, the same page reads as the same matches.
 */
import { LIMITS, type Match } from '../../lib/model/model.ts';

/** A candidate read as a match: what the cache keeps of it. */
export interface CandidateRead {
  match: Match;
  statusRecognised: boolean;
}

export interface ListingRowCache {
  /** A new read of the listing begins: only the rows of the last one are kept for it. */
  startRead(): void;
  get(key: string): CandidateRead | undefined;
  set(key: string, read: CandidateRead): void;
}

/**
 * One cache per listing (one page read after another): it holds at most two reads' rows, and at most `maxRows` of
 * each. A listing keeps LIMITS.matches matches; a hostile page of tens of thousands of readable rows would otherwise
 * stay in memory from one refresh to the next, where its read alone is garbage at once.
 */
export function createListingRowCache(maxRows: number = LIMITS.matches): ListingRowCache {
  let previous = new Map<string, CandidateRead>();
  let current = new Map<string, CandidateRead>();
  return {
    startRead() {
      previous = current;
      current = new Map();
    },
    get(key) {
      const read = current.get(key) ?? previous.get(key);
      if (read && current.size < maxRows) current.set(key, read);
      return read;
    },
    set(key, read) {
      if (current.size < maxRows) current.set(key, read);
    },
  };
}
