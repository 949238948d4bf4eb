/** /api/eventos: the kept match events, oldest first (rendered at each refresh, see src/lib/api/data-routes.ts). */
import type { APIRoute } from 'astro';
import { eventFeedFor } from '../../lib/display/event-feed.ts';

export const prerender = true;

export const GET: APIRoute = ({ locals }) => Response.json(eventFeedFor(locals));
