/**
 * DATA_DIR/events.json: the match events Placar keeps (the last 24 hours, at most
 * MAX_KEPT_EVENTS), the last id it gave, and the last state of every match it has seen — the
 * baseline the next scrape is compared with. Events and baseline are one file written
 * atomically, so a process killed at any point neither loses nor repeats an event.
 * Only refreshes write it, under the data folder's refresh lock. What this process read or wrote
 * is kept while the file is unchanged (kept-values.ts), so it is not parsed again.
 */
import path from 'node:path';
import { z } from 'zod';
import { detectMatchChanges, rememberMatches, type MatchChange } from '../../model/match-events.ts';
import { buildRedCard, findGoalScorer, findNewRedCards, redCardKey, redCardsOf } from '../../model/detail-events.ts';
import {
  EVENT_KEEP_MS,
  MATCH_EVENT_ID_PATTERN,
  MAX_KEPT_EVENTS,
  MatchEventSchema,
  MatchSchema,
  type Match,
  type MatchDetail,
  type MatchEvent,
} from '../../model/model.ts';
import { formatSaoPauloIso } from '../../model/time.ts';
import { eventIdTime, nextEventIds } from './event-ids.ts';
import { readJsonFile, writeJsonAtomically, writeJsonAtomicallyAsync } from '../files/json-file.ts';
import { withCrestSources } from './legacy-crests.ts';
import { createKeptValues, fileIdentity } from '../files/kept-values.ts';

export const EVENT_STORE_FILE = 'events.json';

/** A match not seen for this long leaves the baseline (a day's matches stay well inside it). */
const KNOWN_MATCH_KEEP_MS = 3 * EVENT_KEEP_MS;

const KnownMatchSchema = z.object({
  seenAt: z.number().int().min(0),
  match: MatchSchema,
  /** The red cards its page showed so far (redCardKey); absent until a page of the match is read. */
  redCards: z.array(z.string().max(400)).max(200).optional(),
});
type KnownMatch = z.infer<typeof KnownMatchSchema>;

const EventStoreSchema = z.object({
  /** The last id given (kept even when its event has expired, so ids never go back). */
  lastId: z.string().regex(MATCH_EVENT_ID_PATTERN).nullable(),
  /** When a scrape's matches were last compared (ISO 8601, São Paulo offset). */
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

/** What the match pages tell the events (src/refresh/match-pages/fetch-match-pages.ts reads them). */
export interface MatchPageSightings {
  /** Details of the pages read in this refresh, by match id: only these name a GOAL's scorer. */
  readNow: ReadonlyMap<string, MatchDetail>;
  /** The latest detail held of each match (read now or before): red cards are compared on these. */
  latest: ReadonlyMap<string, MatchDetail>;
}

const NO_SIGHTINGS: MatchPageSightings = { readNow: new Map(), latest: new Map() };

/** A GOAL with its scorer (goal number counted from the score before, per side), others as they are. */
function withScorers(changes: readonly MatchChange[], sightings: MatchPageSightings): Omit<MatchEvent, 'id' | 'at'>[] {
  const counted = new Map<string, number>();
  return changes.map(({ type, match, team, previous }) => {
    if (team === undefined) return { type, match, previous };
    if (type !== 'GOAL') return { type, match, team, previous };
    const side = team === 'HOME' ? 'home' : 'away';
    const key = `${match.id}|${side}`;
    const goalNumber = (counted.get(key) ?? previous.score[side] ?? 0) + 1;
    counted.set(key, goalNumber);
    const detail = sightings.readNow.get(match.id);
    const scorer = detail ? findGoalScorer(detail, team, goalNumber, match.score[side]) : null;
    return { type, match, team, previous, scorer };
  });
}

/** RED_CARD for each red card a match's latest page shows that its known entry had not; the seen cards after. */
function redCardChanges(
  match: Match,
  known: KnownMatch | undefined,
  sightings: MatchPageSightings,
): { events: Omit<MatchEvent, 'id' | 'at'>[]; redCards: string[] | undefined } {
  const detail = sightings.latest.get(match.id);
  if (!detail) return { events: [], redCards: known?.redCards };
  const redCards = redCardsOf(detail).map(redCardKey);
  // The first page read of a match is its baseline, like a first sighting of its row.
  if (known?.redCards === undefined) return { events: [], redCards };
  const previous = { status: known.match.status, score: known.match.score };
  const events = findNewRedCards(detail, new Set(known.redCards)).map((card) => ({
    type: 'RED_CARD' as const,
    match,
    team: card.team,
    previous,
    card: buildRedCard(card),
  }));
  return { events, redCards: [...new Set([...known.redCards, ...redCards])] };
}

/**
 * Pure: the store after a complete, successful sighting of `current` at `now` (and of the match
 * pages read so far), and the events it added. No previous store (first run): `current` becomes
 * the baseline and nothing is an event.
 */
export function advanceEventStore(
  previous: EventStore | null,
  current: readonly Match[],
  now: Date,
  sightings: MatchPageSightings = NO_SIGHTINGS,
): { store: EventStore; added: MatchEvent[] } {
  const nowMs = now.getTime();
  const knownEntries = previous?.known ?? [];
  const knownById = new Map(knownEntries.map((entry) => [entry.match.id, entry]));
  const known = new Map(knownEntries.map((entry) => [entry.match.id, entry.match]));
  const made: Omit<MatchEvent, 'id' | 'at'>[] = [];
  const redCardsById = new Map<string, string[] | undefined>();
  for (const match of current) {
    const before = known.get(match.id);
    if (previous !== null && before !== undefined)
      made.push(...withScorers(detectMatchChanges(known, [match]), sightings));
    const cards = redCardChanges(match, previous === null ? undefined : knownById.get(match.id), sightings);
    if (previous !== null && before !== undefined) made.push(...cards.events);
    redCardsById.set(match.id, cards.redCards);
  }
  const ids = nextEventIds(previous?.lastId ?? null, nowMs, made.length);
  const at = formatSaoPauloIso(now);
  const added = made.map(({ type, ...rest }, index): MatchEvent => ({ id: ids[index] ?? '', type, at, ...rest }));

  const seenAt = new Map(knownEntries.map((entry) => [entry.match.id, entry.seenAt]));
  for (const match of current) seenAt.set(match.id, nowMs);
  const remembered = rememberMatches(known, current);
  const nextKnown = [...remembered.values()]
    .map((match): KnownMatch => {
      const redCards = redCardsById.has(match.id) ? redCardsById.get(match.id) : knownById.get(match.id)?.redCards;
      const entry: KnownMatch = { seenAt: seenAt.get(match.id) ?? nowMs, match };
      return redCards === undefined ? entry : { ...entry, redCards };
    })
    .filter((entry) => nowMs - entry.seenAt <= KNOWN_MATCH_KEEP_MS);
  const events = [...(previous?.events ?? []), ...added]
    .filter((event) => nowMs - eventIdTime(event.id) <= EVENT_KEEP_MS)
    .slice(-MAX_KEPT_EVENTS);
  const lastId = ids.at(-1) ?? previous?.lastId ?? null;
  return { store: { lastId, checkedAt: at, events, known: nextKnown }, added };
}
