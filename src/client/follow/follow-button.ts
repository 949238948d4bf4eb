/**
 * A star button (FollowButton.astro): which team it follows (a row's is read from its row, so the
 * server's markup needs no copy of the name) and how it shows whether that team is followed.
 */
import { followedTeams } from './followed-teams.ts';

/** The name of the team the button follows: its own data-team (the match page), else its row's home or away name. */
export function teamOfButton(button: Element): string | null {
  const named = button.getAttribute('data-team');
  if (named !== null) return named;
  const side = button.classList.contains('follow--away') ? 'away' : 'home';
  return button.closest('.match')?.querySelector(`.team--${side} .team-name`)?.textContent ?? null;
}

/** Shows the button (rendered hidden: it needs this script) with its name and state. */
export function showFollowButton(button: HTMLButtonElement, team: string, followed = followedTeams()): void {
  const label = button.firstElementChild;
  if (label && label.textContent !== `Seguir ${team}`) label.textContent = `Seguir ${team}`;
  button.setAttribute('aria-pressed', String(followed.has(team)));
  button.hidden = false;
}
