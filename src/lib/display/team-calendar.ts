/**
 * A team's matches as a calendar (RFC 5545), /api/time/{slug}.ics (API.md, "The team's home"): one VEVENT per match
 * of its home's `live`, `next` and `last`. ical-generator writes the text (escaping, 75-octet folding, CRLF).
 * Times are in UTC: the same instant as São Paulo's, with no VTIMEZONE to carry, whatever the server's zone.
 */
import ical, { ICalEventStatus } from 'ical-generator';
import type { Match } from '../model/model.ts';
import type { TeamHomePageData } from './team-home-data.ts';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** A timed event lasts this long: about a match with its break (the upstream gives no end). */
const MATCH_EVENT_MS = 2 * 60 * 60 * 1000;

/** The event's UID: the match id, which stays the same from one refresh to the next. */
export function matchEventUid(id: string): string {
  return `${encodeURIComponent(id)}@placar`;
}

/** "Flamengo x Fluminense"; "Flamengo 3 x 0 Madureira" once finished. */
export function matchSummary(match: Match): string {
  const { home, away } = match.score;
  if (match.status === 'FINISHED' && home !== null && away !== null)
    return `${match.homeTeam.name} ${home} x ${away} ${match.awayTeam.name}`;
  return `${match.homeTeam.name} x ${match.awayTeam.name}`;
}

function descriptionOf(match: Match, data: TeamHomePageData): string {
  const lines = [match.competition.name];
  const broadcasts = data.details[match.id]?.broadcasts ?? [];
  if (broadcasts.length > 0)
    lines.push(
      `Onde assistir: ${broadcasts.map(({ channel, note }) => (note ? `${channel} (${note})` : channel)).join(', ')}`,
    );
  // Placar has no setting of its public origin: the address is the path on the site that serves this calendar.
  const path = data.matchPaths[match.id];
  if (path) lines.push(`No Placar: ${path}`);
  return lines.join('\n');
}

/** The calendar of a team's home. */
export function teamCalendar(data: TeamHomePageData): string {
  const { envelope } = data;
  const calendar = ical({
    name: `${envelope.team.name} — Placar`,
    prodId: { company: 'Placar', product: 'time', language: 'PT-BR' },
  });
  // DTSTAMP follows the data, so a home whose data did not change keeps the same bytes.
  const stamp = new Date(envelope.generatedAt ?? envelope.readAt ?? 0);
  for (const match of [...envelope.live, ...envelope.next, ...envelope.last]) {
    const kickoff = match.kickoff === null ? null : new Date(match.kickoff);
    const timed = kickoff !== null && !Number.isNaN(kickoff.getTime());
    calendar.createEvent({
      id: matchEventUid(match.id),
      stamp,
      start: timed ? kickoff : new Date(`${match.date}T00:00:00Z`),
      end: timed ? new Date(kickoff.getTime() + MATCH_EVENT_MS) : null,
      allDay: !timed,
      summary: matchSummary(match),
      location: data.details[match.id]?.venue ?? null,
      description: descriptionOf(match, data),
      status: match.status === 'CANCELLED' ? ICalEventStatus.CANCELLED : null,
    });
  }
  // RFC 5545 ends every content line, the last one too, with CRLF; the generator leaves the last one open.
  return `${calendar.toString()}\r\n`;
}
