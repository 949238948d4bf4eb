/** Group 8's printed section: the whole service at default settings against issue 22's targets. */
import type { LeanServiceResult } from './lean-service-group.ts';
import { formatNumber, formatTable, formatTarget } from '../report-format.ts';

export function formatLeanServiceSection(result: LeanServiceResult | undefined): string[] {
  if (!result) return [];
  const r = result;
  const mbCell = (value: number | undefined): string => (value === undefined ? '—' : `${formatNumber(value)} MB`);
  const roles = Object.entries(r.peakByRoleMb).filter(([role]) => role !== 'npm');
  const idlePercent = (r.cpuPerRefreshAt300Seconds / 60) * 100;
  const flat = r.lastHalfPeaksMb[1] <= r.lastHalfPeaksMb[0] * 1.05;
  const ratio = r.search.afterSwapP99Ms / r.search.betweenP99Ms;
  const rows: string[][] = [
    [
      'pico de RSS, todos os processos do Placar somados',
      '≤ 200 MB',
      mbCell(r.peakPlacarMb),
      formatTarget(r.peakPlacarMb <= 200),
    ],
    ...roles.map(([role, value]) => [`  dos quais ${role} (pico do papel)`, '', mbCell(value), '']),
    ['  npm (fora da soma)', '', mbCell(r.peakByRoleMb.npm), ''],
    ['  a mesma soma em PSS (o binário do Node, partilhado, contado uma vez)', '', mbCell(r.peakPlacarPssMb), ''],
    [
      'plano na última metade (pico 3º quarto → 4º quarto)',
      '≤ +5 %',
      `${formatNumber(r.lastHalfPeaksMb[0])} → ${formatNumber(r.lastHalfPeaksMb[1])} MB`,
      formatTarget(flat),
    ],
    ...(r.extraWorker
      ? [
          [
            'cada processo a mais (WORKERS=2, pico de um processo do cluster): memória só dele',
            '≤ 60 MB',
            mbCell(r.extraWorker.perWorkerPeakPrivateMb),
            formatTarget(r.extraWorker.perWorkerPeakPrivateMb <= 60),
          ],
          [
            '  o mesmo processo em PSS / em RSS (com as páginas do binário do Node, partilhadas)',
            '',
            `${mbCell(r.extraWorker.perWorkerPeakPssMb)} / ${mbCell(r.extraWorker.perWorkerPeakMb)}`,
            '',
          ],
        ]
      : []),
    [
      'atualização, mediana, 300 jogos',
      '≤ 150 ms',
      `${formatNumber(r.refreshMedianMs.at300)} ms`,
      formatTarget(r.refreshMedianMs.at300 <= 150),
    ],
    [
      'atualização, mediana, 1.000 jogos',
      '≤ 400 ms',
      `${formatNumber(r.refreshMedianMs.at1000)} ms`,
      formatTarget(r.refreshMedianMs.at1000 <= 400),
    ],
    [
      'CPU por atualização, 300 jogos (todos os processos)',
      '≤ 0,2 s',
      `${formatNumber(r.cpuPerRefreshAt300Seconds, 2)} s`,
      formatTarget(r.cpuPerRefreshAt300Seconds <= 0.2),
    ],
    [
      'ocioso, 1 atualização/min (estimado: CPU por atualização ÷ 60 s)',
      '≤ 0,5 %',
      `${formatNumber(idlePercent, 2)} %`,
      formatTarget(idlePercent <= 0.5),
    ],
    [
      '/api/busca p99: 1 s após a troca / entre trocas',
      '≤ 2×',
      `${formatNumber(r.search.afterSwapP99Ms, 1)} / ${formatNumber(r.search.betweenP99Ms, 1)} ms (${formatNumber(ratio, 2)}×)`,
      formatTarget(ratio <= 2),
    ],
    [
      '  dos de entre trocas, os que cruzaram uma atualização em curso',
      '',
      `${formatNumber(r.search.duringRefreshP99Ms, 1)} ms (${r.search.duringRefreshCount} pedidos)`,
      '',
    ],
  ];
  const end = r.serverAtEnd;
  return [
    `8. O serviço inteiro com npm start padrão (issue 22): ${r.processCount} processos do Placar vistos; ` +
      `${r.cyclesAt300} atualizações a 300 jogos, ${r.cyclesAt1000} a 1.000 (agenda a cada 2 s, busca sem limite para a carga)`,
    formatTable(['medida', 'meta', 'valor', ''], rows),
    `  Busca: ${r.search.afterSwapCount} pedidos após trocas, ${r.search.betweenCount} entre elas, ${r.search.errors} falhas; ` +
      'If-None-Match sem ETag válido: o cache de 1 s nunca responde, as duas janelas medem a busca em si.',
    ...(end
      ? [
          `  RSS do servidor ao fim: ${mbCell(end.rssMb)} = ${mbCell(end.fileMb)} de arquivos (o binário do Node, ` +
            `partilhado com todo processo Node) + ${mbCell(end.anonymousMb)} anônimos (heap do V8, buffers, malloc).`,
        ]
      : []),
    '  Cada processo a mais do cluster conta pela memória só dele (privada): o RSS repete as páginas do binário ' +
      'do Node que todos os processos Node da máquina partilham.',
  ];
}
