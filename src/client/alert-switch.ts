/**
 * The "Ativar alertas" button of "Meus times": a toggle (aria-pressed). Turning it on asks the
 * browser for notification permission (only from this click); a refusal is said next to it.
 * Hidden where the browser has no notifications: the page's own announcements still come.
 */
import { alertsOn, notificationsSupported, setAlertsWanted } from './alert-setting.ts';

const BLOCKED = 'O navegador bloqueou as notificações deste site: os alertas aparecem só aqui na página.';

const button = document.querySelector<HTMLButtonElement>('[data-alert-toggle]');
const note = document.querySelector<HTMLElement>('[data-alert-note]');

function showNote(text: string | null): void {
  if (!note) return;
  note.textContent = text ?? '';
  note.hidden = text === null;
}

function showState(): void {
  button?.setAttribute('aria-pressed', String(alertsOn()));
}

async function turnOn(): Promise<void> {
  const permission = await Notification.requestPermission();
  setAlertsWanted(permission === 'granted');
  showNote(permission === 'denied' ? BLOCKED : null);
  showState();
}

if (button && notificationsSupported()) {
  button.hidden = false;
  showState();
  button.addEventListener('click', () => {
    if (alertsOn()) {
      setAlertsWanted(false);
      showState();
    } else {
      void turnOn();
    }
  });
  window.addEventListener('storage', showState);
}
