/**
 * Puts render-app.mjs (render-app-entry.ts: Astro's App for in-process renders) beside the
 * adapter's entry.mjs in the site bundle's server folder. @astrojs/node stays the site's adapter
 * (its entry serves `astro preview` and whoever mounts the handler); its entry exports only that
 * handler, and the refresh needs the App itself.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export const RENDER_APP_FILE = 'render-app.mjs';
const RENDER_APP_ENTRY = fileURLToPath(new URL('./render-app-entry.ts', import.meta.url));

export function renderAppIntegration(): AstroIntegration {
  return {
    name: 'placar:render-app',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'placar:render-app-entry',
                applyToEnvironment: (environment) => environment.name === 'ssr',
                buildStart() {
                  this.emitFile({ type: 'chunk', id: RENDER_APP_ENTRY, fileName: RENDER_APP_FILE });
                },
              },
            ],
          },
        });
      },
    },
  };
}
