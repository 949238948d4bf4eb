/** The pt-BR section of group 14 (bench/refresh/team-home-group.ts) in the printed report: each figure beside the one without team pages. */
import { formatNumber } from '../report-format.ts';
import type { TeamHomeGroupResult, TeamHomePhase } from './team-home-group.ts';

const phaseRow = (label: string, phase: TeamHomePhase): string =>
  `  ${label.padEnd(24)} ${`${phase.first.totalMs} (${phase.first.teamHomesRendered})`.padStart(12)} ${String(phase.cycles).padStart(6)} ${`${phase.medianMs} / ${phase.maxMs}`.padStart(12)} ${String(phase.medianBuildMs).padStart(7)} ${String(phase.teamHomesRenderedPerRefresh).padStart(8)} ${String(phase.cpuMsPerRefresh).padStart(8)} ${`${formatNumber(phase.rssMedianMb, 1)} / ${formatNumber(phase.rssPeakMb, 1)}`.padStart(16)}`;

export function formatTeamHomeSection(result: TeamHomeGroupResult | undefined): string[] {
  if (!result) return [];
  const { ratios, rssDeltaMb } = result;
  const percent = (value: number): string => `${value >= 1 ? '+' : ''}${formatNumber((value - 1) * 100, 0)} %`;
  return [
    '14. Páginas de times (issue 50)',
    `  atualização a ${result.matchesPerDay} jogos/dia, ${result.live} ao vivo (${result.changingPerRefresh} mudam de placar a cada atualização), sem ler páginas além das listas, npm start;`,
    `  com: ${result.teamPagesHeld} times guardados em DATA_DIR/times (${result.matchesPerRecord} jogos por time, ${formatNumber(result.recordsKb)} KB):`,
    '  fase                     1ª ms (times)  ciclos  total med/máx    build    times   CPU ms  RSS med/pico MB',
    phaseRow('sem páginas de times', result.without),
    phaseRow(`com ${result.teamPagesHeld} times`, result.with),
    `  com ÷ sem: mediana ${percent(ratios.medianRefresh)}, CPU ${percent(ratios.cpuPerRefresh)}, 1ª atualização ${percent(ratios.firstRefresh)}; RSS ${formatNumber(rssDeltaMb.median, 1)} MB (mediana), ${formatNumber(rssDeltaMb.peak, 1)} MB (pico)`,
  ];
}
