/**
 * The events step of a refresh, right after its scrape and under its lock: compare the
 * scraped matches with the event store's baseline and write the new events and baseline
 * together (src/lib/store/event-store.ts). Only a complete scrape — every listing fetched and
 * parsed — is compared: a failed or partial one raises nothing and leaves the baseline.
 */
import { LISTING_NAMES, type ListingName, type Snapshot } from '../lib/model/model.ts';
import { matchesById } from '../lib/model/match-events.ts';
import {
  advanceEventStore,
  readEventStore,
  type MatchPageSightings,
  writeEventStoreAtomicallyAsync,
  type EventStore,
} from '../lib/store/event-store.ts';
import { errorMessage } from '../lib/model/caught-error.ts';

export interface EventsOutcome {
  /** Events added; null when the scrape was incomplete and nothing was compared. */
  added: number | null;
  /** A store that could not be read (it is started again from this scrape). */
  warning: string | null;
}

export async function recordMatchEvents(
  dataDir: string,
  scrape: { listings: Record<ListingName, { ok: boolean }>; snapshot: Snapshot },
  now: Date,
  sightings?: MatchPageSightings,
): Promise<EventsOutcome> {
  if (!LISTING_NAMES.every((listing) => scrape.listings[listing].ok)) return { added: null, warning: null };
  let previous: EventStore | null = null;
  let warning: string | null = null;
  try {
    previous = readEventStore(dataDir);
  } catch (error) {
    warning = `aviso: ${errorMessage(error)}; eventos recomeçam desta coleta`;
  }
  // Live first: it is the most current sighting of a match that is in several listings.
  const current = matchesById(LISTING_NAMES.map((listing) => scrape.snapshot[listing].matches));
  const { store, added } = advanceEventStore(previous, current, now, sightings);
  await writeEventStoreAtomicallyAsync(dataDir, store);
  return { added: added.length, warning };
}

/** Progress lines: how many events, or why none were compared. */
export function formatEventsLines(outcome: EventsOutcome): string[] {
  const lines = outcome.warning ? [outcome.warning] : [];
  lines.push(outcome.added === null ? 'eventos: coleta incompleta, nada comparado' : `eventos: ${outcome.added} novos`);
  return lines;
}
