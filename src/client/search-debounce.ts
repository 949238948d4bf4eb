/**
 * How long the search page waits after the last keystroke before it searches. Its own module
 * so the rate limit's test can measure a typing person against the page's real debounce.
 */
export const SEARCH_DEBOUNCE_MS = 300;

/** The instants (ms) a debounced input fires for keystrokes at `keystrokes` (ms, ascending). */
export function debouncedFirings(keystrokes: readonly number[], debounceMs: number = SEARCH_DEBOUNCE_MS): number[] {
  return keystrokes.filter((at, i) => {
    const next = keystrokes[i + 1];
    return next === undefined || next - at >= debounceMs;
  }).map((at) => at + debounceMs);
}
