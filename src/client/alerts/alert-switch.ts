/**
 * The alerts' switch in "Meus times". Off: a button "Ativar alertas", which asks the browser for
 * notification permission (only from this click; a refusal is said next to it). On: the state in
 * words, "Alertas ativados" (a status region, so a screen reader hears it), and a button
 * "Desativar" named "Desativar alertas". The button's name says what it does, so it carries no
 * aria-pressed (a toggle's name must not change with its state). Hidden where the browser has no
 * notifications: the page's own announcements still come. Once on, a note says where alerts
 * reach: also with Placar closed where the server pushes (alert-push.ts: subscribed here, the
 * teams sent again when they change, unsubscribed by "Desativar"), else only while it is open,
 * and why (alert-reach.ts).
 * alert-push.ts is loaded on demand, once alerts are on or being turned off: a fan who never
 * turns them on never downloads it.
 */
import { alertsOn, notificationsSupported, setAlertsWanted } from './alert-setting.ts';
import { followedTeamList, onFollowedTeamsChange } from '../follow/followed-teams.ts';

import { REACH_CHECKING, reachNote } from './alert-reach.ts';

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

/** Runs `use` once alert-push.ts is loaded; a failed load leaves push as it was. */
function withPush(use: (push: typeof import('./alert-push.ts')) => Promise<unknown>): void {
  import('./alert-push.ts').then(use).catch(() => undefined);
}

/**
 * Subscribes (or re-sends changed teams) where the server pushes, then says where alerts reach and,
 * when only while Placar is open, why; meanwhile, that they reach an open page.
 */
async function reachClosedPage(): Promise<void> {
  const { pushOn, subscribePush, syncPushTeams } = await import('./alert-push.ts');
  const teams = followedTeamList();
  if (!pushOn() && alertsOn()) showNote(REACH_CHECKING);
  const reach = pushOn() ? await syncPushTeams(teams) : await subscribePush(teams);
  if (alertsOn()) showNote(reachNote(reach));
}

async function turnOn(): Promise<void> {
  const permission = await Notification.requestPermission();
  setAlertsWanted(permission === 'granted');
  showNote(permission === 'denied' ? BLOCKED : null);
  showState();
  if (alertsOn()) await reachClosedPage();
}

function turnOff(): void {
  setAlertsWanted(false);
  showNote(null);
  showState();
  withPush((push) => push.unsubscribePush());
}

if (button && notificationsSupported()) {
  button.hidden = false;
  showState();
  // A status region from now on: a change is said, the state found on load is not.
  state?.setAttribute('role', 'status');
  button.addEventListener('click', () => {
    if (alertsOn()) turnOff();
    else void turnOn();
  });
  window.addEventListener('storage', showState);
  // Alerts turned on in an earlier visit (or before the server pushed): the subscription follows.
  if (alertsOn()) void reachClosedPage();
  onFollowedTeamsChange(() => {
    if (alertsOn()) withPush((push) => push.syncPushTeams(followedTeamList()));
  });
}
