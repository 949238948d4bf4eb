/**
 * What /api/eventos is made from: the event store's kept events, oldest first. A refresh
 * builds it once and hands it to the route in Astro.locals (src/refresh/render/render-routes.ts);
 * a full `astro build` has no locals and reads the store here.
 */
import { readConfig } from '../config/config.ts';
import { TIMEZONE, type EventFeed } from '../model/model.ts';
import { isListingStale } from '../model/staleness.ts';
import { readKeptEvents } from '../store/scraped/event-store.ts';

export type { EventFeed };

/** The feed of the store in `dataDir` as of `now`: stale like a listing, by the last scrape compared. */
export function buildEventFeed(dataDir: string, now: Date, refreshIntervalSeconds: number): EventFeed {
  const { events, checkedAt } = readKeptEvents(dataDir);
  return {
    generatedAt: checkedAt,
    timezone: TIMEZONE,
    stale: isListingStale(checkedAt, now, refreshIntervalSeconds),
    count: events.length,
    events,
  };
}

export function eventFeedFor(locals: App.Locals): EventFeed {
  if (locals.eventFeed) return locals.eventFeed;
  const config = readConfig();
  return buildEventFeed(config.dataDir, new Date(), config.refreshIntervalSeconds);
}
