/**
 * football-data.org's status vocabulary, plus UNKNOWN for text we do not recognise. Apart from
 * model.ts (which builds its schema from it) so that browser code can read the list without zod.
 */
export const STATUSES = [
  'SCHEDULED',
  'IN_PLAY',
  'PAUSED',
  'FINISHED',
  'POSTPONED',
  'SUSPENDED',
  'CANCELLED',
  'UNKNOWN',
] as const;

/** The two sides of a match (event `team`, detail goals and cards). */
export const TEAM_SIDES = ['HOME', 'AWAY'] as const;
