// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';

// Each refresh builds into a fresh folder (PLACAR_OUT_DIR) in a child process; the server
// then re-points DATA_DIR/current at the new client folder. See src/pipeline/.
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  outDir: process.env.PLACAR_OUT_DIR ?? './dist',
  // Per-build caches (set by src/pipeline/build-site.ts) so concurrent builds never share one.
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
    ...(process.env.PLACAR_CACHE_DIR ? { cacheDir: `${process.env.PLACAR_CACHE_DIR}/vite` } : {}),
  },
  devToolbar: { enabled: false },
});
