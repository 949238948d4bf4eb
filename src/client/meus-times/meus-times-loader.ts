/**
 * Loads "Meus times" (meus-times.ts) only once a team is followed, on load or later from a row's
 * follow button: a fan who follows nobody does not carry its code in the view's first JS. With
 * nothing followed there is nothing to draw, so the head script's hold (meus-times-flag.ts, set
 * even for junk in storage) is ended here instead.
 */
import { followedTeams, onFollowedTeamsChange } from '../follow/followed-teams.ts';

let loading = false;

function endHold(): void {
  document.documentElement.removeAttribute('data-meus-times-pendente');
}

function loadMeusTimes(): void {
  if (loading) return;
  loading = true;
  import('./meus-times.ts').catch(() => {
    loading = false;
    endHold();
  });
}

if (followedTeams().size > 0) loadMeusTimes();
else endHold();
onFollowedTeamsChange((followed) => {
  if (followed.size > 0) loadMeusTimes();
});
