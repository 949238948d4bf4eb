/**
 * The events step of a refresh, right after its scrape and under its lock: compare the
 * scraped matches with the event store's baseline and write the new events and baseline
 * together (src/lib/store/scraped/event-store.ts). The listings that arrived (fetched and parsed, or
 * not due) are compared; a failed one's matches are left out — the snapshot still holds its
 * last good rows, which say nothing new — so a match only there keeps its baseline, raises no
 * event and is not taken for gone, and the others' goals are not held back by it (a yesterday
 * listing failing for an hour held every event back as long). Nothing arrived: nothing compared.
 */
import { LISTING_NAMES, type ListingName, type Snapshot } from '../../lib/model/model.ts';
import { matchesById } from '../../lib/model/match-events.ts';
import {
  advanceEventStore,
  readEventStore,
  type MatchPageSightings,
  writeEventStoreAtomicallyAsync,
  type EventStore,
} from '../../lib/store/scraped/event-store.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';

export interface EventsOutcome {
  /** Events added; null when no listing arrived and nothing was compared. */
  added: number | null;
  /** The listings that failed this time: their matches were not compared. */
  missing: ListingName[];
  /** A store that could not be read (it is started again from this scrape). */
  warning: string | null;
}

export async function recordMatchEvents(
  dataDir: string,
  scrape: { listings: Record<ListingName, { ok: boolean }>; snapshot: Snapshot },
  now: Date,
  sightings?: MatchPageSightings,
): Promise<EventsOutcome> {
  const arrived = LISTING_NAMES.filter((listing) => scrape.listings[listing].ok);
  const missing = LISTING_NAMES.filter((listing) => !scrape.listings[listing].ok);
  if (arrived.length === 0) return { added: null, missing, warning: null };
  let previous: EventStore | null = null;
  let warning: string | null = null;
  try {
    previous = readEventStore(dataDir);
  } catch (error) {
    warning = `aviso: ${errorMessage(error)}; eventos recomeçam desta coleta`;
  }
  // Live first: it is the most current sighting of a match that is in several listings.
  const current = matchesById(arrived.map((listing) => scrape.snapshot[listing].matches));
  const { store, added } = advanceEventStore(previous, current, now, sightings);
  await writeEventStoreAtomicallyAsync(dataDir, store);
  return { added: added.length, missing, warning };
}

/** Progress lines: how many events, or why none were compared. */
export function formatEventsLines(outcome: EventsOutcome): string[] {
  const lines = outcome.warning ? [outcome.warning] : [];
  const without =
    outcome.missing.length === 0 ? '' : ` (sem ${outcome.missing.join(', ')}: seus jogos esperam a próxima coleta)`;
  lines.push(
    outcome.added === null
      ? 'eventos: nenhuma lista chegou, nada comparado'
      : `eventos: ${outcome.added} novos${without}`,
  );
  return lines;
}
