/**
 * The team names Placar has seen: in the listings (snapshot.json), the kept days (arquivo) and
 * the tables (tabelas). Push subscriptions may follow only these: a name no match ever carries
 * would hold a subscription that no alert can reach. Read again only when a name is not among
 * those last read and a source changed since (a file's identity, the tables folder's mtime).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ListEnvelope } from '../../model/model.ts';
import { fileIdentity } from '../files/kept-values.ts';
import { archiveDir, readArchiveIndex, readDayListing } from './archive-store.ts';
import { readSnapshot, snapshotPath } from './snapshot-store.ts';
import { STANDINGS_FOLDER, readStandingsRecords } from './table-store.ts';

export interface KnownTeams {
  /** The names of `teams` Placar has never seen (empty: all are known). */
  unknownOf(teams: readonly string[]): string[];
}

function addListingTeams(names: Set<string>, listing: ListEnvelope): void {
  for (const match of listing.matches) {
    names.add(match.homeTeam.name);
    names.add(match.awayTeam.name);
  }
}

function readSnapshotOrNull(dataDir: string): ReturnType<typeof readSnapshot> {
  try {
    return readSnapshot(dataDir);
  } catch {
    // An unreadable snapshot names no team; the next one will.
    return null;
  }
}

function readKnownNames(dataDir: string): Set<string> {
  const names = new Set<string>();
  const snapshot = readSnapshotOrNull(dataDir);
  if (snapshot) for (const listing of Object.values(snapshot)) addListingTeams(names, listing);
  for (const day of Object.keys(readArchiveIndex(dataDir).days)) {
    const listing = readDayListing(dataDir, day);
    if (listing) addListingTeams(names, listing);
  }
  for (const record of readStandingsRecords(dataDir).records.values())
    for (const group of record.groups) for (const row of group.rows) names.add(row.team.name);
  return names;
}

function folderMtime(folder: string): string {
  try {
    return String(fs.statSync(folder).mtimeMs);
  } catch {
    return 'missing';
  }
}

export function createKnownTeams(dataDir: string): KnownTeams {
  const sourcesKey = (): string =>
    [
      fileIdentity(snapshotPath(dataDir)),
      fileIdentity(path.join(archiveDir(dataDir), 'index.json')),
      folderMtime(path.join(dataDir, STANDINGS_FOLDER)),
    ].join('|');
  let read: { key: string; names: Set<string> } | null = null;
  return {
    unknownOf(teams) {
      const missing = (names: ReadonlySet<string>): string[] => teams.filter((team) => !names.has(team));
      if (read && missing(read.names).length === 0) return [];
      const key = sourcesKey();
      if (read?.key !== key) read = { key, names: readKnownNames(dataDir) };
      return missing(read.names);
    },
  };
}
