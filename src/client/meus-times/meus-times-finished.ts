/**
 * On Ao Vivo, a followed team's match stays in "Meus times" after full time, with its final
 * result, until it leaves today's listing: the live listing drops it at the final whistle, so its
 * row comes from /api/hoje — the answers the page's tab counter polls anyway (listing-envelopes.ts),
 * and one read when "Meus times" first shows.
 */
import { isFollowedMatch } from '../../lib/display/followed-teams.ts';
import { buildDataDay } from '../../lib/display/match-display.ts';
import type { ListEnvelope } from '../../lib/model/model.ts';
import { readListEnvelope } from '../polling/api-response.ts';
import { onListingEnvelope } from '../polling/listing-envelopes.ts';
import { renderMatchList } from '../listing/render-matches.ts';

const HOJE_ENDPOINT = '/api/hoje';
let hoje: ListEnvelope | null = null;
let started = false;

/** Starts following today's listing (once); `redraw` runs whenever a new one arrives. */
export function followTodaysResults(redraw: () => void): void {
  if (started) return;
  started = true;
  const take = (envelope: ListEnvelope): void => {
    hoje = envelope;
    redraw();
  };
  onListingEnvelope((endpoint, envelope) => {
    if (endpoint === HOJE_ENDPOINT) take(envelope);
  });
  fetch(HOJE_ENDPOINT)
    .then(async (response) => (response.ok ? readListEnvelope(await response.json()) : null))
    .then((envelope) => {
      if (envelope && hoje === null) take(envelope);
    })
    .catch(() => undefined);
}

/** Today's finished matches of the followed teams not among `shownIds`, drawn as a list; null: none. */
export function drawTodaysResults(followed: ReadonlySet<string>, shownIds: ReadonlySet<string>): Element | null {
  const matches = (hoje?.matches ?? []).filter(
    (match) => match.status === 'FINISHED' && !shownIds.has(match.id) && isFollowedMatch(match, followed),
  );
  if (matches.length === 0) return null;
  const list = document.createElement('div');
  renderMatchList(list, matches, buildDataDay(hoje?.generatedAt ?? null));
  return list;
}

/** Adds `more` to `sections`, a competition already there taking the rows of its own (one heading each). */
export function mergeSections(sections: Element[], more: readonly Element[]): void {
  for (const section of more) {
    const name = section.querySelector('.competition-name')?.textContent ?? '';
    const same = sections.find((kept) => kept.querySelector('.competition-name')?.textContent === name);
    if (same) same.querySelector('.matches')?.append(...section.querySelectorAll('.match'));
    else sections.push(section);
  }
}
