/**
 * A team's home (API.md, "The team's home"): what the upstream's two team pages list
 * (`/time/<slug>/proximos-jogos`, `/ultimos-jogos`) and the envelope of /api/time/{slug}, merged
 * from those pages and what Placar holds. Imports the match from model.ts, so model.ts does not
 * re-export it (that would be a cycle).
 */
import { z } from 'zod';
import { CREST_PATH_PATTERN } from './crest-path.ts';
import { LIMITS, MatchSchema, TIMEZONE } from './model.ts';
import { COMPETITION_SLUG_PATTERN } from './table-paths.ts';
import { TeamSlugSchema } from './team-slug.ts';

/** Upper bounds of one team's home: far above a real season, so a page past them is hostile or broken. */
export const TEAM_HOME_LIMITS = {
  /** Matches one team page lists (the upstream shows about 10–20). */
  pageMatches: 200,
  /** Matches of each of `live`, `next` and `last`. */
  listed: 200,
  /** Tables one team sits in. */
  standings: 32,
} as const;

const isoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/)
  .max(LIMITS.dateTime);
const count = z.number().int().min(0).max(9_999).meta({ format: 'int32' });

/** The two team pages of one team as parsed: each card a Match (null where a card does not show a field). */
export const TeamPagesReadSchema = z.object({
  /** Still to start, and a live match the upcoming page may show at its top, in page order. */
  next: z.array(MatchSchema).max(TEAM_HOME_LIMITS.pageMatches),
  /** Finished, in page order (latest first on the upstream). */
  last: z.array(MatchSchema).max(TEAM_HOME_LIMITS.pageMatches),
});
export type TeamPagesRead = z.infer<typeof TeamPagesReadSchema>;

/** One table the team sits in: the official position and, while its matches are in play, the live one. */
export const TeamStandingSchema = z.object({
  competition: z.object({
    name: z.string().min(1).max(LIMITS.text),
    slug: z.string().regex(COMPETITION_SLUG_PATTERN).max(100),
  }),
  group: z.string().max(LIMITS.text).nullable(),
  position: count.min(1),
  points: count,
  played: count,
  live: z.object({ position: count.min(1), points: count }).nullable(),
});
export type TeamStanding = z.infer<typeof TeamStandingSchema>;

/** /api/time/{slug}. */
export const TeamHomeEnvelopeSchema = z.object({
  generatedAt: isoDateTime.nullable(),
  timezone: z.literal(TIMEZONE),
  stale: z.boolean(),
  /** The upstream's upcoming-matches page of the team. */
  source: z
    .string()
    .regex(/^https?:\/\//)
    .max(LIMITS.url),
  /** The team pages' last successful read; null: never. */
  readAt: isoDateTime.nullable(),
  team: z.object({
    name: z.string().min(1).max(LIMITS.text),
    slug: TeamSlugSchema,
    crest: z.string().regex(CREST_PATH_PATTERN).max(LIMITS.text).nullable(),
  }),
  /** In play now. */
  live: z.array(MatchSchema).max(TEAM_HOME_LIMITS.listed),
  /** Still to start, soonest first. */
  next: z.array(MatchSchema).max(TEAM_HOME_LIMITS.listed),
  /** Finished, latest first. */
  last: z.array(MatchSchema).max(TEAM_HOME_LIMITS.listed),
  standings: z.array(TeamStandingSchema).max(TEAM_HOME_LIMITS.standings),
});
export type TeamHomeEnvelope = z.infer<typeof TeamHomeEnvelopeSchema>;
