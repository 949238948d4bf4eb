/**
 * Names the scorer of each GOAL alert: the match's own JSON (/api/jogo/{id}, rendered by the same
 * refresh as the listing that showed the goal) says who scored when its page listed that many
 * goals; otherwise the alert goes out as it was. One request per match with a goal, never more.
 */
import { findGoalScorer } from '../../lib/model/detail-events.ts';
import { hasMatchPage, matchJsonPath } from '../../lib/model/match-paths.ts';
import type { MatchDetail } from '../../lib/model/model.ts';
import { type MatchAlert, withScorer } from '../../lib/display/match-alerts.ts';

function readDetail(body: unknown): MatchDetail | null {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return null;
  const { detail } = body as { detail: unknown };
  if (typeof detail !== 'object' || detail === null || !Array.isArray((detail as { goals?: unknown }).goals))
    return null;
  return detail as MatchDetail;
}

async function fetchDetail(matchId: string): Promise<MatchDetail | null> {
  try {
    const response = await fetch(matchJsonPath(matchId), { cache: 'no-cache' });
    return response.ok ? readDetail(await response.json()) : null;
  } catch {
    return null;
  }
}

export async function nameScorers(alerts: readonly MatchAlert[]): Promise<MatchAlert[]> {
  const details = new Map<string, Promise<MatchDetail | null>>();
  for (const alert of alerts)
    if (alert.goal && hasMatchPage(alert.matchId) && !details.has(alert.matchId))
      details.set(alert.matchId, fetchDetail(alert.matchId));
  return Promise.all(
    alerts.map(async (alert) => {
      const detail = alert.goal ? await details.get(alert.matchId) : null;
      if (!detail || !alert.goal) return alert;
      const scorer = findGoalScorer(detail, alert.goal.team, alert.goal.number, alert.goal.sideScore);
      return scorer ? withScorer(alert, scorer) : alert;
    }),
  );
}
