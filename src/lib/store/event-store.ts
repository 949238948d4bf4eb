/**
 * DATA_DIR/events.json: the match events Placar keeps (the last 24 hours, at most
 * MAX_KEPT_EVENTS), the last id it gave, and the last state of every match it has seen — the
 * baseline the next scrape is compared with. Events and baseline are one file written
 * atomically, so a process killed at any point neither loses nor repeats an event.
 * Only refreshes write it, under the data folder's refresh lock. What this process read or wrote
 * is kept while the file is unchanged (kept-values.ts): ~40 ms of parsing at 1,000 matches a day.
 */
import path from 'node:path';
import { z } from 'zod';
import { detectMatchChanges, rememberMatches } from '../model/match-events.ts';
import {
  EVENT_KEEP_MS,
  MATCH_EVENT_ID_PATTERN,
  MAX_KEPT_EVENTS,
  MatchEventSchema,
  MatchSchema,
  type Match,
  type MatchEvent,
} from '../model/model.ts';
import { formatSaoPauloIso } from '../model/time.ts';
import { eventIdTime, nextEventIds } from './event-ids.ts';
import { readJsonFile, writeJsonAtomically, writeJsonAtomicallyAsync } from './json-file.ts';
import { withCrestSources } from './legacy-crests.ts';
import { createKeptValues, fileIdentity } from './kept-values.ts';

export const EVENT_STORE_FILE = 'events.json';

/** A match not seen for this long leaves the baseline (a day's matches stay well inside it). */
const KNOWN_MATCH_KEEP_MS = 3 * EVENT_KEEP_MS;

const KnownMatchSchema = z.object({ seenAt: z.number().int().min(0), match: MatchSchema });

const EventStoreSchema = z.object({
  /** The last id given (kept even when its event has expired, so ids never go back). */
  lastId: z.string().regex(MATCH_EVENT_ID_PATTERN).nullable(),
  /** When the last complete scrape was compared (ISO 8601, São Paulo offset). */
  checkedAt: z.string().max(40),
  events: z.array(MatchEventSchema).max(MAX_KEPT_EVENTS),
  known: z.array(KnownMatchSchema),
});
export type EventStore = z.infer<typeof EventStoreSchema>;

const keptStores = createKeptValues<EventStore>();

export function eventStorePath(dataDir: string): string {
  return path.join(dataDir, EVENT_STORE_FILE);
}

/** Thrown when events.json exists but cannot be read as an event store. */
export class EventStoreFileError extends Error {
  override name = 'EventStoreFileError' as const;
}

/** The store on disk, validated; null when there is none yet. Throws EventStoreFileError. */
export function readEventStore(dataDir: string): EventStore | null {
  const file = eventStorePath(dataDir);
  const kept = keptStores.get(file);
  if (kept) return kept;
  const identity = fileIdentity(file);
  let reading = readJsonFile(file, EventStoreSchema);
  // A file from before crestSource: converted only when it does not parse as it is.
  if (reading.kind === 'unusable') {
    const legacy = readJsonFile(file, z.unknown().transform(withCrestSources).pipe(EventStoreSchema));
    if (legacy.kind === 'found') reading = legacy;
  }
  if (reading.kind === 'absent') return null;
  if (reading.kind === 'unusable') {
    throw new EventStoreFileError(`registro de eventos inválido: ${reading.reason}`, { cause: reading.cause });
  }
  keptStores.set(file, identity, reading.value);
  return reading.value;
}

/** The kept events, oldest first ([] when there is no readable store). */
export function readKeptEvents(dataDir: string): { events: MatchEvent[]; checkedAt: string | null } {
  try {
    const store = readEventStore(dataDir);
    return { events: store?.events ?? [], checkedAt: store?.checkedAt ?? null };
  } catch {
    return { events: [], checkedAt: null };
  }
}

export function writeEventStoreAtomically(dataDir: string, store: EventStore): void {
  const file = eventStorePath(dataDir);
  writeJsonAtomically(file, store);
  keptStores.set(file, fileIdentity(file), store);
}

/** writeEventStoreAtomically off the event loop (the refresh, in a serving process). */
export async function writeEventStoreAtomicallyAsync(dataDir: string, store: EventStore): Promise<void> {
  const file = eventStorePath(dataDir);
  await writeJsonAtomicallyAsync(file, store);
  keptStores.set(file, fileIdentity(file), store);
}

/**
 * Pure: the store after a complete, successful sighting of `current` at `now`, and the events
 * it added. No previous store (first run): `current` becomes the baseline and nothing is an event.
 */
export function advanceEventStore(
  previous: EventStore | null,
  current: readonly Match[],
  now: Date,
): { store: EventStore; added: MatchEvent[] } {
  const nowMs = now.getTime();
  const knownEntries = previous?.known ?? [];
  const known = new Map(knownEntries.map((entry) => [entry.match.id, entry.match]));
  const changes = previous === null ? [] : detectMatchChanges(known, current);
  const ids = nextEventIds(previous?.lastId ?? null, nowMs, changes.length);
  const at = formatSaoPauloIso(now);
  const added = changes.map(({ type, match, team, previous: before }, index): MatchEvent => {
    const id = ids[index] ?? '';
    return team === undefined
      ? { id, type, at, match, previous: before }
      : { id, type, at, match, team, previous: before };
  });

  const seenAt = new Map(knownEntries.map((entry) => [entry.match.id, entry.seenAt]));
  for (const match of current) seenAt.set(match.id, nowMs);
  const remembered = rememberMatches(known, current);
  const nextKnown = [...remembered.values()]
    .map((match) => ({ seenAt: seenAt.get(match.id) ?? nowMs, match }))
    .filter((entry) => nowMs - entry.seenAt <= KNOWN_MATCH_KEEP_MS);
  const events = [...(previous?.events ?? []), ...added]
    .filter((event) => nowMs - eventIdTime(event.id) <= EVENT_KEEP_MS)
    .slice(-MAX_KEPT_EVENTS);
  const lastId = ids.at(-1) ?? previous?.lastId ?? null;
  return { store: { lastId, checkedAt: at, events, known: nextKnown }, added };
}
