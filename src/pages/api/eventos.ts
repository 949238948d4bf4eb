/** /api/eventos: the kept match events, oldest first (rendered at each refresh, see src/lib/api/data-routes.ts). */
import type { APIRoute } from 'astro';
import { jsonSharingResponse } from '../../lib/api/json-route.ts';
import { eventFeedFor } from '../../lib/display/event-feed.ts';

export const prerender = true;

export const GET: APIRoute = ({ locals }) => jsonSharingResponse(eventFeedFor(locals), ['events']);
