/**
 * A demo match page in the upstream's markup (as test/fixtures/upstream/match-pages/ describes
 * it): the scoreboard both layouts share, the venue/referee block of each (newer: `.match-details`
 * paragraphs with an image title; older: `.match-info` with the stadium after an icon and labelled
 * paragraphs) ending with the channel row when the match names channels, the event rows
 * (write-match-events.ts), statistics and lineups tables (starters, then "Reservas").
 */
import type { LineupPlayer, MatchDetail, TeamSide } from '../lib/model/model.ts';
import { escapeHtml } from './escape-html.ts';
import { writeBroadcastsText } from './demo-broadcasts.ts';
import type { MatchStory } from './match-story.ts';
import { lineupIcons, writeEventRows, type MatchPageLayout } from './write-match-events.ts';

export interface MatchPageView {
  competition: string;
  /** "Rodada 12" and the like; '' for none. */
  group: string;
  /** `key`: the team's key, written as its team link (`/times/<key>.html`) as the upstream does. */
  home: { name: string; crest: string; key?: string };
  away: { name: string; crest: string; key?: string };
  statusLabel: string;
  /** The badge classes of the status ("badge badge-danger status-name"). */
  statusClass: string;
  /** Shown once the match started; null before. */
  score: { home: number; away: number } | null;
  /** "21/11/2026 às 16:00", or the date alone when the time is not known. */
  when: string;
  story: MatchStory;
}

function scoreboard(view: MatchPageView): string {
  const team = (side: MatchPageView['home']): string =>
    `<div class="col-lg-2 col-4 text-center"><img src="${escapeHtml(side.crest)}" title="${escapeHtml(side.name)}" alt="${escapeHtml(side.name)}"></div>`;
  const score = view.score
    ? `<span class="badge badge-default match-score-text">${view.score.home}</span> x <span class="badge badge-default match-score-text">${view.score.away}</span>`
    : ' x ';
  const link = (side: MatchPageView['home']): string => {
    const name = `<h4 class="team_link">${escapeHtml(side.name)}</h4>`;
    const linked = side.key ? `<a href="/times/${escapeHtml(side.key)}.html">${name}</a>` : name;
    return `<div class="col-lg-2 col-4">${linked}</div>`;
  };
  return (
    `<a href="#"><h2>${escapeHtml(view.competition)}</h2></a>` +
    (view.group ? `<p class="match-group">${escapeHtml(view.group)}</p>` : '') +
    `\n<div class="row match-card-first-row justify-content-md-center">${team(view.home)}` +
    `<div class="col-lg-2 col-4 text-center match-scoreboard"><span class="${view.statusClass}">${escapeHtml(view.statusLabel)}</span><br>${score}</div>` +
    `${team(view.away)}</div>\n<div class="row match-card-second-row justify-content-md-center">${link(view.home)}` +
    `<div class="col-lg-2 col-4"></div>${link(view.away)}</div>`
  );
}

/** The channel row (the TV icon, then the channels in a <strong>); '' when the match names none. */
function channelRow(detail: MatchDetail): string {
  if (detail.broadcasts.length === 0) return '';
  const channels = escapeHtml(writeBroadcastsText(detail.broadcasts));
  return `<p><img src="/images/tv.png" alt="Ícone de TV" title="Transmissão"> <strong>${channels}</strong></p>`;
}

function newerDetails(view: MatchPageView, detail: MatchDetail): string {
  const paragraph = (icon: string, title: string, value: string | null): string =>
    value ? `<p><img src="/images/${icon}.png" title="${title}" alt=""> ${escapeHtml(value)}</p>` : '';
  return (
    `<div class="match-details"><p>${escapeHtml(view.when)}</p>` +
    `${paragraph('apito', 'Árbitro da partida', detail.referee)}${paragraph('estadio', 'Local da partida', detail.venue)}` +
    `${channelRow(detail)}</div>`
  );
}

function olderInfo(view: MatchPageView, detail: MatchDetail): string {
  const [stadium, ...city] = (detail.venue ?? '').split(', ');
  const labelled = (label: string, value: string | null | undefined): string =>
    value ? `<p><strong>${label}:</strong> ${escapeHtml(value)}</p>` : '';
  return (
    '<div class="container"><div class="match-info">' +
    (stadium ? `<p><i class="fa fa-map-marker"></i> <strong>${escapeHtml(stadium)}</strong></p>` : '') +
    `<hr>${labelled('Cidade', city.join(', '))}${labelled('Data', view.when)}${labelled('Árbitro', detail.referee)}` +
    `${channelRow(detail)}</div></div>`
  );
}

function statisticsTable(view: MatchPageView, detail: MatchDetail): string {
  if (detail.statistics.length === 0) return '';
  const cell = (side: string, value: string): string =>
    `<td class="standing-table text-center stats-${side}"><small>${escapeHtml(value)}</small></td>`;
  const rows = detail.statistics.map(
    (s) => `<tr>${cell('home-team', s.home)}${cell('category', s.label)}${cell('away-team', s.away)}</tr>`,
  );
  return (
    '<div class="container"><h3 class="section-title">Estatísticas</h3><table class="table standing-table"><thead><tr>' +
    `<th class="stats-home-team">${escapeHtml(view.home.name)}</th><th></th><th class="stats-away-team">${escapeHtml(view.away.name)}</th>` +
    `</tr></thead><tbody>${rows.join('')}</tbody></table></div>`
  );
}

function lineupTable(
  view: MatchPageView,
  players: { home: readonly LineupPlayer[]; away: readonly LineupPlayer[] },
  icons: Readonly<Record<TeamSide, Map<string, string>>>,
): string {
  const span = (side: TeamSide, player: LineupPlayer | undefined): string =>
    player
      ? `<span>${player.number === null ? '' : `<small>${player.number}.</small> `}${escapeHtml(player.name)}${icons[side].get(player.name) ?? ''}</span>`
      : '';
  const rows = Array.from(
    { length: Math.max(players.home.length, players.away.length) },
    (_, i) => `<tr><td>${span('HOME', players.home[i])}</td><td>${span('AWAY', players.away[i])}</td></tr>`,
  );
  return (
    `<table class="table lineups"><thead><tr><th>${escapeHtml(view.home.name)}</th><th>${escapeHtml(view.away.name)}</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

function lineups(view: MatchPageView, layout: MatchPageLayout): string {
  const { detail, bench } = view.story;
  if (!detail.lineups) return '';
  const icons = { HOME: lineupIcons(detail, 'HOME', layout), AWAY: lineupIcons(detail, 'AWAY', layout) };
  return (
    `<div class="container"><h3 class="section-title">Escalações</h3>${lineupTable(view, detail.lineups, icons)}` +
    (bench ? `<h3 class="section-title">Reservas</h3>${lineupTable(view, bench, icons)}` : '') +
    '</div>'
  );
}

export function writeMatchPage(view: MatchPageView, layout: MatchPageLayout): string {
  const { detail } = view.story;
  const title = `${view.home.name} x ${view.away.name} - ${view.competition} - Placar de Futebol`;
  const events = writeEventRows(detail, layout);
  const eventsBlock =
    layout === 'newer'
      ? `<div class="container events"><h3 class="section-title">Lances</h3>${events}</div>`
      : `<div class="container"><h3 class="section-title">Lances da partida</h3><div class="row content">${events}</div></div>`;
  const header =
    layout === 'newer'
      ? `<div class="row"><div class="col-12"><div class="container text-center">${scoreboard(view)}</div></div>${newerDetails(view, detail)}</div>`
      : `<div class="container">${scoreboard(view)}</div>${olderInfo(view, detail)}`;
  return (
    '<!DOCTYPE html>\n<html lang="pt-br">\n<head><meta charset="utf-8">' +
    `<title>${escapeHtml(title)}</title></head>\n<body>\n<nav class="navbar"><a href="/">Placar de Futebol</a></nav>\n` +
    `<div class="container main-content"><div id="livescore">\n${header}\n${eventsBlock}\n` +
    `${statisticsTable(view, detail)}\n${lineups(view, layout)}\n</div></div>\n<footer>Placar de Futebol</footer>\n</body>\n</html>\n`
  );
}
