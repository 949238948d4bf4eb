/**
 * Pure: what reading a competition page found, as the pt-BR text `npm run scrape -- --explain`
 * and `--file PÁGINA.html` print (the match page's counterpart is explain-match-page.ts).
 */
import type { StandingsGroupRead } from '../../lib/model/model.ts';
import { CompetitionPageParseError } from './competition-page-parse-error.ts';
import { parseCompetitionPage, type CompetitionPageDiagnostics } from './parse-competition-page.ts';

const LAYOUT_NAMES: Readonly<Record<CompetitionPageDiagnostics['layout'], string>> = {
  older: 'página de campeonato, tabela em <table> (formato antigo)',
  newer: 'página de campeonato, tabela em grade de div (formato atual)',
  none: 'página de campeonato sem tabela de classificação (mata-mata ou só jogos)',
};

export interface CompetitionPageExplainInput {
  title: string;
  diagnostics: CompetitionPageDiagnostics | null;
  groups?: readonly StandingsGroupRead[] | null;
  error: string | null;
  notModified?: boolean;
}

export function formatCompetitionPageExplanation({
  title,
  diagnostics,
  groups = null,
  error,
  notModified = false,
}: CompetitionPageExplainInput): string[] {
  const lines = [`== ${title} ==`];
  if (notModified) lines.push('a página não mudou (304): nada foi lido de novo');
  if (diagnostics) {
    lines.push(`formato reconhecido: ${LAYOUT_NAMES[diagnostics.layout]}`);
    lines.push(`título: ${diagnostics.title || '(nenhum)'}`);
    lines.push(`tabelas na página: ${diagnostics.tables}`);
    for (const group of groups ?? []) {
      const leader = group.rows[0];
      lines.push(
        `  grupo ${group.name ?? '(sem nome)'}: ${group.rows.length} times` +
          (leader ? `; 1º ${leader.team.name}, ${leader.points} pontos em ${leader.played} jogos` : ''),
      );
    }
    for (const table of diagnostics.ignoredTables)
      lines.push(`  - tabela ignorada: ${table.reason}`, `    ${table.headers || '(sem cabeçalho)'}`);
    for (const row of diagnostics.skippedRows) lines.push(`  - linha ignorada: ${row.reason}`, `    ${row.cells}`);
  }
  if (error) lines.push(`erro: ${error}`);
  return lines;
}

/** A competition page saved from a browser, read offline: its explanation and whether it failed. */
export function explainCompetitionPage(
  title: string,
  html: string,
  pageUrl: string,
): { lines: string[]; failed: boolean } {
  try {
    const { groups, diagnostics } = parseCompetitionPage(html, pageUrl);
    return { lines: formatCompetitionPageExplanation({ title, diagnostics, groups, error: null }), failed: false };
  } catch (error) {
    if (!(error instanceof CompetitionPageParseError)) throw error;
    return {
      lines: formatCompetitionPageExplanation({ title, diagnostics: error.pageDiagnostics, error: error.message }),
      failed: true,
    };
  }
}
