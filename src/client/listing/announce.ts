/**
 * The page's one polite live region for match news ([data-goal-announcer]). Sentences given in
 * the same task (a listing's goals, then the alerts of followed teams) are said together, in one
 * write, so a screen reader does not drop the first for the second.
 */
let pending: string[] = [];

function flush(): void {
  const announcer = document.querySelector('[data-goal-announcer]');
  if (announcer) announcer.textContent = pending.join(' ');
  pending = [];
}

export function announce(sentences: readonly string[]): void {
  if (sentences.length === 0) return;
  if (pending.length === 0) queueMicrotask(flush);
  pending.push(...sentences);
}
