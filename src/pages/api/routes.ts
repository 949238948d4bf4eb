/** /api/routes, pre-rendered at build time: the OpenAPI 3.1 document of the API. */
import type { APIRoute } from 'astro';
import { buildOpenApiDocument } from '../../lib/api/openapi.ts';

export const prerender = true;

export const GET: APIRoute = () => Response.json(buildOpenApiDocument());
