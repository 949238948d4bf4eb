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

/** One VEVENT as the calendar writes it. */
interface CalendarEvent {
  uid: string;
  /** ISO instant of the kick-off, or the day's midnight (UTC) of an all-day event. */
  start: string;
  allDay: boolean;
  summary: string;
  location: string | null;
  description: string;
  cancelled: boolean;
}

/**
 * Everything a team's calendar says but its DTSTAMP: the refresh keys the .ics file by it (team-home-files.ts), so
 * the file, and its DTSTAMP, stay while only what the calendar does not show (a live score, the minute) moves.
 */
export interface TeamCalendarSource {
  name: string;
  events: CalendarEvent[];
}

export function teamCalendarSource(data: TeamHomePageData): TeamCalendarSource {
  const { envelope } = data;
  return {
    name: `${envelope.team.name} — Placar`,
    events: [...envelope.live, ...envelope.next, ...envelope.last].map((match) => {
      const kickoff = match.kickoff === null ? null : new Date(match.kickoff);
      const timed = kickoff !== null && !Number.isNaN(kickoff.getTime());
      return {
        uid: matchEventUid(match.id),
        start: timed ? kickoff.toISOString() : `${match.date}T00:00:00.000Z`,
        allDay: !timed,
        summary: matchSummary(match),
        location: data.details[match.id]?.venue ?? null,
        description: descriptionOf(match, data),
        cancelled: match.status === 'CANCELLED',
      };
    }),
  };
}

/** The calendar of a team's home. */
export function teamCalendar(data: TeamHomePageData): string {
  const source = teamCalendarSource(data);
  const calendar = ical({
    name: source.name,
    prodId: { company: 'Placar', product: 'time', language: 'PT-BR' },
  });
  // DTSTAMP: the data's time when the calendar was made, kept while its file is (see TeamCalendarSource).
  const { envelope } = data;
  const stamp = new Date(envelope.generatedAt ?? envelope.readAt ?? 0);
  for (const event of source.events) {
    const start = new Date(event.start);
    calendar.createEvent({
      id: event.uid,
      stamp,
      start,
      end: event.allDay ? null : new Date(start.getTime() + MATCH_EVENT_MS),
      allDay: event.allDay,
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: event.cancelled ? ICalEventStatus.CANCELLED : null,
    });
  }
  // RFC 5545 ends every content line, the last one too, with CRLF; the generator leaves the last one open.
  return `${calendar.toString()}\r\n`;
}
