// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import { isDataRouteComponent } from './src/lib/api/data-routes.ts';
import { renderAppIntegration } from './src/refresh/render/render-app-integration.ts';
import { serviceWorkerIntegration } from './src/refresh/render/service-worker-integration.ts';

/**
 * The site bundle (PLACAR_SITE_BUNDLE=1, built once per installed version by
 * src/refresh/render/site-bundle.ts) makes the data routes on-demand, so that each refresh renders
 * them through the adapter's handler instead of rebuilding the site. Without it (a plain
 * `astro build`, the tests' byte-for-byte reference) every page is pre-rendered.
 * @type {import('astro').AstroIntegration}
 */
const onDemandDataRoutes = {
  name: 'placar:on-demand-data-routes',
  hooks: {
    'astro:route:setup': ({ route }) => {
      if (process.env.PLACAR_SITE_BUNDLE === '1' && isDataRouteComponent(route.component)) route.prerender = false;
    },
  },
};

/**
 * No preload helper around the browser's dynamic imports (Astro sets the client's modulePreload
 * itself, hence a plugin): the chunks loaded on demand (the search engine, the alerts) carry no
 * CSS and import what they need themselves, and the helper would cost every page ~0.9 KB gzip.
 * @type {import('vite').Plugin}
 */
const noModulePreload = {
  name: 'placar:no-module-preload',
  enforce: 'pre',
  configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
  // Vite 8 wraps every dynamic import in its helper whatever modulePreload says; with nothing to
  // preload the wrapper need only call the import.
  load: (id) => (id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : undefined),
};

/**
 * The browser code two or more page scripts share goes into one chunk, not one per module
 * combination: fewer files, less import/export glue, one gzip dictionary (~0.5 KB less in all).
 * The alerts' own modules (client/alerts/alert-*.ts) stay out of it: shared only by the chunks
 * loaded on demand (the alerts), they would otherwise weigh on every view's first JS.
 */
const SHARED_CHUNK = {
  name: 'dashboard',
  test: /[\\/]src[\\/](client|lib)[\\/](?!alerts[\\/]alert-)|preload-helper/,
  minShareCount: 2,
};

// Builds go into a fresh folder (PLACAR_OUT_DIR) in a child process. See src/refresh/render/.
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [onDemandDataRoutes, renderAppIntegration(), serviceWorkerIntegration(import.meta.dirname)],
  outDir: process.env.PLACAR_OUT_DIR ?? './dist',
  // Per-build caches (set by src/refresh/render/build-site.ts) so concurrent builds never share one.
  ...(process.env.PLACAR_CACHE_DIR ? { cacheDir: `${process.env.PLACAR_CACHE_DIR}/astro` } : {}),
  trailingSlash: 'never',
  build: {
    // /hoje → hoje.html: one file per page, no directory redirects.
    format: 'file',
    // External, fingerprinted CSS and JS only, so the CSP needs no 'unsafe-inline'.
    inlineStylesheets: 'never',
  },
  vite: {
    build: { assetsInlineLimit: 0 },
    plugins: [noModulePreload],
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [SHARED_CHUNK] } } } } } },
    ...(process.env.PLACAR_CACHE_DIR ? { cacheDir: `${process.env.PLACAR_CACHE_DIR}/vite` } : {}),
  },
  devToolbar: { enabled: false },
});
