/**
 * /api/time/{slug}.ics (issue 50 §3): a team's home as an RFC 5545 calendar, read back with a real parser (ical.js):
 * one event per match, UIDs from the match ids (the same from one build to the next), timed events at their
 * instant and all-day ones on their date, the summary with the score once finished, the venue, the competition,
 * where to watch and the Placar address; lines of at most 75 octets, ended by CRLF.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { matchEventUid, teamCalendar } from '../../../src/lib/display/team-calendar.ts';
import type { TeamHomePageData } from '../../../src/lib/display/team-home-data.ts';
import type { Match, Team } from '../../../src/lib/model/model.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const team = (name: string, slug: string): Team => ({ name, slug, crest: null, crestSource: null });
const FLAMENGO = team('Flamengo', 'flamengo');
const nil = { home: null, away: null, penalties: null };

const NEXT = buildSampleMatch({
  id: 'campeonato-carioca/05-12-2026-flamengo-x-fluminense',
  competition: { name: 'Campeonato Carioca', slug: 'campeonato-carioca' },
  date: '2026-12-05',
  kickoff: '2026-12-05T16:00:00-03:00',
  status: 'SCHEDULED',
  statusLabel: '',
  minute: null,
  homeTeam: FLAMENGO,
  awayTeam: team('Fluminense', 'fluminense'),
  score: nil,
});
const UNTIMED: Match = {
  ...NEXT,
  id: 'copa/20-12-2026-bangu-x-flamengo',
  kickoff: null,
  date: '2026-12-20',
  homeTeam: team('Bangu', 'bangu'),
  awayTeam: FLAMENGO,
};
const LAST = buildSampleMatch({
  id: 'campeonato-carioca/21-11-2026-flamengo-x-madureira',
  competition: { name: 'Campeonato Carioca', slug: 'campeonato-carioca' },
  date: '2026-11-21',
  kickoff: '2026-11-21T21:30:00-03:00',
  status: 'FINISHED',
  statusLabel: 'ENCERRADO',
  minute: null,
  homeTeam: FLAMENGO,
  awayTeam: team('Madureira', 'madureira'),
  score: { home: 3, away: 0, penalties: null },
});

function home(next: Match[], generatedAt: string): TeamHomePageData {
  return {
    envelope: {
      generatedAt,
      timezone: 'America/Sao_Paulo',
      stale: false,
      source: 'https://upstream.test/time/flamengo/proximos-jogos',
      readAt: null,
      team: { name: 'Flamengo', slug: 'flamengo', crest: null },
      live: [],
      next,
      last: [LAST],
      standings: [],
    },
    upstreamUrl: 'https://upstream.test',
    today: '2026-11-21',
    details: {
      [NEXT.id]: {
        venue: 'Estádio Jornalista Mário Filho (Maracanã), Rio de Janeiro',
        broadcasts: [
          { channel: 'Globo', note: null },
          { channel: 'Premiere', note: 'pay-per-view' },
        ],
      },
    },
    matchPaths: { [NEXT.id]: `/jogo/${NEXT.id}`, [LAST.id]: `/jogo/${LAST.id}` },
  };
}

function eventsOf(text: string): Map<string, ICAL.Event> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  return new Map(events.map((event) => [event.uid, event] as const));
}

describe('teamCalendar', () => {
  const text = teamCalendar(home([NEXT, UNTIMED], '2026-11-21T22:00:00-03:00'));
  const events = eventsOf(text);
  const event = (match: Match): ICAL.Event => {
    const found = events.get(matchEventUid(match.id));
    if (!found) throw new Error(`no event for ${match.id}`);
    return found;
  };

  it('has one event per match, with a UID from its id that the next build keeps', () => {
    expect(events.size).toBe(3);
    const later = eventsOf(
      teamCalendar(home([{ ...NEXT, statusLabel: 'adiado' }, UNTIMED], '2026-11-22T10:00:00-03:00')),
    );
    expect([...later.keys()].sort()).toEqual([...events.keys()].sort());
    expect(new Set(events.keys()).size).toBe(3);
  });

  it('puts a timed match at its instant and one with no known time on its date, all day', () => {
    const timed = event(NEXT);
    expect(timed.startDate.isDate).toBe(false);
    expect(timed.startDate.toJSDate().toISOString()).toBe(new Date(NEXT.kickoff ?? '').toISOString());
    const allDay = event(UNTIMED);
    expect(allDay.startDate.isDate).toBe(true);
    expect(allDay.startDate.toString()).toBe('2026-12-20');
    expect(text).toContain('DTSTART;VALUE=DATE:20261220');
  });

  it('says who plays (with the score once finished), where, the competition, where to watch and the address', () => {
    expect(event(NEXT).summary).toBe('Flamengo x Fluminense');
    expect(event(LAST).summary).toBe('Flamengo 3 x 0 Madureira');
    expect(event(NEXT).location).toBe('Estádio Jornalista Mário Filho (Maracanã), Rio de Janeiro');
    expect(event(NEXT).description.split('\n')).toEqual([
      'Campeonato Carioca',
      'Onde assistir: Globo, Premiere (pay-per-view)',
      `No Placar: /jogo/${NEXT.id}`,
    ]);
    expect(event(UNTIMED).description).toBe('Campeonato Carioca');
  });

  it('ends every line with CRLF and folds them at 75 octets', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // The venue and the description are longer than one line: folded, not cut.
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
  });
});
