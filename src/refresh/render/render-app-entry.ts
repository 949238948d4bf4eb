/**
 * An extra entry of the site bundle's server build (render-app-integration.ts): Astro's own App
 * over the bundle's manifest, so the refresh renders a route with `app.render(request, { locals })`
 * in its own process, without an HTTP round trip through the adapter's handler.
 */
import { createApp } from 'astro/app/entrypoint';

// Not streamed: the refresh writes whole files; the bytes are the same either way.
export const app = createApp({ streaming: false });
