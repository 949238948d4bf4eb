/**
 * Pure: the notice a listing view shows, decided from the data's own age as well as its flag, so
 * a page opened (or kept open) after its refresher stopped says so at once, not a poll later.
 */
import type { ListEnvelope } from '../model/model.ts';
import { isListingStale } from '../model/staleness.ts';
import { buildStaleNotice, type FetchState } from './match-display.ts';

export function buildListingNotice(
  envelope: Pick<ListEnvelope, 'generatedAt' | 'stale'>,
  fetch: FetchState,
  now: Date,
  intervalSeconds: number,
): string | null {
  const stale = envelope.stale || isListingStale(envelope.generatedAt, now, intervalSeconds);
  return buildStaleNotice({ generatedAt: envelope.generatedAt, stale }, fetch);
}
