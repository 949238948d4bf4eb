/**
 * Pure: what reading a listing page found, as the pt-BR text `npm run scrape -- --explain`
 * prints (for a user comparing Placar with the real page, or attaching it to a bug report).
 */
import type { Markup } from '../../lib/model/model.ts';
import { ListingParseError } from './listing-parse-error.ts';
import type { ListingDiagnostics } from './listing-diagnostics.ts';
import { readListingPage } from './parse-listing.ts';

const MARKUP_NAMES: Readonly<Record<Markup, string>> = {
  rows: 'linhas',
  cards: 'cartões',
  mixed: 'linhas e cartões',
  none: 'nenhum (nem o contêiner #livescore das linhas nem cartões match__md/match__lg)',
};

export interface ExplainInput {
  /** e.g. "hoje — https://…/jogos-de-hoje" or a file name. */
  title: string;
  diagnostics: ListingDiagnostics | null;
  /** Why the listing was not updated, when it was not. */
  error: string | null;
  notModified?: boolean;
}

export function formatExplanation({ title, diagnostics, error, notModified = false }: ExplainInput): string[] {
  const lines = [`== ${title} ==`];
  if (notModified) lines.push('a página não mudou (304): nada foi lido de novo');
  if (diagnostics) {
    const d = diagnostics;
    lines.push(`formato reconhecido: ${MARKUP_NAMES[d.markup]}${d.container ? ` (em ${d.container})` : ''}`);
    lines.push(
      `candidatos: ${d.candidates} (${d.rowCandidates} linhas, ${d.cardCandidates} cartões)${d.duplicates > 0 ? `; repetidos no bloco de destaque: ${d.duplicates}` : ''}`,
    );
    lines.push(`jogos lidos: ${d.matches}`);
    lines.push(`ignorados: ${d.skipped}`);
    for (const skipped of d.skippedCandidates) {
      lines.push(`  - ${skipped.markup === 'card' ? 'cartão' : 'linha'}: ${skipped.reason}`, `    ${skipped.snippet}`);
    }
    if (d.skipped > d.skippedCandidates.length) lines.push(`  … e mais ${d.skipped - d.skippedCandidates.length}`);
    const labels = d.unknownStatusLabels.map((label) => (label === '' ? '(vazio)' : `"${label}"`));
    lines.push(`situações não reconhecidas: ${labels.length > 0 ? labels.join(', ') : 'nenhuma'}`);
  }
  if (error) lines.push(`erro: ${error}`);
  return lines;
}

/** A page saved from a browser, read offline: its explanation and whether it failed to parse. */
export function explainPage(title: string, html: string, pageUrl: string): { lines: string[]; failed: boolean } {
  try {
    const { diagnostics } = readListingPage(html, pageUrl);
    return { lines: formatExplanation({ title, diagnostics, error: null }), failed: false };
  } catch (error) {
    if (!(error instanceof ListingParseError)) throw error;
    return { lines: formatExplanation({ title, diagnostics: error.diagnostics, error: error.message }), failed: true };
  }
}
