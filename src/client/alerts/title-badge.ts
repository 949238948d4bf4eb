/**
 * While the tab is not seen, the document title counts the alerts it missed and shows the
 * latest ("(1) GOL Flamengo · Placar"); seeing the tab again gives the page its title back.
 */
import { buildBadgedTitle, type MatchAlert } from '../../lib/display/match-alerts.ts';

const pageTitle = document.title;
let unseen: MatchAlert[] = [];

export function badgeTitle(alerts: readonly MatchAlert[]): void {
  if (alerts.length === 0 || document.visibilityState !== 'hidden') return;
  unseen = [...unseen, ...alerts];
  document.title = buildBadgedTitle(pageTitle, unseen);
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden' || unseen.length === 0) return;
  unseen = [];
  document.title = pageTitle;
});
