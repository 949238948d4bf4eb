/** /api/eventos: the kept match events, oldest first (rendered at each refresh, see src/lib/api/data-routes.ts). */
import type { APIRoute } from 'astro';
import { serializeEventFeed } from '../../lib/api/event-feed-body.ts';
import { eventFeedFor } from '../../lib/display/event-feed.ts';

export const prerender = true;

export const GET: APIRoute = ({ locals }) =>
  new Response(serializeEventFeed(eventFeedFor(locals)), { headers: { 'content-type': 'application/json' } });
