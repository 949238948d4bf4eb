/** The pt-BR section of group 11 (bench/refresh/detail-group.ts) in the printed report, with issue 26's targets. */
import type { DetailGroupResult, PerPage } from './detail-group.ts';
import { formatNumber } from '../report-format.ts';

const page = (label: string, measured: PerPage): string =>
  `  ${label.padEnd(44)} ${formatNumber(measured.ms, 2).padStart(7)} ms  ${formatNumber(measured.allocatedKb).padStart(7)} KB alocados`;

const met = (ok: boolean): string => (ok ? 'meta atingida' : 'META NÃO ATINGIDA');

export function formatDetailSection(result: DetailGroupResult | undefined): string[] {
  if (!result) return [];
  const { refresh, memory } = result;
  const row = (label: string, phase: DetailGroupResult['refresh']['with']): string =>
    `  ${label.padEnd(24)} ${String(phase.cycles).padStart(6)} ${`${phase.medianMs} / ${phase.maxMs}`.padStart(12)} ${String(phase.medianScrapeMs).padStart(7)} ${String(phase.medianBuildMs).padStart(7)} ${String(phase.medianCompressMs).padStart(11)} ${String(phase.pagesReadPerRefresh).padStart(9)} ${String(phase.matchesRenderedPerRefresh).padStart(12)}`;
  const flat = memory.secondHalfMeanMb <= memory.firstHalfMeanMb * 1.05;
  return [
    '11. Detalhe das partidas (issue 26)',
    `  uma página de jogo (exemplo de ${formatNumber(result.page.bytes / 1024, 1)} KB), por página:`,
    page('busca pela rede local (fetchPage)', result.page.fetch),
    page('leitura (readMatchPage), página de exemplo', result.page.parseSample),
    page('leitura, jogo encerrado da demonstração', result.page.parseFinished),
    page('render de /jogo/{id} (pacote do site)', result.page.render),
    `  atualização a ${refresh.matchesPerDay} jogos/dia, ${refresh.live} ao vivo (${refresh.changingPerRefresh} mudam de placar a cada atualização), npm start:`,
    '  fase                      ciclos  total med/máx   coleta    build  compressão  páginas lidas  jogos renderizados',
    row('sem páginas de jogo', refresh.without),
    row('com páginas de jogo', refresh.with),
    row('com, ao vivo espalhados', refresh.withSpread),
    '  (ao vivo: 4 em cada uma de 10 competições; "espalhados": 1 em cada uma de 40, para ver que os arquivos custam por jogo, não por competição)',
    `  Meta: mediana com páginas de jogo ≤ 200 ms: ${refresh.with.medianMs} ms — ${met(refresh.with.medianMs <= 200)}`,
    `  Meta: sem elas (a de hoje, 291 ms na medição da issue) < 200 ms: ${refresh.without.medianMs} ms — ${met(refresh.without.medianMs < 200)}`,
    `  o serviço inteiro (npm start), ${memory.matchesPerDay} jogos/dia com ${memory.detailsKept} detalhes guardados, ${memory.cycles} atualizações:`,
    `  RSS somado: pico ${formatNumber(memory.peakMb, 1)} MB; média da 1ª metade ${formatNumber(memory.firstHalfMeanMb, 1)} MB → 2ª ${formatNumber(memory.secondHalfMeanMb, 1)} MB`,
    `  Meta: ≤ 200 MB: ${met(memory.peakMb <= 200)}; plano ao longo das atualizações: ${met(flat)}`,
  ];
}
