/**
 * The Astro integration that puts sw.js (src/refresh/render/service-worker-build.ts) into every
 * build's client folder: the site bundle's (then hard-linked into each refresh's build) and a
 * full `astro build`'s. The shell's pages come from Astro's own routes and its API listings from
 * the data routes, so a new page or listing is in it without a list to keep.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DATA_ROUTES } from '../../lib/api/data-routes.ts';
import { SERVICE_WORKER_FILE, shellListingsOf, shellPagesOf, writeServiceWorker } from './service-worker-build.ts';

export function serviceWorkerIntegration(projectRoot: string): AstroIntegration {
  let pages: string[] = [];
  return {
    name: 'placar:service-worker',
    hooks: {
      'astro:routes:resolved': ({ routes }) => {
        pages = shellPagesOf(routes);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const source = path.join(projectRoot, 'src', 'client', 'offline', 'service-worker.ts');
        const written = await writeServiceWorker(fileURLToPath(dir), pages, shellListingsOf(DATA_ROUTES), source);
        const shell = `${written.pages.length} páginas e ${written.files.length} arquivos no shell`;
        logger.info(`${SERVICE_WORKER_FILE}: versão ${written.version}, ${shell}, ${written.bytes} bytes`);
      },
    },
  };
}
