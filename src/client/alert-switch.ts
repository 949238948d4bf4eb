/**
 * The alerts' switch in "Meus times". Off: a button "Ativar alertas", which asks the browser for
 * notification permission (only from this click; a refusal is said next to it). On: the state in
 * words, "Alertas ativados" (a status region, so a screen reader hears it), and a button
 * "Desativar" named "Desativar alertas". The button's name says what it does, so it carries no
 * aria-pressed (a toggle's name must not change with its state). Hidden where the browser has no
 * notifications: the page's own announcements still come.
 */
import { alertsOn, notificationsSupported, setAlertsWanted } from './alert-setting.ts';

const BLOCKED = 'O navegador bloqueou as notificações deste site: os alertas aparecem só aqui na página.';

const button = document.querySelector<HTMLButtonElement>('[data-alert-toggle]');
const state = document.querySelector<HTMLElement>('[data-alert-state]');
const note = document.querySelector<HTMLElement>('[data-alert-note]');

function showNote(text: string | null): void {
  if (!note) return;
  note.textContent = text ?? '';
  note.hidden = text === null;
}

function showState(): void {
  const on = alertsOn();
  if (state) state.textContent = on ? 'Alertas ativados' : '';
  if (!button) return;
  const rest = document.createElement('span');
  rest.className = 'visually-hidden';
  rest.textContent = ' alertas';
  if (on) button.replaceChildren('Desativar', rest);
  else button.textContent = 'Ativar alertas';
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
  // A status region from now on: a change is said, the state found on load is not.
  state?.setAttribute('role', 'status');
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
