/**
 * Whether this browser raises notifications for the followed teams: the fan turned alerts on
 * here (localStorage `placar:alertas` = "1", set by the "Ativar alertas" button) and the
 * browser grants notifications. Anything else, or no storage: off.
 */
export const ALERTS_KEY = 'placar:alertas';

export function notificationsSupported(): boolean {
  return 'Notification' in window;
}

function readWanted(): boolean {
  try {
    return localStorage.getItem(ALERTS_KEY) === '1';
  } catch {
    return false;
  }
}

let wanted = readWanted();

export function alertsOn(): boolean {
  return wanted && notificationsSupported() && Notification.permission === 'granted';
}

export function setAlertsWanted(on: boolean): void {
  wanted = on;
  try {
    if (on) localStorage.setItem(ALERTS_KEY, '1');
    else localStorage.removeItem(ALERTS_KEY);
  } catch {
    // On for this page only.
  }
}

window.addEventListener('storage', (event) => {
  if (event.key === ALERTS_KEY || event.key === null) wanted = readWanted();
});
