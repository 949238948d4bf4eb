/**
 * The star buttons of every row on the page: given to the rows the server drew (copied from the
 * row skeleton of #match-template: the server sends them once, not twice per match), shown,
 * pressed for the followed teams, and a tap (or Enter/Space: they are buttons) follows or
 * unfollows the team everywhere on the page and in the other tabs. Rows drawn in the browser
 * come with theirs from the same skeleton (render-matches.ts).
 */
import { showFollowButton, teamOfButton } from './follow-button.ts';
import { followedTeams, onFollowedTeamsChange, toggleTeam } from './followed-teams.ts';

/** The skeleton's two buttons, for a server-drawn row that has none yet. */
function giveButtons(): void {
  const template = document.getElementById('match-template');
  const skeleton = template instanceof HTMLTemplateElement ? template.content.firstElementChild : null;
  const buttons = skeleton ? [...skeleton.querySelectorAll('button.follow')] : [];
  if (buttons.length === 0) return;
  for (const row of document.querySelectorAll('li.match'))
    if (!row.querySelector(':scope > button.follow')) for (const button of buttons) row.append(button.cloneNode(true));
}

function syncFollowButtons(followed: ReadonlySet<string>): void {
  giveButtons();
  for (const button of document.querySelectorAll<HTMLButtonElement>('button.follow')) {
    const team = teamOfButton(button);
    if (team !== null) showFollowButton(button, team, followed);
  }
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button.follow') : null;
  const team = button ? teamOfButton(button) : null;
  if (team !== null) toggleTeam(team);
});

onFollowedTeamsChange(syncFollowButtons);
syncFollowButtons(followedTeams());
