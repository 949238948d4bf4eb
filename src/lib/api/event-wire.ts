/**
 * One match event as the stream sends it (Server-Sent Events): made the same way by the
 * server's event hub and by the refresher that publishes to Pushpin, so both carry the same bytes.
 */
import type { MatchEvent } from '../model/model.ts';

export function formatEventWire(event: MatchEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}
