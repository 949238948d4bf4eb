/** /api/amanha: the snapshot's envelope, unchanged (rendered at each refresh, see src/lib/api/data-routes.ts). */
import type { APIRoute } from 'astro';
import { dashboardDataFor } from '../../lib/display/dashboard-data.ts';

export const prerender = true;

export const GET: APIRoute = ({ locals }) => Response.json(dashboardDataFor(locals).snapshot.amanha);
