/**
 * One system notification. Through the service worker when one is active (Android Chrome
 * refuses `new Notification` in a page), else the page's own Notification. A click brings the
 * page back (the worker's notificationclick opens `data.url`, relative to the site root).
 * Where push reaches this browser (alert-push.ts), the service worker shows the pushed alert
 * instead: one event, one notification, with the page open or closed. alert-push.ts is loaded
 * here only when there is a notification to show (alerts on), so it stays out of the views' JS.
 */
import type { MatchAlert } from '../../lib/display/match-alerts.ts';

async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration?.active ? registration : null;
}

export async function showAlertNotification(alert: MatchAlert): Promise<void> {
  const { pushOn } = await import('./alert-push.ts');
  if (pushOn()) return;
  const registration = await activeRegistration();
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? location.href;
  const options: NotificationOptions = {
    body: alert.body,
    tag: alert.tag,
    lang: 'pt-BR',
    icon: new URL('icon-192.png', manifest).href,
  };
  if (registration) {
    const page = location.href.startsWith(registration.scope) ? location.href.slice(registration.scope.length) : '';
    await registration.showNotification(alert.title, { ...options, data: { url: page } });
    return;
  }
  const notification = new Notification(alert.title, options);
  notification.addEventListener('click', () => {
    window.focus();
    notification.close();
  });
}
