/**
 * The table page in the browser: followed teams' rows highlighted (and kept so when they change
 * in another tab), and the page polled like the others (its /api/tabela/{slug}, conditionally,
 * every minute): a newer table reloads the page, which the refresh rendered from the same data.
 */
import { isRecord } from '../polling/api-response.ts';
import { followedTeams, onFollowedTeamsChange } from '../follow/followed-teams.ts';
import { pollJson } from '../polling/poll-listing.ts';

const root = document.querySelector<HTMLElement>('[data-standings-page]');

function highlight(teams: ReadonlySet<string>): void {
  for (const row of document.querySelectorAll<HTMLElement>('[data-standings-page] tr[data-team]'))
    row.classList.toggle('is-followed', teams.has(row.dataset.team ?? ''));
}

function generatedAtOf(body: unknown): string {
  if (!isRecord(body) || (body.generatedAt !== null && typeof body.generatedAt !== 'string'))
    throw new Error('resposta sem generatedAt');
  return body.generatedAt ?? '';
}

if (root) {
  highlight(followedTeams());
  onFollowedTeamsChange(highlight);
  const shown = root.dataset.generatedAt ?? '';
  const endpoint = root.dataset.endpoint;
  if (endpoint)
    pollJson(endpoint, generatedAtOf, {
      onEnvelope(generatedAt) {
        if (generatedAt !== shown) window.location.reload();
      },
    });
}
