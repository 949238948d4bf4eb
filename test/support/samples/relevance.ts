/**
 * Scoring the search relevance set: each labelled query against the "Home x Away" names an
 * engine returned, with the violations (a must missing, a must-not present, a wrong first).
 * An unlabelled result is no violation but lowers precision.
 */
import type { RelevanceCase } from './search-day.ts';

export interface RelevanceReport {
  precision: number;
  recall: number;
  top1: number;
  top1Cases: number;
  violations: string[];
}

export function scoreRelevance(
  cases: readonly RelevanceCase[],
  answers: ReadonlyMap<string, readonly string[]>,
): RelevanceReport {
  let returned = 0;
  let relevantReturned = 0;
  let must = 0;
  let mustFound = 0;
  let top1Cases = 0;
  let top1Right = 0;
  const violations: string[] = [];
  for (const label of cases) {
    const got = answers.get(label.q) ?? [];
    const relevant = new Set([...label.must, ...(label.may ?? [])]);
    returned += got.length;
    relevantReturned += got.filter((name) => relevant.has(name)).length;
    must += label.must.length;
    for (const name of label.must) {
      if (got.includes(name)) mustFound++;
      else violations.push(`${label.q}: falta ${name}`);
    }
    for (const name of label.mustNot ?? [])
      if (got.includes(name)) violations.push(`${label.q}: não devia trazer ${name}`);
    if (label.first !== undefined) {
      top1Cases++;
      if (got[0] === label.first) top1Right++;
      else violations.push(`${label.q}: primeiro é ${got[0] ?? '(nada)'}, esperado ${label.first}`);
    }
  }
  return {
    precision: returned === 0 ? 1 : relevantReturned / returned,
    recall: must === 0 ? 1 : mustFound / must,
    top1: top1Cases === 0 ? 1 : top1Right / top1Cases,
    top1Cases,
    violations,
  };
}

export function formatRelevance(where: string, cases: number, report: RelevanceReport): string {
  const pct = (value: number): string => `${(value * 100).toFixed(1)}%`;
  return `relevância da busca (${where}, ${cases} consultas): precisão ${pct(report.precision)}, revocação ${pct(report.recall)}, top-1 ${pct(report.top1)} (${report.top1Cases} com primeiro esperado)`;
}
