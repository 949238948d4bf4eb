/**
 * The value a refresh hands the server (src/lib/store/builds/build-loaded.ts), made from the build's files: for a
 * server whose refresh ran in another process (a cluster's primary, `npm run refresh` beside REFRESH_CRON=off) and
 * at start-up. The only reader of a build's JSON in the server; what it reads was validated when the refresh wrote
 * it, and is validated again here (zod), at the edge: a listing that does not parse is served as never fetched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LISTING_NAMES, ListEnvelopeSchema, type MatchEvent, type Snapshot } from '../../lib/model/model.ts';
import { buildClientDir, buildManifestPath } from '../../lib/store/builds/build-layout.ts';
import { EVENT_FEED_FILE, listingFile, missingListing, type BuildLoaded } from '../../lib/store/builds/build-loaded.ts';
import { SiteManifestError, readSiteManifest } from '../../lib/store/builds/site-manifest.ts';
import { readFeedBytes } from './read-feed-bytes.ts';

function readClientFile(clientDir: string, file: string): Buffer | null {
  try {
    return fs.readFileSync(path.join(clientDir, ...file.split('/')));
  } catch {
    return null;
  }
}

function readListings(clientDir: string): Snapshot {
  const snapshot = {} as Snapshot;
  for (const listing of LISTING_NAMES) {
    const bytes = readClientFile(clientDir, listingFile(listing));
    let parsed = null;
    try {
      parsed = bytes && ListEnvelopeSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    } catch {
      // Not JSON: as if missing.
    }
    snapshot[listing] = parsed?.success ? parsed.data : missingListing();
  }
  return snapshot;
}

/**
 * Build `buildId` as the server holds it. `previous` (the served build's value): its events are reused by id, so
 * only the new events' lines of the feed are parsed. SiteManifestError when the build has no readable manifest; an
 * unreadable feed is null (its pages are served all the same).
 */
export function readBuildLoaded(dataDir: string, buildId: string, previous: BuildLoaded | null = null): BuildLoaded {
  // Not kept once read: the site holds what it needs of it (a refresh in this process keeps what it wrote).
  const manifest = readSiteManifest(buildManifestPath(dataDir, buildId), { keep: false });
  if (!manifest) throw new SiteManifestError(`O build ${buildId} não tem manifesto: não foi publicado por completo.`);
  const clientDir = buildClientDir(dataDir, buildId);
  const known = new Map<string, MatchEvent>(previous?.feed?.events.map((event) => [event.id, event]));
  const feedBytes = readClientFile(clientDir, EVENT_FEED_FILE);
  let feed = null;
  try {
    feed = feedBytes && readFeedBytes(feedBytes, known);
  } catch {
    // Not JSON: the build serves no feed the server can read.
  }
  return { buildId, manifest, snapshot: readListings(clientDir), feed };
}
