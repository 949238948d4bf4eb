/**
 * The live listing ("/jogos-em-andamento") derived from today's listing, as on the upstream,
 * where the live page shows today's matches being played, grouped by league, in the same order:
 *   a[href=/<league>] > div.row.row-fix h3.match-list_league-name     (league header)
 *   div.container.content > a[href=/<league>/<DD-MM-YYYY>-…html] …    (its matches)
 * The featured block (".trending-box") only repeats matches and is not carried over.
 */
import type { CheerioAPI } from 'cheerio';

export const MATCH_ANCHOR = 'a[href]:has(.status-name)';
const EMPTY_LIVE_LISTING = '<div class="alert alert-info text-center">Nenhuma partida em andamento no momento.</div>';

/** Fills the live page's #livescore with the leagues of `today` that have a match for which isLive(href). */
export function fillLivePage(live: CheerioAPI, today: CheerioAPI, isLive: (matchPath: string) => boolean): void {
  const livescore = live('#livescore');
  if (livescore.length === 0) throw new Error('fixture live page has no #livescore');
  const blocks: string[] = [];
  let headerHtml: string | null = null;
  today('#livescore')
    .children()
    .each((_, element) => {
      const node = today(element);
      if (node.is('.match-list_league-name') || node.find('.match-list_league-name').length > 0) {
        headerHtml = today.html(node);
        return;
      }
      if (!node.is('div.container.content') || node.is('.trending-box') || headerHtml === null) return;
      const block = node.clone();
      block.find(MATCH_ANCHOR).each((_, anchor) => {
        if (!isLive(today(anchor).attr('href') ?? '')) today(anchor).remove();
      });
      if (block.find(MATCH_ANCHOR).length > 0) blocks.push(headerHtml, today.html(block));
      headerHtml = null;
    });
  livescore.empty().append(`\n${(blocks.length > 0 ? blocks : [EMPTY_LIVE_LISTING]).join('\n')}\n`);
}
