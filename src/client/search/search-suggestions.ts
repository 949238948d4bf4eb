/**
 * Suggestions while typing in the search field: team and competition names from the current
 * listings (/api/live, /api/hoje, /api/amanha, /api/ontem), as an ARIA 1.2 combobox with a listbox popup.
 * Keyboard: ↓/↑ move, Enter picks, Escape closes. No search engine here: word-start matching
 * of the query language (search-text.ts) over a few hundred names is enough.
 */
import { matchesWordStarts, splitWords } from '../../lib/search/search-text.ts';
import { readListEnvelope } from '../polling/api-response.ts';

const MAX_SUGGESTIONS = 8;
const LISTINGS = ['live', 'hoje', 'amanha', 'ontem'] as const;

export interface Suggestions {
  /** Shows the names that fit `term` (none for fewer than 2 characters). */
  update(term: string): void;
  close(): void;
  /** Fetches the names again (the 60-second cycle; conditional requests). */
  reload(): Promise<void>;
}

async function fetchNames(): Promise<string[]> {
  const names = new Set<string>();
  await Promise.all(
    LISTINGS.map(async (listing) => {
      const response = await fetch(`/api/${listing}`, { cache: 'no-cache' });
      if (!response.ok) return;
      for (const match of readListEnvelope(await response.json()).matches) {
        names.add(match.homeTeam.name);
        names.add(match.awayTeam.name);
        names.add(match.competition.name);
      }
    }),
  );
  return [...names].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

/**
 * Names whose words start with the term's words (the last one may be half typed): first those
 * the term finds as a query, and among them names that start with the term.
 */
export function pickSuggestions(names: readonly string[], term: string): string[] {
  const words = splitWords(term);
  if ([...term.trim()].length < 2 || words.length === 0) return [];
  const fitting = names.filter((name) => matchesWordStarts(words, name, true));
  const startsWithTerm = (name: string): boolean => splitWords(name).join(' ').startsWith(words.join(' '));
  // Names the term already finds as a query first ("serie b": Série B before Série A's "Brasileirão").
  const rank = (name: string): number => (matchesWordStarts(words, name) ? 0 : 2) + (startsWithTerm(name) ? 0 : 1);
  const ordered = fitting
    .map((name) => ({ name, rank: rank(name) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ name }) => name);
  if (ordered.length === 1 && splitWords(ordered[0] ?? '').join(' ') === words.join(' ')) return [];
  return ordered.slice(0, MAX_SUGGESTIONS);
}

export function createSuggestions(
  input: HTMLInputElement,
  listbox: HTMLElement,
  choose: (name: string) => void,
): Suggestions {
  let names: string[] | null = null;
  let loading: Promise<void> | null = null;
  let shown: string[] = [];
  let active = -1;
  let lastTerm = '';

  const optionId = (index: number): string => `${listbox.id}-${index}`;

  const render = (): void => {
    listbox.replaceChildren(
      ...shown.map((name, index) => {
        const option = document.createElement('li');
        option.id = optionId(index);
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', String(index === active));
        option.textContent = name;
        return option;
      }),
    );
    const open = shown.length > 0;
    listbox.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (active >= 0 && open) input.setAttribute('aria-activedescendant', optionId(active));
    else input.removeAttribute('aria-activedescendant');
  };

  const load = async (): Promise<void> => {
    try {
      names = await fetchNames();
    } catch {
      names ??= [];
    }
  };

  const update = (term: string): void => {
    lastTerm = term;
    if (names === null) {
      if (!loading) {
        loading = load().finally(() => {
          loading = null;
          if (document.activeElement === input) update(lastTerm);
        });
      }
      return;
    }
    shown = pickSuggestions(names, term);
    active = -1;
    render();
  };

  const close = (): void => {
    shown = [];
    active = -1;
    render();
  };

  const move = (step: number): void => {
    if (shown.length === 0) return update(input.value);
    active = (active + step + shown.length + 1) % (shown.length + 1);
    if (active === shown.length) active = -1;
    render();
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  };

  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Escape' && shown.length > 0) {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const name = shown[active];
      close();
      if (name !== undefined) choose(name);
    }
  });
  // mousedown, not click: keeps the focus in the field.
  listbox.addEventListener('mousedown', (event) => {
    const option = event.target instanceof Element ? event.target.closest('[role="option"]') : null;
    if (!option) return;
    event.preventDefault();
    const name = option.textContent ?? '';
    close();
    choose(name);
  });
  input.addEventListener('blur', close);

  return {
    update,
    close,
    async reload() {
      if (names !== null) await load();
    },
  };
}
