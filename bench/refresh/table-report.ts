/** The pt-BR section of group 13 (bench/refresh/table-group.ts) in the printed report: each figure beside the one without tables. */
import type { RefreshPhase, ServiceMemory } from './detail-group.ts';
import { formatNumber } from '../report-format.ts';
import type { StandingsGroupResult } from './table-group.ts';

const phaseRow = (label: string, phase: RefreshPhase): string =>
  `  ${label.padEnd(24)} ${String(phase.cycles).padStart(6)} ${`${phase.medianMs} / ${phase.maxMs}`.padStart(12)} ${String(phase.medianScrapeMs).padStart(7)} ${String(phase.medianBuildMs).padStart(7)} ${String(phase.medianCompressMs).padStart(11)} ${String(phase.matchesRenderedPerRefresh).padStart(12)} ${String(phase.tablesRenderedPerRefresh).padStart(12)} ${String(phase.cpuMsPerRefresh).padStart(8)}`;

const memoryRow = (label: string, memory: ServiceMemory): string =>
  `  ${label.padEnd(24)} pico ${formatNumber(memory.peakMb, 1)} MB; média da 1ª metade ${formatNumber(memory.firstHalfMeanMb, 1)} MB → 2ª ${formatNumber(memory.secondHalfMeanMb, 1)} MB (${memory.cycles} atualizações)`;

export function formatStandingsSection(result: StandingsGroupResult | undefined): string[] {
  if (!result) return [];
  const { page, refresh, memory } = result;
  const perPage = (label: string, ms: number, kb: number): string =>
    `  ${label.padEnd(44)} ${formatNumber(ms, 2).padStart(7)} ms  ${formatNumber(kb).padStart(7)} KB alocados`;
  return [
    '13. Tabelas (issue 34)',
    '  uma página de competição, por página:',
    perPage('busca pela rede local (fetchPage)', page.fetch.ms, page.fetch.allocatedKb),
    perPage(
      `leitura, layout antigo (${formatNumber(page.olderBytes / 1024, 1)} KB)`,
      page.parseOlder.ms,
      page.parseOlder.allocatedKb,
    ),
    perPage(
      `leitura, layout novo (${formatNumber(page.newerBytes / 1024, 1)} KB)`,
      page.parseNewer.ms,
      page.parseNewer.allocatedKb,
    ),
    `  atualização a ${refresh.matchesPerDay} jogos/dia, ${refresh.live} ao vivo (${refresh.changingPerRefresh} mudam de placar a cada atualização), sem ler páginas de jogo, npm start:`,
    '  fase                      ciclos  total med/máx   coleta    build  compressão  jogos renderizados  tabelas renderizadas  CPU ms',
    phaseRow('sem tabelas', refresh.without),
    phaseRow(`com ${refresh.tables} tabelas`, refresh.with),
    ...(memory
      ? [
          `  o serviço inteiro (npm start), ${memory.matchesPerDay} jogos/dia, RSS somado:`,
          memoryRow('sem tabelas', memory.without),
          memoryRow(`com ${memory.tables} tabelas`, memory.with),
        ]
      : ['  memória: não medida no modo rápido']),
  ];
}
