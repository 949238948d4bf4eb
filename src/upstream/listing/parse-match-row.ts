/**
 * Pure: one match row of an upstream listing (the row markup) → a Match, or why it was skipped
 * (no match path, or not two team names). The card markup has its own parser (parse-match-card.ts).
 *
 * The row, as the listing writes it (whitespace varies; the <h4> may be empty or absent
 * before kick-off; an <img> crest may sit in the team cells):
 *   <a href="/copa-do-brasil/21-11-2026-fortaleza-x-cruzeiro.html">
 *     <div class="row align-items-center content">
 *       <div class="w-25 p-1 status text-center"><span class="badge badge-danger status-name">ENCERRADO</span></div>
 *       <div class="w-25 p-2 team-name"><h5 class="text-right team_link">Fortaleza</h5></div>
 *       <div class="w-25 p-1 match-score d-flex justify-content-end"><h4><span class="badge
 * badge-default">1</span><span class="badge badge-penalties">4</span></h4></div>
 *       <div class="h5 text-center">x</div>
 *       <div class="w-25 p-1 match-score d-flex justify-content-start"><h4><span class="badge
 * badge-default">1</span><span class="badge badge-penalties">5</span></h4></div>
 *       <div class="w-25 p-2 team-name"><h5 class="text-left team_link">Cruzeiro</h5></div>
 *       <div class="w-25 p-1 link_to_match"><img src="/images/tv.png" alt=""></div>
 *     </div>
 *   </a>
 */
import type { Match, Team } from '../../lib/model/model.ts';
import { saoPauloKickoffIso } from '../../lib/model/time.ts';
import { findAll, findFirst, textOf, textWithout, withClass, withTag, type DomElement } from '../dom-query.ts';
import {
  SKIP_REASONS,
  crestFromImage,
  makeTeam,
  normalizeText,
  parseGoalCount,
  parseMatchPath,
  skipped,
  type CandidateOutcome,
} from '../match-fields.ts';
import { parseStatus } from '../parse-status.ts';

const isPenalties = withClass('badge-penalties');
const isGoalsBadge = (element: DomElement): boolean => withClass('badge')(element) && !isPenalties(element);

function parseTeam(cell: DomElement, pageUrl: string, linkSlug: string | null): Team | null {
  return makeTeam(normalizeText(textOf(cell)), crestFromImage(findFirst(cell, withTag('img')), pageUrl), linkSlug);
}

/** Goals shown in a score cell: the main badge (or bare text), never the shoot-out badge. */
function parseGoals(cell: DomElement | undefined): number | null {
  if (!cell) return null;
  const badge = findFirst(cell, isGoalsBadge);
  if (badge) return parseGoalCount(textOf(badge));
  return parseGoalCount(textWithout(cell, isPenalties));
}

function parsePenalties(cell: DomElement | undefined): number | null {
  if (!cell) return null;
  const badge = findFirst(cell, isPenalties);
  return badge ? parseGoalCount(textOf(badge)) : null;
}

/** `row` is the candidate's link element (its own small tree). */
export function parseMatchRow(row: DomElement, pageUrl: string, competitionName: string): CandidateOutcome {
  const path = parseMatchPath(row.attribs.href, pageUrl);
  if (!path) return skipped(SKIP_REASONS.noMatchLink);
  let teamCells = findAll(row, withClass('team-name'));
  if (teamCells.length < 2) teamCells = findAll(row, withClass('team_link'));
  const [homeCell, awayCell] = teamCells;
  if (!homeCell || !awayCell) return skipped(SKIP_REASONS.noTeams);
  const homeTeam = parseTeam(homeCell, pageUrl, path.teamSlugs.home);
  const awayTeam = parseTeam(awayCell, pageUrl, path.teamSlugs.away);
  if (!homeTeam || !awayTeam) return skipped(SKIP_REASONS.noTeams);

  const badge = findFirst(row, withClass('status-name')) ?? findFirst(row, withClass('status'));
  const statusLabel = normalizeText(textOf(badge));
  const { status, minute, injuryTime, kickoffTime } = parseStatus(statusLabel);

  const [homeScoreCell, awayScoreCell] = findAll(row, withClass('match-score'));
  const homePenalties = parsePenalties(homeScoreCell);
  const awayPenalties = parsePenalties(awayScoreCell);
  const match: Match = {
    id: path.id,
    url: path.url,
    competition: { name: competitionName, slug: path.slug },
    date: path.date,
    kickoff: kickoffTime ? saoPauloKickoffIso(path.date, kickoffTime) : null,
    status,
    statusLabel,
    minute,
    injuryTime,
    homeTeam,
    awayTeam,
    score: {
      home: parseGoals(homeScoreCell),
      away: parseGoals(awayScoreCell),
      penalties: homePenalties !== null && awayPenalties !== null ? { home: homePenalties, away: awayPenalties } : null,
    },
  };
  return { kind: 'match', match, statusRecognised: status !== 'UNKNOWN' };
}
