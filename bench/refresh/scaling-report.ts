/** The pt-BR section of group 15 (bench/refresh/scaling-group.ts) in the printed report: both sizes and their ratio. */
import { formatNumber, formatTarget } from '../report-format.ts';
import { SCALING_TARGET_RATIO, type ScalingResult, type ScalingSize } from './scaling-group.ts';

const sizeRow = ({ matchesPerDay, phase }: ScalingSize): string =>
  `  ${formatNumber(matchesPerDay).padStart(9)} ${String(phase.cycles).padStart(6)} ${`${phase.medianMs} / ${phase.maxMs}`.padStart(14)} ${String(phase.medianScrapeMs).padStart(7)} ${String(phase.medianBuildMs).padStart(7)} ${String(phase.medianCompressMs).padStart(11)} ${String(phase.matchesRenderedPerRefresh).padStart(19)} ${String(phase.cpuMsPerRefresh).padStart(8)}`;

export function formatScalingSection(result: ScalingResult | undefined): string[] {
  if (!result) return [];
  const [small, large] = result.sizes;
  return [
    '15. A atualização conforme o tamanho do dia (issue 49), npm start, sem ler páginas de jogo',
    '  jogos/dia ciclos  total med/máx  coleta    build  compressão  jogos renderizados  CPU ms',
    sizeRow(small),
    sizeRow(large),
    `  Meta: a ${formatNumber(large.matchesPerDay)} ≤ ${SCALING_TARGET_RATIO}× a de ${formatNumber(small.matchesPerDay)} (mediana): ` +
      `${formatNumber(result.ratio, 2)}× — ${formatTarget(result.ratio <= SCALING_TARGET_RATIO)}; CPU por atualização ${formatNumber(result.cpuRatio, 2)}×`,
  ];
}
