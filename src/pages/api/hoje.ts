/** /api/hoje, pre-rendered at build time: the snapshot's envelope, unchanged. */
import type { APIRoute } from 'astro';
import { readConfig } from '../../lib/config.ts';
import { readSnapshotOrEmpty } from '../../lib/snapshot-store.ts';

export const prerender = true;

export const GET: APIRoute = () => {
  const config = readConfig();
  return Response.json(readSnapshotOrEmpty(config.dataDir, config.upstreamUrl).hoje);
};
