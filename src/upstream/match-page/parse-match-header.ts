/**
 * Pure: the top of a match page, each part its own small tree. The scoreboard (both layouts):
 *   <div class="match-scoreboard"><span class="status-name">67 MIN</span>
 *     <span class="match-score-text">2</span> x <span class="match-score-text">1</span></div>
 *   <div class="match-card-second-row">… <h4 class="team_link">Flamengo</h4> … <h4 class="team_link">Palmeiras</h4></div>
 * Venue and referee, newer layout (the paragraph's image title says what it is):
 *   <div class="match-details"><p>14/03/2027 às 16:00</p>
 *     <p><img title="Árbitro da partida"> Wilton Pereira Sampaio</p>
 *     <p><img title="Local da partida"> Maracanã, Rio de Janeiro - RJ</p></div>
 * older layout (the stadium after an icon, the rest labelled):
 *   <div class="match-info"><p><i class="fa fa-map-marker"></i> <strong>Maracanã</strong></p><hr>
 *     <p><strong>Cidade:</strong> Rio de Janeiro - RJ</p><p><strong>Data:</strong> …</p>
 *     <p><strong>Árbitro:</strong> Wilton Pereira Sampaio</p></div>
 * The older layout's venue is "stadium, city", as the newer one writes it.
 */
import { DomUtils } from 'htmlparser2';
import { DETAIL_LIMITS } from '../../lib/model/model.ts';
import { findAll, findFirst, textOf, textWithout, withClass, withTag, type DomElement } from '../dom-query.ts';
import { cleanName } from './match-event-text.ts';
import { parseGoalCount } from '../match-fields.ts';

export interface PageScore {
  home: number;
  away: number;
}

export interface ScoreboardRead {
  statusLabel: string | null;
  /** Both numbers, or null (before kick-off the upstream shows none). */
  score: PageScore | null;
}

export function readScoreboard(scoreboard: DomElement): ScoreboardRead {
  const status = cleanName(textOf(findFirst(scoreboard, withClass('status-name'))));
  const [home, away] = findAll(scoreboard, withClass('match-score-text')).map((span) => parseGoalCount(textOf(span)));
  const score = home !== undefined && home !== null && away !== undefined && away !== null ? { home, away } : null;
  return { statusLabel: status === '' ? null : status, score };
}

export function readTeams(row: DomElement): { home: string; away: string } | null {
  const [home = '', away = ''] = findAll(row, withClass('team_link')).map((cell) => cleanName(textOf(cell)));
  return home !== '' && away !== '' ? { home, away } : null;
}

export interface PlaceRead {
  venue: string | null;
  referee: string | null;
  /** pt-BR reasons for values left out. */
  skipped: string[];
}

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

type Label = 'referee' | 'venue' | 'city' | 'other';

function labelOf(text: string): Label {
  const folded = fold(text);
  if (folded.includes('arbitro')) return 'referee';
  if (folded.includes('local') || folded.includes('estadio')) return 'venue';
  if (folded.includes('cidade')) return 'city';
  return 'other';
}

/** The label a paragraph gives itself: an icon's title/alt, or a leading "<strong>Cidade:</strong>". */
function paragraphLabel(paragraph: DomElement): { label: Label; strong: DomElement | null } | null {
  const titled = findFirst(paragraph, (element) => (element.attribs.title ?? element.attribs.alt ?? '').trim() !== '');
  if (titled) return { label: labelOf(titled.attribs.title ?? titled.attribs.alt ?? ''), strong: null };
  const strong = findFirst(paragraph, withTag('strong'));
  if (strong && /:\s*$/.test(textOf(strong))) return { label: labelOf(textOf(strong)), strong };
  return null;
}

/** `p i ~ strong`: a <strong> after an icon among its siblings (the older layout's stadium). */
function stadiumOf(paragraph: DomElement): string | null {
  let afterIcon = false;
  for (const child of paragraph.children) {
    if (!DomUtils.isTag(child)) continue;
    if (child.name === 'i') afterIcon = true;
    else if (child.name === 'strong' && afterIcon && !/:\s*$/.test(textOf(child))) return cleanName(textOf(child));
  }
  return null;
}

/** Venue and referee of either layout's block. */
export function readPlace(block: DomElement): PlaceRead {
  const found: Partial<Record<Label, string>> = {};
  for (const paragraph of findAll(block, withTag('p'))) {
    const stadium = stadiumOf(paragraph);
    if (stadium) {
      found.venue ??= stadium;
      continue;
    }
    const labelled = paragraphLabel(paragraph);
    if (!labelled || labelled.label === 'other') continue;
    const strong = labelled.strong;
    const value = cleanName(strong ? textWithout(paragraph, (element) => element === strong) : textOf(paragraph));
    if (value !== '') found[labelled.label] ??= value;
  }
  const skipped: string[] = [];
  const bounded = (what: string, value: string | undefined): string | null => {
    if (value === undefined) return null;
    if (value.length <= DETAIL_LIMITS.text) return value;
    skipped.push(`${what} com mais de ${DETAIL_LIMITS.text} caracteres, deixado de fora`);
    return null;
  };
  const city = found.city;
  const venue = found.venue && city && !found.venue.includes(city) ? `${found.venue}, ${city}` : found.venue;
  return { venue: bounded('local', venue), referee: bounded('árbitro', found.referee), skipped };
}
