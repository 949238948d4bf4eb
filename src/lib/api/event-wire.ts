/**
 * One message of the event stream as it is sent (Server-Sent Events): made the same way by the
 * server's event hub and by the refresher that publishes to Pushpin, so both carry the same bytes.
 */
import type { MatchEvent } from '../model/model.ts';

/** The type of the notice sent to every stream when a new build is served. */
export const BUILD_NOTICE_TYPE = 'build';

export function formatEventWire(event: MatchEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The notice of a newly served build: no `id:` line, so a client's Last-Event-ID (its resume
 * point among the match events) stays where it was; never kept in the feed.
 */
export function formatBuildNoticeWire(buildId: string): string {
  return `event: ${BUILD_NOTICE_TYPE}\ndata: ${JSON.stringify({ build: buildId })}\n\n`;
}
