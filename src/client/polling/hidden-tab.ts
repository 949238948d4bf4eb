/**
 * Whether a hidden tab keeps updating. A hidden tab normally does nothing (no polls, no event
 * stream: nobody is looking); alerts need it to go on (match-alerts.ts says when), so a goal still
 * reaches the fan with the tab in the background.
 */
let keepWhileHidden: () => boolean = () => false;

/** Hidden tabs go on updating while `predicate` holds (the browser may slow their timers to once a minute). */
export function keepUpdatingWhileHidden(predicate: () => boolean): void {
  keepWhileHidden = predicate;
}

export function updatesWanted(): boolean {
  return document.visibilityState !== 'hidden' || keepWhileHidden();
}
