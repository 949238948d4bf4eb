/**
 * A fan's browser for the e2e tests of issue 23: followed teams stored before the page loads, and
 * every notification the page raises recorded (the page's own code runs unchanged: the init script
 * wraps ServiceWorkerRegistration.showNotification and the Notification constructor, then calls
 * them).
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface RecordedNotification {
  title: string;
  body: string;
  via: 'service-worker' | 'page';
}

/** Stores `teams` in placar:times before the first page of the context loads (later changes stay). */
export async function followBeforeLoad(context: BrowserContext, teams: readonly string[]): Promise<void> {
  await context.addInitScript((value) => {
    if (localStorage.getItem('placar:times') === null) localStorage.setItem('placar:times', value);
  }, JSON.stringify(teams));
}

export async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const calls: { title: string; body: string; via: string }[] = [];
    Object.defineProperty(window, '__notificacoes', { value: calls });
    const showNotification = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      calls.push({ title, body: options?.body ?? '', via: 'service-worker' });
      return showNotification.call(this, title, options);
    };
    const Native = window.Notification;
    window.Notification = class extends Native {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        calls.push({ title, body: options?.body ?? '', via: 'page' });
      }
    };
  });
}

export function readNotifications(page: Page): Promise<RecordedNotification[]> {
  return page.evaluate(() => [
    ...((window as unknown as { __notificacoes?: RecordedNotification[] }).__notificacoes ?? []),
  ]);
}

/** Turns alerts on from "Meus times" (notification permission granted beforehand) and waits until the page says so. */
export async function turnAlertsOn(page: Page): Promise<void> {
  const region = page.getByRole('region', { name: 'Meus times' });
  await region.getByRole('button', { name: 'Ativar alertas', exact: true }).click();
  await region.getByRole('button', { name: 'Desativar alertas', exact: true }).waitFor();
}

/** Makes the page hidden (or visible again) as a switched tab is, and tells it. */
export async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/**
 * Advances the pages' clock (one per browser context, installed before they loaded) by a poll
 * interval and waits until each page fetched its listings anew. The wall clock is set so that the
 * polls happen at the real time: the pages judge the server's fresh data fresh.
 */
export async function pollOnce(...pages: Page[]): Promise<void> {
  const answered = pages.flatMap((page) =>
    ['/api/live', '/api/hoje'].map((endpoint) => page.waitForResponse((response) => response.url().endsWith(endpoint))),
  );
  await pages[0]?.clock.setSystemTime(Date.now() - 60_000);
  await pages[0]?.clock.runFor(60_000);
  await Promise.all(answered);
}
