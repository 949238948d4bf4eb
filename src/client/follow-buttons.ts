/**
 * The star buttons of every row on the page: shown once this script runs, pressed for the
 * followed teams, and a tap (or Enter/Space: they are buttons) follows or unfollows the team
 * everywhere on the page and in the other tabs. New rows come with their state from
 * render-matches.ts.
 */
import { showFollowButton, teamOfButton } from './follow-button.ts';
import { followedTeams, onFollowedTeamsChange, toggleTeam } from './followed-teams.ts';

function syncFollowButtons(followed: ReadonlySet<string>): void {
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
