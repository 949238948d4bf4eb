/**
 * A competition's table ("Classificação"), as its upstream page prints it, and the live table
 * Placar adds while its matches are in play (contract: API.md, "Standings"). Part of the one data
 * model: model.ts re-exports everything here.
 */
import { z } from 'zod';
import { CREST_PATH_PATTERN } from './crest-path.ts';
import { COMPETITION_SLUG_PATTERN, isCompetitionSlug } from './table-paths.ts';
import { TeamSlugSchema } from './team-slug.ts';

export { COMPETITION_SLUG_PATTERN, isCompetitionSlug };

/** Upper bounds of a table: far above any real competition, so a page past them is hostile or broken. */
export const STANDINGS_LIMITS = {
  /** Groups of one competition (a World Cup has 12). */
  groups: 64,
  /** Teams of one group (a league has 20–24, a Swiss-system phase 36). */
  rows: 64,
  /** Team and group names. */
  text: 200,
  /** Points, matches, goals of one team in one season. */
  count: 9_999,
} as const;

const count = z.number().int().min(0).max(STANDINGS_LIMITS.count).meta({ format: 'int32' });
const difference = z.number().int().min(-STANDINGS_LIMITS.count).max(STANDINGS_LIMITS.count).meta({ format: 'int32' });
const name = z.string().min(1).max(STANDINGS_LIMITS.text);

/** One team's numbers: the page's, or the live table's. */
const numbers = {
  points: count,
  played: count,
  won: count,
  drawn: count,
  lost: count,
  /** null when the page does not show them. */
  goalsFor: count.nullable(),
  goalsAgainst: count.nullable(),
  goalDifference: difference,
};

export const StandingsLiveSchema = z.object({
  position: count.min(1),
  ...numbers,
  /** The match this team's live numbers add (in play, or finished and not yet in the official table); null: none. */
  match: z.string().min(1).max(300).nullable(),
});
export type StandingsLive = z.infer<typeof StandingsLiveSchema>;

/** A row as the page prints it (the team's crest: the upstream's image, when it shows one). */
export const StandingsRowReadSchema = z.object({
  position: count.min(1),
  team: z.object({
    name,
    crestSource: z.string().max(2048).nullable(),
    /** The upstream's key, from the crest URL; null when the row shows none (older records: null). */
    slug: TeamSlugSchema.nullable().default(null),
  }),
  ...numbers,
});
export type StandingsRowRead = z.infer<typeof StandingsRowReadSchema>;

export const StandingsGroupReadSchema = z.object({
  /** As the page writes it; null when the page names none. */
  name: name.nullable(),
  rows: z.array(StandingsRowReadSchema).min(1).max(STANDINGS_LIMITS.rows),
});
export type StandingsGroupRead = z.infer<typeof StandingsGroupReadSchema>;

/** A row as the API serves it: Placar's crest copy, and the live numbers. */
export const StandingsRowSchema = z.object({
  position: count.min(1),
  team: z.object({
    name,
    crest: z.string().regex(CREST_PATH_PATTERN).max(STANDINGS_LIMITS.text).nullable(),
    /** The same key the listings give the team (Match.homeTeam.slug); null only for a name with no letter or digit. */
    slug: TeamSlugSchema.nullable(),
  }),
  ...numbers,
  /** null on every row of a group with no match in play. */
  live: StandingsLiveSchema.nullable(),
});
export type StandingsRow = z.infer<typeof StandingsRowSchema>;

export const StandingsGroupSchema = z.object({
  name: name.nullable(),
  rows: z.array(StandingsRowSchema).max(STANDINGS_LIMITS.rows),
});
export type StandingsGroup = z.infer<typeof StandingsGroupSchema>;

/** Which team a row is, across the page's and the listings' spellings ("São Paulo" = "Sao Paulo"). */
export function teamKey(teamName: string): string {
  return teamName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** /api/tabela/{slug}: a competition's table, official and live (API.md, "Standings"). */
/** ISO 8601 with an explicit offset, as every date-time of the API. */
const isoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/)
  .max(40);

/** A finished match of the listings whose result the official table does not count yet (the live numbers do). */
export const StandingsPendingResultSchema = z.object({
  match: z.string().min(1).max(300),
  homeTeam: name,
  awayTeam: name,
  score: z.object({ home: count, away: count }),
});
export type StandingsPendingResult = z.infer<typeof StandingsPendingResultSchema>;

export const StandingsEnvelopeSchema = z.object({
  generatedAt: isoDateTime.nullable(),
  timezone: z.literal('America/Sao_Paulo'),
  source: z
    .string()
    .regex(/^https?:\/\//)
    .max(2048),
  /** When the competition page was last read successfully; null: never (then `groups` is empty). */
  readAt: isoDateTime.nullable(),
  stale: z.boolean(),
  competition: z.object({ name: name, slug: z.string().regex(COMPETITION_SLUG_PATTERN).max(100) }),
  groups: z.array(StandingsGroupSchema).max(STANDINGS_LIMITS.groups),
  /** Finished matches counted in `live` because the last read of the page does not count them yet. */
  pendingResults: z.array(StandingsPendingResultSchema).max(STANDINGS_LIMITS.groups * STANDINGS_LIMITS.rows),
});
export type StandingsEnvelope = z.infer<typeof StandingsEnvelopeSchema>;
