/**
 * The match page's timeline: goals and cards of both sides in match order, grouped by period, in
 * the words a fan reads ("23'", "(pênalti)", "(gol anulado)"), and its substitutions. Pure and
 * browser-safe: the page and its live refresh (src/client/match/match-page.ts) render the same entries.
 */
import type { Card, Goal, MatchDetail, Substitution, TeamSide } from '../model/model.ts';

export type Side = 'home' | 'away';
export type TimelineKind = 'goal' | 'yellow' | 'red' | 'second-yellow';

export interface TimelineEntry {
  side: Side;
  /** "23'", "45+2'". */
  minute: string;
  kind: TimelineKind;
  /** What the icon means, for screen readers: "Gol", "Cartão amarelo"… */
  label: string;
  player: string;
  /** "(pênalti)", "(contra)", "(gol anulado)", several joined by a space, or ''. */
  note: string;
  /** A goal taken back: shown struck through, not counted. */
  cancelled: boolean;
  /** The score this goal made ("1 x 0"); '' for cards and cancelled goals. */
  score: string;
}

export interface TimelinePeriod {
  /** "1º tempo", "2º tempo", "Prorrogação". */
  name: string;
  entries: TimelineEntry[];
}

export interface SubstitutionEntry {
  side: Side;
  minute: string;
  playerIn: string;
  playerOut: string;
}

interface Timing {
  minute: number;
  injuryTime: number | null;
}

export function buildSide(team: TeamSide): Side {
  return team === 'HOME' ? 'home' : 'away';
}

export function buildEventMinute({ minute, injuryTime }: Timing): string {
  return injuryTime === null ? `${minute}'` : `${minute}+${injuryTime}'`;
}

/** Added time sorts after the minute it is added to ("45'" < "45+1'" < "46'"). */
function compareTiming(a: Timing, b: Timing): number {
  return a.minute - b.minute || (a.injuryTime ?? -1) - (b.injuryTime ?? -1);
}

/** 45+x is still the first half and 90+x the second; past 90 is extra time. */
function periodOf(minute: number): string {
  if (minute <= 45) return '1º tempo';
  return minute <= 90 ? '2º tempo' : 'Prorrogação';
}

const CARD_LABELS: Record<Exclude<TimelineKind, 'goal'>, string> = {
  yellow: 'Cartão amarelo',
  red: 'Cartão vermelho',
  'second-yellow': 'Cartão vermelho (segundo amarelo)',
};

function goalNote(goal: Goal): string {
  const notes = [goal.penalty && '(pênalti)', goal.ownGoal && '(contra)', goal.cancelled && '(gol anulado)'];
  return notes.filter((note) => note !== false).join(' ');
}

function cardKind(card: Card): Exclude<TimelineKind, 'goal'> {
  if (card.secondYellow) return 'second-yellow';
  return card.color === 'RED' ? 'red' : 'yellow';
}

/**
 * Goals and cards merged in match order (minute, then added time; at the same time a goal before a
 * card, each list keeping its own order), with the running score after each goal that counts.
 */
export function buildTimeline(detail: Pick<MatchDetail, 'goals' | 'cards'>): TimelinePeriod[] {
  const score = { home: 0, away: 0 };
  const goals = detail.goals.map((goal) => {
    const side = buildSide(goal.team);
    if (!goal.cancelled) score[side] += 1;
    const entry: TimelineEntry = {
      side,
      minute: buildEventMinute(goal),
      kind: 'goal',
      label: 'Gol',
      player: goal.player,
      note: goalNote(goal),
      cancelled: goal.cancelled,
      score: goal.cancelled ? '' : `${score.home} x ${score.away}`,
    };
    return { timing: goal, entry };
  });
  const cards = detail.cards.map((card) => {
    const kind = cardKind(card);
    const entry: TimelineEntry = {
      side: buildSide(card.team),
      minute: buildEventMinute(card),
      kind,
      label: CARD_LABELS[kind],
      player: card.player,
      note: '',
      cancelled: false,
      score: '',
    };
    return { timing: card, entry };
  });
  // Array.prototype.sort is stable: goals (listed first) stay before cards of the same time.
  const ordered = [...goals, ...cards].sort((a, b) => compareTiming(a.timing, b.timing));
  const periods: TimelinePeriod[] = [];
  for (const { timing, entry } of ordered) {
    const name = periodOf(timing.minute);
    const last = periods.at(-1);
    if (last?.name === name) last.entries.push(entry);
    else periods.push({ name, entries: [entry] });
  }
  return periods;
}

export function buildSubstitutions(substitutions: readonly Substitution[]): SubstitutionEntry[] {
  return [...substitutions].sort(compareTiming).map((substitution) => ({
    side: buildSide(substitution.team),
    minute: buildEventMinute(substitution),
    playerIn: substitution.playerIn,
    playerOut: substitution.playerOut,
  }));
}
