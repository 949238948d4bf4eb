/**
 * The search page: suggestions and search as you type (debounced) and on Enter, against
 * /api/busca or, when it cannot answer, in the browser (search-request.ts). The term lives in
 * the URL: /busca?q=flamengo opens with results, and back/forward replay earlier terms.
 * Results refresh every 60 s like the live view (conditional requests; paused while hidden), and
 * at once when the server serves a new build (build-notices.ts), in place: the field, its focus and the scroll position stay; changed scores are highlighted.
 * The last term is also kept for the tab's session (sessionStorage), so leaving for another tab
 * and coming back to /busca shows it again. The followed teams of "Meus times" are links to
 * their search (/busca?q=…), run here in place with one tap.
 */
import { buildDataDay, buildStaleNotice } from '../../lib/display/match-display.ts';
import type { Match, SearchEnvelope } from '../../lib/model/model.ts';
import { onNewBuild } from '../polling/build-notices.ts';
import { REFRESH_INTERVAL_MS } from '../polling/poll-listing.ts';
import { highlightChangedScores, readShownScores, renderMatchList } from '../listing/render-matches.ts';
import { createDebouncer } from './search-debounce.ts';
import { requestSearch } from './search-request.ts';
import { createSuggestions } from './search-suggestions.ts';

const PROMPT = 'Digite um time ou liga para buscar';
/** Says what was searched, so "nothing" is not mistaken for "not covered". */
const NO_RESULT = 'Nenhum jogo encontrado. A busca cobre os jogos de ontem, hoje e amanhã (e os ao vivo).';
/** sessionStorage key of the last term searched in this tab. */
const LAST_TERM_KEY = 'placar:busca';

function query<T extends Element>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`${selector} missing`);
  return element;
}

const form = query<HTMLFormElement>('[data-search-form]');
const input = query<HTMLInputElement>('[data-search-form] input[name="q"]');
const status = query<HTMLElement>('[data-empty-state]');
const errorBox = query<HTMLElement>('[data-search-error]');
const notice = query<HTMLElement>('[data-stale-notice]');
const list = query<HTMLElement>('[data-match-list]');
const counter = document.querySelector('[data-counter="busca"]');

const typing = createDebouncer();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let pending: AbortController | null = null;
/** The term on screen and the ETag of its last answer (for the refresh's conditional request). */
let current: { term: string; etag: string | null } = { term: '', etag: null };
// True while the current history entry holds a term still being typed: later keystrokes
// replace it instead of stacking one entry per letter.
let draftEntry = false;

function showResults(matches: readonly Match[], message: string, generatedAt: string | null = null): void {
  renderMatchList(list, matches, buildDataDay(generatedAt));
  if (counter) counter.textContent = String(matches.length);
  status.textContent = message;
  status.hidden = message === '';
  status.toggleAttribute('data-has-results', matches.length > 0);
}

function showError(detail: string | null): void {
  errorBox.textContent = detail ?? '';
  errorBox.hidden = detail === null;
}

function countText(envelope: SearchEnvelope): string {
  const { count } = envelope;
  // No data ever: the notice says why; "no match" would be a guess.
  if (envelope.generatedAt === null) return '';
  if (count === 0) return NO_RESULT;
  // The answer holds only the best-ranked matches (SEARCH_RESULTS_MAX): say so, not "N encontrados".
  if (envelope.truncated) return `Mostrando os ${count} jogos mais relevantes. Refine a busca para ver outros.`;
  return count === 1 ? '1 jogo encontrado' : `${count} jogos encontrados`;
}

function showEnvelope(envelope: SearchEnvelope, refreshing: boolean): void {
  const shown = readShownScores(list);
  showResults(envelope.matches, countText(envelope), envelope.generatedAt);
  if (refreshing) highlightChangedScores(list, shown, envelope.matches);
  const staleText = buildStaleNotice(envelope, {
    fetchFailed: notice.dataset.fetchFailed === 'true',
    retryEvery: 'a cada minuto',
  });
  notice.textContent = staleText ?? '';
  notice.hidden = staleText === null;
}

function scheduleRefresh(): void {
  clearTimeout(refreshTimer);
  if (current.term !== '' && document.visibilityState !== 'hidden') {
    refreshTimer = setTimeout(() => void search(current.term, true), REFRESH_INTERVAL_MS);
  }
}

/** Searches `term` and shows the answer; `refreshing` keeps what is shown when nothing changed or the refresh fails. */
async function search(term: string, refreshing = false): Promise<void> {
  pending?.abort();
  pending = null;
  clearTimeout(refreshTimer);
  // The notice is about the data, not the term: it stays until an answer says otherwise.
  if (!refreshing) {
    showError(null);
    current = { term, etag: null };
  }
  if (term === '') return showResults([], PROMPT);
  if ([...term].length < 2) return showResults([], 'Digite pelo menos 2 caracteres');
  const controller = new AbortController();
  pending = controller;
  if (!refreshing) list.setAttribute('aria-busy', 'true');
  try {
    const outcome = await requestSearch(term, controller.signal, refreshing ? current.etag : null);
    if (controller.signal.aborted) return;
    if (!outcome.ok) {
      showResults([], '');
      return showError(outcome.detail);
    }
    if ('notModified' in outcome) return;
    current = { term, etag: outcome.etag };
    showError(null);
    showEnvelope(outcome.envelope, refreshing);
  } catch {
    if (controller.signal.aborted) return;
    // A failed refresh keeps the results on screen; a failed search has none to keep.
    if (!refreshing) showResults([], '');
    showError('Não foi possível buscar agora. Verifique a conexão e tente de novo.');
  } finally {
    if (pending === controller) {
      list.removeAttribute('aria-busy');
      pending = null;
      scheduleRefresh();
    }
  }
}

function termFromUrl(): string {
  return new URLSearchParams(location.search).get('q')?.trim() ?? '';
}

/** Storage may be refused (privacy modes, quotas): then the term is simply not kept. */
function keepTerm(term: string): void {
  try {
    if (term === '') sessionStorage.removeItem(LAST_TERM_KEY);
    else sessionStorage.setItem(LAST_TERM_KEY, term);
  } catch {
    // Not kept; the URL still holds it.
  }
}

function keptTerm(): string {
  try {
    return sessionStorage.getItem(LAST_TERM_KEY)?.trim().slice(0, 100) ?? '';
  } catch {
    return '';
  }
}

function writeUrl(term: string, mode: 'push' | 'replace'): void {
  keepTerm(term);
  const url = term === '' ? '/busca' : `/busca?${new URLSearchParams({ q: term }).toString()}`;
  if (url === location.pathname + location.search) return;
  if (mode === 'push') history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

function searchNow(term: string): void {
  typing.cancel();
  writeUrl(term, draftEntry ? 'replace' : 'push');
  draftEntry = false;
  void search(term);
}

const suggestions = createSuggestions(input, query<HTMLElement>('[data-search-suggestions]'), (name) => {
  input.value = name;
  searchNow(name);
});

// The browser's own "fill this field" bubbles are not in pt-BR; search() says it instead.
form.noValidate = true;

input.addEventListener('input', () => {
  suggestions.update(input.value);
  typing.call(() => {
    const term = input.value.trim();
    writeUrl(term, draftEntry ? 'replace' : 'push');
    draftEntry = true;
    void search(term);
  });
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  suggestions.close();
  searchNow(input.value.trim());
});

// One tap on a followed team searches it here; a modified click still opens its own page.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-search-term]') : null;
  const term = link?.dataset.searchTerm;
  if (!term || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  suggestions.close();
  input.value = term;
  searchNow(term);
});

window.addEventListener('popstate', () => {
  typing.cancel();
  draftEntry = false;
  const term = termFromUrl();
  input.value = term;
  void search(term);
});

/** The results of the term on screen again (a shown tab, a new build), unless a search is under way. */
function refreshShown(): void {
  if (document.visibilityState !== 'hidden' && current.term !== '' && pending === null) {
    void search(current.term, true);
  }
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') clearTimeout(refreshTimer);
  else refreshShown();
});
onNewBuild(refreshShown);

// The suggestion names follow the same minute as the results.
setInterval(() => {
  if (document.visibilityState !== 'hidden') void suggestions.reload();
}, REFRESH_INTERVAL_MS);

// A bare /busca (the tab) comes back to the last term of this tab's session.
const initialTerm = termFromUrl() || keptTerm();
if (initialTerm !== '') {
  input.value = initialTerm;
  writeUrl(initialTerm, 'replace');
  void search(initialTerm);
}
