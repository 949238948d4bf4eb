/**
 * Search as you type (debounced) and on Enter, against /api/busca — or, on a static host
 * without it, in the browser over the pre-built listings (search-request.ts). The term lives
 * in the URL: /busca?q=flamengo opens with results, and back/forward replay earlier terms.
 */
import { buildDataDay, buildStaleNotice } from '../lib/match-display.ts';
import type { Match } from '../lib/model.ts';
import { renderMatchList } from './render-matches.ts';
import { SEARCH_DEBOUNCE_MS } from './search-debounce.ts';
import { requestSearch } from './search-request.ts';


const PROMPT = 'Digite um time ou liga para buscar';

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

let debounce: ReturnType<typeof setTimeout> | undefined;
let pending: AbortController | null = null;
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

function countText(count: number): string {
  if (count === 0) return 'Nenhum jogo encontrado';
  return count === 1 ? '1 jogo encontrado' : `${count} jogos encontrados`;
}

async function search(term: string): Promise<void> {
  pending?.abort();
  pending = null;
  showError(null);
  notice.hidden = true;
  if (term === '') return showResults([], PROMPT);
  if ([...term].length < 2) return showResults([], 'Digite pelo menos 2 caracteres');
  const controller = new AbortController();
  pending = controller;
  list.setAttribute('aria-busy', 'true');
  try {
    const outcome = await requestSearch(term, controller.signal);
    if (controller.signal.aborted) return;
    if (!outcome.ok) {
      showResults([], '');
      return showError(outcome.detail);
    }
    const { envelope } = outcome;
    showResults(envelope.matches, countText(envelope.count), envelope.generatedAt);
    const staleText = buildStaleNotice(envelope);
    notice.textContent = staleText ?? '';
    notice.hidden = staleText === null;
  } catch {
    if (controller.signal.aborted) return;
    showResults([], '');
    showError('Não foi possível buscar agora. Verifique a conexão e tente de novo.');
  } finally {
    if (pending === controller) list.removeAttribute('aria-busy');
  }
}

function termFromUrl(): string {
  return new URLSearchParams(location.search).get('q')?.trim() ?? '';
}

function writeUrl(term: string, mode: 'push' | 'replace'): void {
  const url = term === '' ? '/busca' : `/busca?${new URLSearchParams({ q: term }).toString()}`;
  if (url === location.pathname + location.search) return;
  if (mode === 'push') history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

// The browser's own "fill this field" bubbles are not in pt-BR; search() says it instead.
form.noValidate = true;

input.addEventListener('input', () => {
  clearTimeout(debounce);
  debounce = setTimeout(() => {
    const term = input.value.trim();
    writeUrl(term, draftEntry ? 'replace' : 'push');
    draftEntry = true;
    void search(term);
  }, SEARCH_DEBOUNCE_MS);
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  clearTimeout(debounce);
  const term = input.value.trim();
  writeUrl(term, draftEntry ? 'replace' : 'push');
  draftEntry = false;
  void search(term);
});

window.addEventListener('popstate', () => {
  clearTimeout(debounce);
  draftEntry = false;
  const term = termFromUrl();
  input.value = term;
  void search(term);
});

const initialTerm = termFromUrl();
if (initialTerm !== '') {
  input.value = initialTerm;
  void search(initialTerm);
}
