/**
 * The one data model of Placar. Every layer (parser, snapshot store, pages, endpoints,
 * server, browser scripts) imports its types from here. The zod schemas validate data
 * that crosses a boundary (a snapshot read from disk, a JSON response in the browser).
 */
import { z } from 'zod';
import { CREST_PATH_PATTERN } from './crest-path.ts';
import { MatchDetailSchema, GoalScorerSchema, RedCardSchema } from './match-detail.ts';
import { STATUSES, TEAM_SIDES } from './statuses.ts';
import { TeamSlugSchema, TEAM_SLUG_MAX, TEAM_SLUG_PATTERN } from './team-slug.ts';
import { TIMEZONE } from './time.ts';

export { TeamSlugSchema, TEAM_SLUG_MAX, TEAM_SLUG_PATTERN };

export { STATUSES, TEAM_SIDES, TIMEZONE };
export * from './match-detail.ts';
export * from './table.ts';

export const StatusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof StatusSchema>;

/**
 * Upper bounds of every string, number and list: far above what the upstream shows, so real
 * data never hits them, and declared in /api/routes so clients can size what they keep. A
 * scraped listing that breaks one fails validation and the last good data is kept.
 */
export const LIMITS = {
  /** Names, labels, slugs, problem texts. */
  text: 200,
  /** Match ids (upstream paths). */
  id: 300,
  url: 2048,
  /** ISO 8601 date-times (fractional seconds included). */
  dateTime: 40,
  /** Goals of one side (score or penalties). */
  goals: 999,
  /** Minute of play or added time shown by the upstream. */
  minute: 999,
  /** Matches in one listing or search answer. */
  matches: 5000,
} as const;

/** A non-negative int32 up to `max` (the format is declared for OpenAPI clients). */
const boundedInteger = (max: number): z.ZodNumber => z.number().int().min(0).max(max).meta({ format: 'int32' });
const text = z.string().max(LIMITS.text);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .max(10);
/** ISO 8601 with an explicit offset, e.g. 2026-11-21T21:30:00-03:00. */
const isoDateTimeWithOffset = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/)
  .max(LIMITS.dateTime);
const httpUrl = z
  .string()
  .regex(/^https?:\/\//)
  .max(LIMITS.url);
const goals = boundedInteger(LIMITS.goals);

export const TeamSchema = z.object({
  name: text,
  /** Placar's own checked copy of the crest ("/escudos/<sha256>.<type>", on the API's origin); null when it holds none. */
  crest: z.string().regex(CREST_PATH_PATTERN).max(LIMITS.text).nullable(),
  /** The image URL the upstream listing shows (where Placar fetched its copy from); null when none, or not allowed. */
  crestSource: httpUrl.nullable(),
  /**
   * The team's key on the upstream (crest URL, match link, team link), else derived from its name
   * (team-slug.ts); null only for a name with no letter or digit.
   */
  slug: TeamSlugSchema.nullable().default(null),
});
export type Team = z.infer<typeof TeamSchema>;

export const CompetitionSchema = z.object({
  name: text,
  slug: text,
});
export type Competition = z.infer<typeof CompetitionSchema>;

export const ScoreSchema = z.object({
  home: goals.nullable(),
  away: goals.nullable(),
  penalties: z.object({ home: goals, away: goals }).nullable(),
});
export type Score = z.infer<typeof ScoreSchema>;

export const MatchSchema = z.object({
  id: z.string().min(1).max(LIMITS.id),
  url: httpUrl,
  competition: CompetitionSchema,
  date: isoDate,
  kickoff: isoDateTimeWithOffset.nullable(),
  status: StatusSchema,
  statusLabel: text,
  minute: boundedInteger(LIMITS.minute).nullable(),
  injuryTime: boundedInteger(LIMITS.minute).nullable(),
  homeTeam: TeamSchema,
  awayTeam: TeamSchema,
  score: ScoreSchema,
});
export type Match = z.infer<typeof MatchSchema>;

/**
 * What a match page says of the match besides its detail: the kick-off of its date line
 * ("14/03/2027 às 16:00", São Paulo time) and each team's key from its team link. The scrape
 * gives them to the listings' rows (src/refresh/match-pages/match-page-facts.ts); null where the page has none.
 */
export const MatchPageFactsSchema = z.object({
  kickoff: isoDateTimeWithOffset.nullable(),
  homeSlug: TeamSlugSchema.nullable(),
  awaySlug: TeamSlugSchema.nullable(),
});
export type MatchPageFacts = z.infer<typeof MatchPageFactsSchema>;

/** The upstream listings Placar republishes, keyed by their API name (ontem: fetched hourly, see config). */
export const LISTING_NAMES = ['live', 'hoje', 'amanha', 'ontem'] as const;
export type ListingName = (typeof LISTING_NAMES)[number];

/** Upstream path of each listing (relative to UPSTREAM_URL). */
export const LISTING_PATHS: Readonly<Record<ListingName, string>> = {
  live: '/jogos-em-andamento',
  hoje: '/jogos-de-hoje',
  amanha: '/jogos-de-amanha',
  ontem: '/jogos-de-ontem',
};

/** The list envelope served by /api/live, /api/hoje, /api/amanha, /api/ontem (and, with `query`, /api/busca). */
export const ListEnvelopeSchema = z
  .object({
    generatedAt: isoDateTimeWithOffset.nullable(),
    timezone: z.literal(TIMEZONE),
    source: httpUrl,
    stale: z.boolean(),
    count: boundedInteger(LIMITS.matches),
    matches: z.array(MatchSchema).max(LIMITS.matches),
  })
  .refine((envelope) => envelope.count === envelope.matches.length, {
    message: 'count must equal matches.length',
  });
export type ListEnvelope = z.infer<typeof ListEnvelopeSchema>;

/**
 * /api/busca's answer: a list envelope of at most SEARCH_RESULTS_MAX (search-results.ts) matches
 * (`count` is how many it holds), `truncated` when the query found more, and `query`: q as the
 * search reads it.
 */
export type SearchEnvelope = ListEnvelope & { query: string; truncated: boolean };

/**
 * DATA_DIR/snapshot.json: each listing's envelope exactly as the API serves it. A file written
 * before `ontem` existed has none: src/lib/store/scraped/snapshot-store.ts reads it as never fetched.
 */
export const SnapshotSchema = z.object({
  live: ListEnvelopeSchema,
  hoje: ListEnvelopeSchema,
  amanha: ListEnvelopeSchema,
  ontem: ListEnvelopeSchema,
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

/** What a match event says happened (football-data vocabulary; src/lib/model/match-events.ts decides). */
export const MATCH_EVENT_TYPES = [
  'KICK_OFF',
  'GOAL',
  'GOAL_CANCELLED',
  'HALF_TIME',
  'SECOND_HALF',
  'FULL_TIME',
  'POSTPONED',
  'SUSPENDED',
  'CANCELLED',
  'RED_CARD',
] as const;
export const MatchEventTypeSchema = z.enum(MATCH_EVENT_TYPES);
export type MatchEventType = z.infer<typeof MatchEventTypeSchema>;

export type TeamSide = (typeof TEAM_SIDES)[number];

/**
 * Event ids: milliseconds since the epoch (13 digits) and a sequence number within that
 * millisecond, so they sort as strings in the order they were made and only ever grow.
 */
export const MATCH_EVENT_ID_PATTERN = /^\d{13}-\d{4}$/;

/** One change Placar saw in a match: /api/eventos and /api/eventos/stream. */
export const MatchEventSchema = z.object({
  id: z.string().regex(MATCH_EVENT_ID_PATTERN).max(18),
  type: MatchEventTypeSchema,
  at: isoDateTimeWithOffset,
  match: MatchSchema,
  team: z.enum(TEAM_SIDES).optional(),
  previous: z.object({ status: StatusSchema, score: ScoreSchema }).optional(),
  /** GOAL only: who scored, when the match page read in the same refresh names that goal, else null. */
  scorer: GoalScorerSchema.nullable().optional(),
  /** RED_CARD only: the card, from the match page. */
  card: RedCardSchema.optional(),
});
export type MatchEvent = z.infer<typeof MatchEventSchema>;

/** The events kept: the last 24 hours, at most this many. */
export const MAX_KEPT_EVENTS = 5000;
/** How long an event is kept (and replayed to a resuming stream). */
export const EVENT_KEEP_MS = 24 * 60 * 60 * 1000;

/** /api/eventos: the kept events, oldest first; generatedAt is the last scrape they were compared on (its listings that arrived). */
export const EventFeedSchema = z
  .object({
    generatedAt: isoDateTimeWithOffset.nullable(),
    timezone: z.literal(TIMEZONE),
    stale: z.boolean(),
    count: boundedInteger(MAX_KEPT_EVENTS),
    events: z.array(MatchEventSchema).max(MAX_KEPT_EVENTS),
  })
  .refine((feed) => feed.count === feed.events.length, { message: 'count must equal events.length' });
export type EventFeed = z.infer<typeof EventFeedSchema>;

/**
 * /api/jogo/{id}: one match whole. `match` is the row of the freshest listing that has it;
 * `generatedAt` the last successful fetch of the match page (null: never fetched, and `detail`
 * null); `source` the match page on the upstream.
 */
export const MatchDetailEnvelopeSchema = z.object({
  generatedAt: isoDateTimeWithOffset.nullable(),
  /**
   * While the match is in play (IN_PLAY, PAUSED): when the listing that gave `match` was read —
   * the moment of the minute and score shown; null otherwise.
   */
  matchReadAt: isoDateTimeWithOffset.nullable(),
  timezone: z.literal(TIMEZONE),
  source: httpUrl,
  stale: z.boolean(),
  match: MatchSchema,
  detail: MatchDetailSchema.nullable(),
});
export type MatchDetailEnvelope = z.infer<typeof MatchDetailEnvelopeSchema>;

/** RFC 9457 problem details, the body of every API error. */
export const ProblemSchema = z.object({
  type: z.literal('about:blank'),
  title: text,
  status: z.number().int().min(400).max(599).meta({ format: 'int32' }),
  detail: z.string().max(LIMITS.text * 2),
  instance: z
    .string()
    .regex(/^\//)
    .max(LIMITS.text + 1),
});
export type Problem = z.infer<typeof ProblemSchema>;

/**
 * What the parser recognised on a listing page, kept per listing in scrape-state.json and shown
 * by /healthz: which markup (the upstream's rows, its cards, both, or none), how many candidate
 * rows/cards it found, how many became matches, how many it skipped, and the distinct status
 * texts it did not recognise (at most MAX_UNKNOWN_STATUS_LABELS).
 */
export const MARKUPS = ['rows', 'cards', 'mixed', 'none'] as const;
export type Markup = (typeof MARKUPS)[number];
export const MAX_UNKNOWN_STATUS_LABELS = 10;

export const ListingParseSummarySchema = z.object({
  markup: z.enum(MARKUPS),
  candidates: z.number().int().min(0),
  matches: z.number().int().min(0),
  skipped: z.number().int().min(0),
  unknownStatusLabels: z.array(z.string()).max(MAX_UNKNOWN_STATUS_LABELS),
});
export type ListingParseSummary = z.infer<typeof ListingParseSummarySchema>;
