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
 *       <div class="w-25 p-1 match-score d-flex justify-content-end"><h4><span class="badge badge-default">1</span><span class="badge badge-penalties">4</span></h4></div>
 *       <div class="h5 text-center">x</div>
 *       <div class="w-25 p-1 match-score d-flex justify-content-start"><h4><span class="badge badge-default">1</span><span class="badge badge-penalties">5</span></h4></div>
 *       <div class="w-25 p-2 team-name"><h5 class="text-left team_link">Cruzeiro</h5></div>
 *       <div class="w-25 p-1 link_to_match"><img src="/images/tv.png" alt=""></div>
 *     </div>
 *   </a>
 */
import type { Match, Team } from '../lib/model/model.ts';
import { saoPauloKickoffIso } from '../lib/model/time.ts';
import {
  SKIP_REASONS,
  crestUrl,
  makeTeam,
  normalizeText,
  parseGoalCount,
  parseMatchPath,
  skipped,
  type CandidateOutcome,
  type Selection,
} from './match-fields.ts';
import { parseStatus } from './parse-status.ts';

function parseTeam(cell: Selection, pageUrl: string): Team | null {
  return makeTeam(normalizeText(cell.text()), crestUrl(cell, pageUrl));
}

/** Goals shown in a score cell: the main badge (or bare text), never the shoot-out badge. */
function parseGoals(cell: Selection | undefined): number | null {
  if (!cell || cell.length === 0) return null;
  const badge = cell.find('.badge').not('.badge-penalties').first();
  if (badge.length > 0) return parseGoalCount(badge.text());
  return parseGoalCount(cell.clone().find('.badge-penalties').remove().end().text());
}

function parsePenalties(cell: Selection | undefined): number | null {
  if (!cell || cell.length === 0) return null;
  const badge = cell.find('.badge-penalties').first();
  return badge.length > 0 ? parseGoalCount(badge.text()) : null;
}

export function parseMatchRow(row: Selection, pageUrl: string, competitionName: string): CandidateOutcome {
  const path = parseMatchPath(row.attr('href'), pageUrl);
  if (!path) return skipped(SKIP_REASONS.noMatchLink);
  let teamCells = row.find('.team-name');
  if (teamCells.length < 2) teamCells = row.find('.team_link');
  if (teamCells.length < 2) return skipped(SKIP_REASONS.noTeams);
  const homeTeam = parseTeam(teamCells.eq(0), pageUrl);
  const awayTeam = parseTeam(teamCells.eq(1), pageUrl);
  if (!homeTeam || !awayTeam) return skipped(SKIP_REASONS.noTeams);

  const badge = row.find('.status-name').first();
  const statusLabel = normalizeText((badge.length > 0 ? badge : row.find('.status').first()).text());
  const { status, minute, injuryTime, kickoffTime } = parseStatus(statusLabel);

  const scoreCells = row.find('.match-score');
  const [homeScoreCell, awayScoreCell] = [scoreCells.eq(0), scoreCells.eq(1)];
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
