/**
 * Runs in <head>, before the first paint (a classic blocking script: MeusTimesFlag.astro). When
 * the fan follows teams, "Meus times" will be drawn at the top of the view by meus-times.ts after
 * the page is parsed; until then what lies below it is held hidden (global.css), so rows never
 * jump down under the reader's eyes. With nothing followed, nothing is held. The stored value is
 * not read here (a few bytes before every first paint): junk in it costs at most a hold until
 * meus-times-loader.ts, which reads it properly, finds nothing followed and ends the hold.
 */
import { FOLLOWED_TEAMS_KEY } from '../../lib/display/followed-teams.ts';

try {
  const stored = localStorage.getItem(FOLLOWED_TEAMS_KEY);
  if (stored !== null && stored !== '[]') document.documentElement.setAttribute('data-meus-times-pendente', '');
} catch {
  // No storage: nothing followed, nothing to hold.
}
