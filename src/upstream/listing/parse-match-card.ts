/**
 * Pure: one match card (the upstream's card markup) → a Match, or why it was skipped. It gives
 * the same Match a row of the same match gives (parse-match-row.ts): id and date from the link,
 * the same status vocabulary (labels upper-cased like the rows' badges), goals from the two <b>.
 *
 * The card, reconstructed from public scrapers of the site's competition and team pages
 * (2021–2026; no page was seen first-hand; "match__lg" is the same card, larger):
 *   <a href="/mundial-clubes-fifa/15-06-2025-palmeiras-x-porto.html" class="match__md">
 *     <div class="match__md_card">
 *       <div class="match__md_card--league">Mundial de Clubes FIFA</div>
 *       <div class="match__md_card--ht-logo"><img src="/escudos/palmeiras.png" alt=""></div>
 *       <div class="match__md_card--ht-name text">Palmeiras</div>   (or …--ht-name><span class="text">Palmeiras</span>)
 *       <div class="match__md_card--scoreboard"><b>0</b> - <b>0</b></div>
 *       <div class="match__md_card--at-name text">Porto</div>
 *       <div class="match__md_card--at-logo"><img src="/escudos/porto.png" alt=""></div>
 *       <div class="match__md_card--info">
 *         <div class="match__md_card--status">encerrado</div>           (finished, half-time, postponed…)
 *         <div class="match__md_card--live">67'</div>                   (only while live; or --live-minute)
 *         <div class="match__md_card--datetime">amanhã<br>18:00</div>   (kick-off)
 *       </div>
 *     </div>
 *   </a>
 */
import type { Match, Team } from '../../lib/model/model.ts';
import { saoPauloKickoffIso } from '../../lib/model/time.ts';
import {
  SKIP_REASONS,
  crestUrl,
  makeTeam,
  normalizeText,
  parseGoalCount,
  parseMatchPath,
  skipped,
  textWithBreaks,
  type CandidateOutcome,
  type Selection,
} from '../match-fields.ts';
import { parseStatus, type ParsedStatus } from '../parse-status.ts';

/** A card is a link with a card class, or a link around a card element. */
export const CARD_CLASSES = ['match__md_card', 'match__lg_card'] as const;
export const CARD_LINK_CLASSES = ['match__md', 'match__lg'] as const;
export const CARD_SELECTOR = CARD_CLASSES.map((name) => `.${name}`).join(', ');
export const CARD_LINK_SELECTOR = CARD_LINK_CLASSES.map((name) => `a.${name}`).join(', ');

type CardPart = (name: string) => Selection;

/** The card's parts by suffix ("league" → ".match__lg_card--league"), whichever size the card is. */
function cardParts(card: Selection): CardPart {
  const large = card.is('.match__lg, .match__lg_card') || card.find('[class*="match__lg_card"]').length > 0;
  const prefix = large ? 'match__lg_card' : 'match__md_card';
  return (name) => card.find(`.${prefix}--${name}`).first();
}

function cardTeam(part: CardPart, side: 'ht' | 'at', pageUrl: string, linkSlug: string | null): Team | null {
  const nameCell = part(`${side}-name`);
  const inner = nameCell.find('.text').first();
  const name = normalizeText((inner.length > 0 ? inner : nameCell).text());
  return makeTeam(name, crestUrl(part(`${side}-logo`), pageUrl), linkSlug);
}

interface CardStatus {
  label: string;
  parsed: ParsedStatus;
  recognised: boolean;
}

const unknownStatus: ParsedStatus = { status: 'UNKNOWN', minute: null, injuryTime: null, kickoffTime: null };
const upper = (text: string): string => text.toLocaleUpperCase('pt-BR');

/**
 * The status from, in order: `--status`, the live minute (only while `--live` is present), then
 * `--datetime`; the first text Placar knows wins. A card marked `--live` whose texts are all
 * unknown is still IN_PLAY (the marker says so), and its text is reported as unrecognised.
 */
function cardStatus(part: CardPart): CardStatus {
  const live = part('live').length > 0;
  const statusText = normalizeText(part('status').text());
  const liveText = normalizeText(part('live-minute').text()) || normalizeText(part('live').text());
  const texts = [statusText, live ? liveText : '', textWithBreaks(part('datetime'))].filter((t) => t !== '');
  for (const text of texts) {
    const parsed = parseStatus(text);
    if (parsed.status === 'UNKNOWN' || (live && parsed.status === 'SCHEDULED')) continue;
    return { label: upper(text), parsed, recognised: true };
  }
  if (live) {
    const label = upper(statusText || liveText || 'AO VIVO');
    return { label, parsed: { ...unknownStatus, status: 'IN_PLAY' }, recognised: label === 'AO VIVO' };
  }
  return { label: upper(texts[0] ?? ''), parsed: unknownStatus, recognised: false };
}

/** The kick-off time a card shows in `--datetime` ("amanhã 18:00" → "18:00"), whatever its status. */
function cardKickoffTime(part: CardPart): string | null {
  return parseStatus(textWithBreaks(part('datetime'))).kickoffTime;
}

/** Goals from the scoreboard's two <b> (or a bare "2 - 1"); null for a side not shown. */
function cardGoals(scoreboard: Selection): { home: number | null; away: number | null } {
  const bold = scoreboard.find('b');
  if (bold.length >= 2) return { home: parseGoalCount(bold.eq(0).text()), away: parseGoalCount(bold.eq(1).text()) };
  const bare = /^(\d{1,3})\s*[-x×]\s*(\d{1,3})$/i.exec(normalizeText(scoreboard.text()));
  return bare ? { home: Number(bare[1]), away: Number(bare[2]) } : { home: null, away: null };
}

const TWO_NUMBERS = /(\d{1,2})\D+?(\d{1,2})/;

/**
 * The shoot-out score when the card shows one: two numbers in parentheses in the scoreboard
 * beside the <b> ("<b>1</b> (4) - (5) <b>1</b>"), else a `--penalties` part ("4 - 5"), else a
 * "pên." status with two numbers ("(4) pên. (5)").
 */
function cardPenalties(part: CardPart, statusLabel: string): { home: number; away: number } | null {
  const besideGoals = part('scoreboard').clone();
  besideGoals.find('b').remove();
  const inParentheses = /\((\d{1,2})\)\D*\((\d{1,2})\)/.exec(normalizeText(besideGoals.text()));
  const found =
    inParentheses ??
    TWO_NUMBERS.exec(normalizeText(part('penalties').text())) ??
    (/P[ÊE]N\./.test(statusLabel) ? TWO_NUMBERS.exec(statusLabel) : null);
  return found ? { home: Number(found[1]), away: Number(found[2]) } : null;
}

/**
 * `card` is the card's link (the <a> around the card). `fallbackCompetition` is the league
 * header before it, used only when the card does not name its competition.
 */
export function parseMatchCard(card: Selection, pageUrl: string, fallbackCompetition: string): CandidateOutcome {
  const path = parseMatchPath(card.attr('href'), pageUrl);
  if (!path) return skipped(SKIP_REASONS.noMatchLink);
  const part = cardParts(card);
  const homeTeam = cardTeam(part, 'ht', pageUrl, path.teamSlugs.home);
  const awayTeam = cardTeam(part, 'at', pageUrl, path.teamSlugs.away);
  if (!homeTeam || !awayTeam) return skipped(SKIP_REASONS.noTeams);

  const { label, parsed, recognised } = cardStatus(part);
  const kickoffTime = cardKickoffTime(part) ?? parsed.kickoffTime;
  const goals = cardGoals(part('scoreboard'));
  const match: Match = {
    id: path.id,
    url: path.url,
    competition: { name: normalizeText(part('league').text()) || fallbackCompetition, slug: path.slug },
    date: path.date,
    kickoff: kickoffTime ? saoPauloKickoffIso(path.date, kickoffTime) : null,
    status: parsed.status,
    statusLabel: label,
    minute: parsed.minute,
    injuryTime: parsed.injuryTime,
    homeTeam,
    awayTeam,
    score: { ...goals, penalties: cardPenalties(part, label) },
  };
  return { kind: 'match', match, statusRecognised: recognised };
}
