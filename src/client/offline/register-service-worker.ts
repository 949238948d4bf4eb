/**
 * Registers the service worker (sw.js, next to the web app manifest at the site root, so the
 * same code works from Placar's server and from a bucket under any prefix). Without support,
 * or when registration fails, the site simply works online as before.
 */
const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
if (manifest && 'serviceWorker' in navigator) {
  const workerUrl = new URL('sw.js', manifest.href);
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(workerUrl, { scope: new URL('./', workerUrl).href }).catch(() => {
      // Offline use is a bonus: nothing to tell the reader.
    });
  });
}
