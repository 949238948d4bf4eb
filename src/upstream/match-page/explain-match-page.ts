/**
 * Pure: what reading a match page found, as the pt-BR text `npm run scrape -- --explain` and
 * `--file PÁGINA.html` print (the listing's counterpart is explain-listing.ts).
 */
import type { MatchDetail } from '../../lib/model/model.ts';
import { MatchPageParseError } from './match-page-parse-error.ts';
import type { MatchPageDiagnostics, MatchPageLayout, MatchPageSection } from './match-page-diagnostics.ts';
import type { PageScore } from './parse-match-header.ts';
import { readMatchPage } from './parse-match-page.ts';
import { countedGoals, findScoreContradiction } from './score-contradiction.ts';

const LAYOUT_NAMES: Readonly<Record<MatchPageLayout, string>> = {
  newer: 'página de jogo, formato atual (.match-details, .event-line)',
  older: 'página de jogo, formato antigo (.match-info, .match-card-events-home-team/-away-team)',
  none: 'nenhum (nem o placar .match-scoreboard nem os detalhes de jogo de um dos dois formatos)',
};

const SECTION_NAMES: Readonly<Record<MatchPageSection, string>> = {
  scoreboard: 'placar',
  details: 'local/árbitro',
  event: 'lance',
  lineup: 'escalação',
  statistic: 'estatística',
};

export interface MatchPageExplainInput {
  /** e.g. "brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras — https://…" or a file name. */
  title: string;
  diagnostics: MatchPageDiagnostics | null;
  /** The detail read, when the page was read. */
  detail?: MatchDetail | null;
  pageScore?: PageScore | null;
  /** Why the page's detail was not used (a parse error, findScoreContradiction's reason, a fetch failure). */
  error: string | null;
  notModified?: boolean;
}

function scoreboardLine(d: MatchPageDiagnostics, pageScore: PageScore | null | undefined): string {
  const home = d.teams?.home ?? 'mandante';
  const away = d.teams?.away ?? 'visitante';
  const score = pageScore ? `${home} ${pageScore.home} x ${pageScore.away} ${away}` : `${home} x ${away}, sem placar`;
  return `placar da página: ${score}${d.statusLabel ? ` (${d.statusLabel})` : ''}`;
}

export function formatMatchPageExplanation({
  title,
  diagnostics,
  detail = null,
  pageScore = null,
  error,
  notModified = false,
}: MatchPageExplainInput): string[] {
  const lines = [`== ${title} ==`];
  if (notModified) lines.push('a página não mudou (304): nada foi lido de novo');
  if (diagnostics) {
    const d = diagnostics;
    lines.push(`formato reconhecido: ${LAYOUT_NAMES[d.layout]}`);
    if (d.layout !== 'none') lines.push(scoreboardLine(d, pageScore));
    lines.push(
      `linhas de lances: ${d.eventRows} (gols: ${d.goals}, cartões: ${d.cards}, substituições: ${d.substitutions})`,
    );
    if (detail) {
      const counted = countedGoals(detail);
      const cancelled = detail.goals.filter((goal) => goal.cancelled).length;
      lines.push(
        `gols que contam: ${counted.home} x ${counted.away}${cancelled > 0 ? ` (e ${cancelled} anulado${cancelled > 1 ? 's' : ''})` : ''}`,
      );
      lines.push(`local: ${detail.venue ?? '(não informado)'}`, `árbitro: ${detail.referee ?? '(não informado)'}`);
    }
    const bench = d.benchPlayers > 0 ? `; reservas lidas e deixadas de fora do detalhe: ${d.benchPlayers}` : '';
    lines.push(`escalações: ${d.lineupPlayers > 0 ? `${d.lineupPlayers} titulares` : 'nenhuma'}${bench}`);
    lines.push(`estatísticas: ${d.statistics}`);
    lines.push(`ignorados: ${d.skipped}`);
    for (const row of d.skippedRows)
      lines.push(`  - ${SECTION_NAMES[row.section]}: ${row.reason}`, `    ${row.snippet}`);
    if (d.skipped > d.skippedRows.length) lines.push(`  … e mais ${d.skipped - d.skippedRows.length}`);
  }
  if (error) lines.push(`erro: ${error}`);
  return lines;
}

/**
 * A match page saved from a browser, read offline: its explanation and whether it failed (no
 * known markup, past the limits, or goals that contradict its own scoreboard).
 */
export function explainMatchPage(title: string, html: string, pageUrl: string): { lines: string[]; failed: boolean } {
  try {
    const { detail, pageScore, diagnostics } = readMatchPage(html, pageUrl);
    const contradiction = findScoreContradiction(detail, null, pageScore);
    return {
      lines: formatMatchPageExplanation({ title, diagnostics, detail, pageScore, error: contradiction }),
      failed: contradiction !== null,
    };
  } catch (error) {
    if (!(error instanceof MatchPageParseError)) throw error;
    return {
      lines: formatMatchPageExplanation({ title, diagnostics: error.pageDiagnostics, error: error.message }),
      failed: true,
    };
  }
}
