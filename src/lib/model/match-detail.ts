/**
 * The whole match, as its own upstream page tells it: goals with their scorers, cards,
 * substitutions, lineups, statistics, venue and referee. Part of the one data model: model.ts
 * re-exports everything here, and every layer imports it from there.
 */
import { z } from 'zod';
import { TEAM_SIDES } from './statuses.ts';

/** Upper bounds of a match page's lists: far above any real match, so a page past them is hostile or broken. */
export const DETAIL_LIMITS = {
  /** Player, venue and referee names, statistic labels and values. */
  text: 200,
  /** Goals, cards or substitutions of one match. */
  events: 200,
  /** Players of one side's lineup (starters and bench). */
  lineup: 60,
  statistics: 60,
  /** Channels of one match's "where to watch" row. */
  broadcasts: 20,
  minute: 999,
  shirtNumber: 999,
} as const;

const text = z.string().min(1).max(DETAIL_LIMITS.text);
const int32 = (max: number): z.ZodNumber => z.number().int().min(0).max(max).meta({ format: 'int32' });
const minute = int32(DETAIL_LIMITS.minute);
const side = z.enum(TEAM_SIDES);

/** When in the match: "45+2'" is minute 45, injuryTime 2; "23'" is 23, null. */
const timing = { minute, injuryTime: minute.nullable() };

export const GoalSchema = z.object({
  /** The side the goal counts for (an own goal counts for the other team than its scorer's). */
  team: side,
  player: text,
  ...timing,
  ownGoal: z.boolean(),
  penalty: z.boolean(),
  /** Taken back (VAR, offside): shown struck through, not counted in the score. */
  cancelled: z.boolean(),
});
export type Goal = z.infer<typeof GoalSchema>;

export const CARD_COLORS = ['YELLOW', 'RED'] as const;
export const CardSchema = z.object({
  team: side,
  player: text,
  ...timing,
  color: z.enum(CARD_COLORS),
  /** A red card that is the player's second yellow. */
  secondYellow: z.boolean(),
});
export type Card = z.infer<typeof CardSchema>;

export const SubstitutionSchema = z.object({
  team: side,
  ...timing,
  playerIn: text,
  playerOut: text,
});
export type Substitution = z.infer<typeof SubstitutionSchema>;

export const LineupPlayerSchema = z.object({
  name: text,
  /** Shirt number; null when the page shows none. */
  number: int32(DETAIL_LIMITS.shirtNumber).nullable(),
});
export type LineupPlayer = z.infer<typeof LineupPlayerSchema>;

export const LineupsSchema = z.object({
  home: z.array(LineupPlayerSchema).max(DETAIL_LIMITS.lineup),
  away: z.array(LineupPlayerSchema).max(DETAIL_LIMITS.lineup),
});
export type Lineups = z.infer<typeof LineupsSchema>;

export const StatisticSchema = z.object({ label: text, home: text, away: text });
export type Statistic = z.infer<typeof StatisticSchema>;

/** A channel the match page names, with the parenthesised note after it ("SporTV (7 dias grátis)"). */
export const BroadcastSchema = z.object({ channel: text, note: text.nullable() });
export type Broadcast = z.infer<typeof BroadcastSchema>;

export const MatchDetailSchema = z.object({
  venue: text.nullable(),
  referee: text.nullable(),
  /** The round or stage line as the page writes it ("Rodada 12"); null when none (a detail kept before it was read: null). */
  round: text.nullable().default(null),
  goals: z.array(GoalSchema).max(DETAIL_LIMITS.events),
  cards: z.array(CardSchema).max(DETAIL_LIMITS.events),
  substitutions: z.array(SubstitutionSchema).max(DETAIL_LIMITS.events),
  /** null when the page shows no lineups. */
  lineups: LineupsSchema.nullable(),
  statistics: z.array(StatisticSchema).max(DETAIL_LIMITS.statistics),
  /** Where to watch, in the page's order; [] when it names no channel (a detail kept before it was read: []). */
  broadcasts: z.array(BroadcastSchema).max(DETAIL_LIMITS.broadcasts).default([]),
});
export type MatchDetail = z.infer<typeof MatchDetailSchema>;

/** What a GOAL event says of the goal it announces (from the match page read in the same refresh). */
export const GoalScorerSchema = z.object({
  player: text,
  ...timing,
  ownGoal: z.boolean(),
  penalty: z.boolean(),
});
export type GoalScorer = z.infer<typeof GoalScorerSchema>;

/** What a RED_CARD event says of the card. */
export const RedCardSchema = z.object({
  player: text,
  ...timing,
  secondYellow: z.boolean(),
});
export type RedCard = z.infer<typeof RedCardSchema>;
