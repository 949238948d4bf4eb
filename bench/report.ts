/**
 * The printed report: one section per group, medians with their spread, the ratios against
 * the references measured in the same run (nginx, a naive server), and each target with whether it was met.
 */
import { buildBenchPlan } from './bench-plan.ts';
import type { BenchResults } from './results.ts';
import type { EqualWorkersResult, WrkRun } from './serving/equal-workers-group.ts';
import type { ServingCase } from './serving/serving-group.ts';
import { median } from './stats.ts';
import { formatDetailSection } from './refresh/detail-report.ts';
import { formatScalingSection } from './refresh/scaling-report.ts';
import { formatStandingsSection } from './refresh/table-report.ts';
import { formatTeamHomeSection } from './refresh/team-home-report.ts';
import { formatLeanServiceSection } from './serving/lean-service-report.ts';
import { formatPushSection } from './push/push-report.ts';
import { formatPushpinSection } from './event-stream/pushpin-report.ts';
import { formatBytes, formatMedianMax, formatNumber, formatTable, formatTarget } from './report-format.ts';

type Pick = (results: BenchResults) => number | undefined;

const sizeMedian =
  (size: number, read: (s: NonNullable<BenchResults['refresh']>['sizes'][number]) => number): Pick =>
  (results) => {
    const found = results.refresh?.sizes.find((entry) => entry.matchesPerDay === size);
    return found ? read(found) : undefined;
  };

/**
 * The issue-12 targets next to the render pipeline's values. The earlier full-build pipeline is
 * no longer measured: its last side-by-side run is bench/results/2026-11-23-render-vs-full-build.json.
 */
function comparisonSection(results: BenchResults): string[] {
  const rows: Array<{
    figure: string;
    target: string;
    pick: Pick;
    met: (value: number, results: BenchResults) => boolean;
    format: (value: number) => string;
  }> = [
    {
      figure: 'atualização, mediana, 300 jogos',
      target: '≤ 0,30 s',
      pick: sizeMedian(300, (s) => s.stepsMs.total.median / 1000),
      met: (v) => v <= 0.3,
      format: (v) => `${formatNumber(v, 2)} s`,
    },
    {
      figure: 'atualização, mediana, 1.000 jogos',
      target: '≤ 0,80 s',
      pick: sizeMedian(1000, (s) => s.stepsMs.total.median / 1000),
      met: (v) => v <= 0.8,
      format: (v) => `${formatNumber(v, 2)} s`,
    },
    {
      figure: 'CPU por atualização, 300 jogos (serviço inteiro)',
      target: '≤ 0,35 s',
      pick: sizeMedian(300, (s) => s.cpuSeconds.total.median),
      met: (v) => v <= 0.35,
      format: (v) => `${formatNumber(v, 2)} s`,
    },
    {
      figure: 'custo ocioso, 1 atualização por minuto',
      target: '≤ 1 %',
      pick: (r) => r.refresh?.idle?.percentOfOneCore,
      met: (v) => v <= 1,
      format: (v) => `${formatNumber(v, 2)} %`,
    },
    {
      figure: 'frescor X (tique → /api/live), mediana',
      target: '≤ 1 s',
      pick: (r) => r.freshness?.apiX.median,
      met: (v) => v <= 1,
      format: (v) => `${formatNumber(v, 2)} s`,
    },
    {
      figure: 'páginas abertas (vista e jogo): placar novo após /api/live, pior',
      target: '≤ 3 s',
      pick: (r) =>
        r.freshness?.openView && r.freshness.openMatchPage
          ? Math.max(r.freshness.openView.max, r.freshness.openMatchPage.max)
          : undefined,
      met: (v) => v <= 3,
      format: (v) => `${formatNumber(v, 2)} s`,
    },
    {
      figure: 'frescor X, pior',
      target: '≤ 1,5 s',
      pick: (r) => r.freshness?.apiX.max,
      met: (v) => v <= 1.5,
      format: (v) => `${formatNumber(v, 2)} s`,
    },
    {
      figure: 'pico de memória do serviço (servidor + filhos, somados), 1.000 jogos',
      target: '≤ 300 MB',
      pick: (r) => r.memory?.service.peakMb,
      met: (v) => v <= 300,
      format: (v) => `${formatNumber(v)} MB`,
    },
    {
      figure: '  … nas últimas 50: pico da 1ª metade → 2ª metade',
      target: 'plano',
      pick: (r) => r.memory?.service.last50SecondHalfPeakMb,
      met: (v, r) => v <= (r.memory?.service.last50FirstHalfPeakMb ?? Number.NaN) * 1.05,
      format: (v) => `→ ${formatNumber(v)} MB`,
    },
    {
      figure: 'p99 durante uma atualização',
      target: '≤ p99 entre + 10 ms',
      pick: (r) => r.latency?.during.p99,
      met: (v, r) => v <= (r.latency?.between.p99 ?? Number.NaN) + 10,
      format: (v) => `${formatNumber(v)} ms`,
    },
    {
      figure: 'p99 entre atualizações',
      target: '—',
      pick: (r) => r.latency?.between.p99,
      met: () => true,
      format: (v) => `${formatNumber(v)} ms`,
    },
  ];
  const cell = (value: number | undefined, format: (v: number) => string): string =>
    value === undefined || Number.isNaN(value) ? '—' : format(value);
  const body = rows.map((row) => {
    const rendered = row.pick(results);
    const verdict =
      rendered === undefined || Number.isNaN(rendered) || row.target === '—'
        ? ''
        : formatTarget(row.met(rendered, results));
    return [row.figure, row.target, cell(rendered, row.format), verdict];
  });
  const memory = results.memory?.service;
  return [
    '0. Metas da issue 12: render (pacote do site + páginas de dados)',
    formatTable(['medida', 'meta', 'render', ''], body),
    `  Memória do serviço: render em ${memory?.cycles ?? 0} atualizações a ${formatNumber(memory?.matchesPerDay ?? 0)} jogos (últimas 50: ${formatNumber(memory?.last50FirstHalfPeakMb ?? Number.NaN)} → ${formatNumber(memory?.last50SecondHalfPeakMb ?? Number.NaN)} MB).`,
    '  A última comparação com o pipeline anterior (astro build completo a cada atualização): ' +
      'bench/results/2026-11-23-render-vs-full-build.json.',
  ];
}

/**
 * Issue 22's targets where groups 1 and 5 measure them (the render pipeline, one process, as
 * the tests start it); group 8 measures the same with `npm start` at its defaults.
 */
function leanTargetsSection(results: BenchResults): string[] {
  const seconds = (v: number): string => `${formatNumber(v, 2)} s`;
  const totalAt = (size: number): number | undefined => sizeMedian(size, (s) => s.stepsMs.total.median / 1000)(results);
  const cpuAt300 = sizeMedian(300, (s) => s.cpuSeconds.total.median)(results);
  const idle = results.refresh?.idle?.percentOfOneCore;
  const rows: Array<[string, string, number | undefined, (v: number) => boolean, (v: number) => string]> = [
    ['atualização, mediana, 300 jogos', '≤ 0,15 s', totalAt(300), (v) => v <= 0.15, seconds],
    ['atualização, mediana, 1.000 jogos', '≤ 0,40 s', totalAt(1000), (v) => v <= 0.4, seconds],
    ['CPU por atualização, 300 jogos (serviço inteiro)', '≤ 0,2 s', cpuAt300, (v) => v <= 0.2, seconds],
    ['custo ocioso, 1 atualização por minuto', '≤ 0,5 %', idle, (v) => v <= 0.5, (v) => `${formatNumber(v, 2)} %`],
    [
      // Group 5 starts `node scripts/start.ts` as the tests do: without npm start's memory settings.
      'pico de memória do serviço, 1.000 jogos (grupo 5, sem as opções de memória do npm start)',
      '≤ 200 MB',
      results.memory?.service.peakMb,
      (v) => v <= 200,
      (v) => `${formatNumber(v)} MB`,
    ],
  ];
  const measured = rows.flatMap(([figure, target, value, met, format]) =>
    value === undefined || Number.isNaN(value) ? [] : [[figure, target, format(value), formatTarget(met(value))]],
  );
  if (measured.length === 0) return [];
  return [
    'Metas da issue 22 medidas pelos grupos 1 e 5 (render, um processo; o grupo 8 mede o mesmo com ' +
      '`npm start` padrão)',
    formatTable(['medida', 'meta', 'valor', ''], measured),
  ];
}

function refreshSection(results: BenchResults): string[] {
  const refresh = results.refresh;
  if (!refresh) return [];
  const rows = refresh.sizes.map((size) => [
    formatNumber(size.matchesPerDay),
    String(size.cycles),
    formatMedianMax(size.stepsMs.scrape),
    formatMedianMax(size.stepsMs.build),
    formatMedianMax(size.stepsMs.compress),
    formatMedianMax(size.stepsMs.swap),
    formatMedianMax(size.stepsMs.total),
    `${formatNumber(size.cpuSeconds.server.median, 2)} + ${formatNumber(size.cpuSeconds.build.median, 2)}`,
    formatMedianMax(size.buildPeakMb),
  ]);
  const typical = refresh.sizes.find((size) => size.matchesPerDay === 300);
  const lines = [
    '1. Ciclo de atualização (coleta → build → compressão → troca), mediana / máximo em ms',
    formatTable(
      [
        'jogos/dia',
        'ciclos',
        'coleta',
        'build',
        'compressão',
        'troca',
        'total',
        'CPU s servidor + build',
        'pico RSS build MB',
      ],
      rows,
    ),
  ];
  if (typical)
    lines.push(
      `  Meta: total ≤ 2,5 s (mediana) a 300 jogos: ${formatNumber(typical.stepsMs.total.median / 1000, 2)} s — ${formatTarget(typical.stepsMs.total.median <= 2500)}`,
    );
  const idle = refresh.idle;
  if (idle) {
    lines.push(
      `  Custo ocioso: ${formatNumber(idle.percentOfOneCore, 1)} % de um núcleo = (1 atualização a ${idle.matchesPerDay} jogos, ${formatNumber(idle.cpuPerRefreshSeconds, 2)} s de CPU, ` +
        `+ 60 s × ${formatNumber(idle.baselineCpuPerSecond * 100, 2)} % do servidor parado, medido em ${idle.baselineSeconds} s) / 60 s — ${formatTarget(idle.percentOfOneCore <= 5)} (≤ 5 %)`,
      '  (10 minutos de atualizações somados em CPU: 10 ciclos reais medidos + a base; use --idle-minutes N para medir N minutos no relógio)',
    );
  }
  const measured = results.measuredIdle;
  if (measured) {
    lines.push(
      `  Custo ocioso no relógio: ${formatNumber(measured.percentOfOneCore, 1)} % de um núcleo em ${measured.minutes} min de agenda padrão ` +
        `(${measured.refreshes} atualizações a ${measured.matchesPerDay} jogos, ${formatNumber(measured.cpuSeconds, 1)} s de CPU) — ${formatTarget(measured.percentOfOneCore <= 5)} (≤ 5 %)`,
    );
  }
  return lines;
}

function freshnessSection(results: BenchResults): string[] {
  const f = results.freshness;
  if (!f) return [];
  return [
    `2. Frescor (${f.changes.length} mudanças, ${formatNumber(f.matchesPerDay)} jogos/dia, agenda a cada ${f.intervalSeconds} s no lugar de 1 min)`,
    `  /api/live: intervalo + X s, X mediana ${formatNumber(f.apiX.median, 2)} s, pior ${formatNumber(f.apiX.max, 2)} s — ` +
      `X ≤ 3 s: mediana ${formatTarget(f.apiX.median <= 3)}, pior ${formatTarget(f.apiX.max <= 3)}`,
    `  DOM da página ao vivo: intervalo + 60 s (consulta da página) + X s, X mediana ${formatNumber(f.domX.median, 2)} s, pior ${formatNumber(f.domX.max, 2)} s`,
    `  (espera até o tique da agenda: mediana ${formatNumber(f.wait.median, 2)} s, máx. ${formatNumber(f.wait.max, 2)} s — até um intervalo)`,
    ...(f.openView && f.openMatchPage
      ? [
          `  Páginas abertas (aviso de novo build no fluxo de eventos), depois de /api/live: vista ao vivo mediana ${formatNumber(f.openView.median, 2)} s, pior ${formatNumber(f.openView.max, 2)} s; ` +
            `página do jogo mediana ${formatNumber(f.openMatchPage.median, 2)} s, pior ${formatNumber(f.openMatchPage.max, 2)} s — ` +
            `≤ 3 s: ${formatTarget(Math.max(f.openView.max, f.openMatchPage.max) <= 3)}`,
        ]
      : []),
  ];
}

function servingSection(results: BenchResults): string[] {
  const s = results.serving;
  if (!s) return [];
  const saturated = (c: ServingCase | undefined): string => (c && c.clientCpuPercent >= 90 ? '*' : '');
  const cells = (c: ServingCase | undefined): string[] =>
    c
      ? [
          `${formatNumber(c.requestsPerSecond)}${saturated(c)}`,
          `${formatNumber(c.latencyMs.p50)} / ${formatNumber(c.latencyMs.p99)}`,
          formatNumber(c.cpuMicrosPerRequest),
        ]
      : ['—', '—', '—'];
  const rows = s.ratios.map(({ path, connections, ratio, cpuPerRequestRatio }) => {
    const placar = s.cases.find((c) => c.server === 'placar' && c.path === path && c.connections === connections);
    const nginx = s.cases.find((c) => c.server === 'nginx' && c.path === path && c.connections === connections);
    return [
      `${path} (${placar?.encoding ?? '?'}, ${formatBytes(placar?.bodyBytes ?? 0)})`,
      String(connections),
      ...cells(placar),
      ...cells(nginx),
      `${formatNumber(ratio * 100)} %`,
      `${formatNumber(cpuPerRequestRatio, 1)}×`,
    ];
  });
  const searches = s.cases.filter((c) => c.path.startsWith('/api/busca'));
  for (const search of searches)
    rows.push([
      `${search.path} (${search.encoding})`,
      String(search.connections),
      ...cells(search),
      '—',
      '—',
      '—',
      '—',
      '—',
    ]);
  const json = s.ratios.filter((r) => r.path.startsWith('/api/'));
  return [
    `3. Servir (1.000 jogos/dia; Accept-Encoding: gzip, deflate, br; nginx: ${s.nginxSetup}; ${results.plan.servingRepeats}× ${formatNumber(results.plan.servingSeconds, 1)} s por caso)`,
    formatTable(
      [
        'rota',
        'conexões',
        'Placar req/s',
        'p50 / p99 ms',
        'µs CPU/pedido',
        'nginx req/s',
        'p50 / p99 ms',
        'µs CPU/pedido',
        'Placar/nginx req/s',
        'CPU/pedido',
      ],
      rows,
    ),
    '  * o gerador de carga (autocannon, 1 núcleo) passou de 90 % de CPU: o número mede o cliente; compare então a CPU por pedido.',
    `  Meta: JSON estático ≥ 50 % do nginx: ${json.map((r) => `${formatNumber(r.ratio * 100)} %`).join(', ')} — ${formatTarget(json.every((r) => r.ratio >= 0.5))}`,
    `  Meta: /api/busca ≥ 5.000 req/s com p99 ≤ 20 ms: ${searches.map((c) => `${formatNumber(c.requestsPerSecond)} req/s, p99 ${formatNumber(c.latencyMs.p99)} ms (c=${c.connections})`).join('; ')} — ${formatTarget(searches.some((c) => c.requestsPerSecond >= 5000 && c.latencyMs.p99 <= 20))}`,
    ...(s.searchIndex
      ? [
          `  Índice de busca (MiniSearch, ${s.searchIndex.matches} jogos): ${formatNumber(s.searchIndex.buildMs, 1)} ms para montar a cada atualização, ` +
            `${formatBytes(s.searchIndex.heapBytes)} de heap, ${formatNumber(s.searchIndex.queryMicros)} µs por busca sem o cache de respostas`,
        ]
      : []),
  ];
}

function upstreamSection(results: BenchResults): string[] {
  const u = results.upstreamLoad;
  if (!u) return [];
  const { placar, naive } = u;
  return [
    '4. Carga na origem com ~1.000 req/s de usuários',
    `  Placar: ${formatNumber(placar.served.requestsPerSecond)} req/s servidas (p99 ${formatNumber(placar.served.latencyMs.p99)} ms), ${placar.upstreamRequests} pedidos à origem em ${placar.refreshes} atualizações ` +
      `(${formatNumber(placar.perRefresh, 1)} por atualização, ${placar.conditional} condicionais) → ${formatNumber(placar.perMinuteAtDefaultSchedule, 1)} por minuto na agenda padrão — ${formatTarget(placar.perMinuteAtDefaultSchedule <= 3)} (≤ 3/min)`,
    ...(placar.yesterdaySlots === undefined
      ? []
      : [
          `  Lista de ontem: ${placar.yesterdayRequests} pedidos em ${placar.yesterdaySlots} intervalos dela → ` +
            `${formatNumber(placar.yesterdayPerSlot, 2)} por intervalo, ` +
            `i.e. por hora na agenda padrão — ${formatTarget(placar.yesterdayPerSlot <= 1)} (≤ 1/h)`,
        ]),
    ...(placar.matchPageRequests === undefined
      ? []
      : [
          `  Páginas de jogo: ${placar.matchPageRequests} pedidos, no máximo ${placar.matchPagesMostInAMinute} em 60 s — ` +
            `${formatTarget((placar.matchPagesMostInAMinute ?? 0) <= 20)} (≤ 20 em qualquer minuto, DETAIL_REQUESTS_PER_MINUTE)`,
        ]),
    `  Servidor ingênuo (coleta a cada pedido): ${formatNumber(naive.served.requestsPerSecond)} req/s servidas (p99 ${formatNumber(naive.served.latencyMs.p99)} ms, ${naive.served.failures} falhas), ` +
      `${formatNumber(naive.upstreamPerMinute)} pedidos à origem por minuto — ${formatNumber(naive.upstreamPerMinute / Math.max(placar.perMinuteAtDefaultSchedule, 1e-9))}× o Placar`,
  ];
}

function memorySection(results: BenchResults): string[] {
  const m = results.memory;
  if (!m) return [];
  const bySize = Object.entries(m.rssAfterSizeMb).map(
    ([size, rss]) => `${formatNumber(Number(size))} jogos ${formatNumber(rss)} MB`,
  );
  return [
    '5. Memória',
    `  RSS do servidor: após aquecimento ${formatNumber(m.warmupRssMb)} MB; ao fim de cada tamanho: ${bySize.join(', ')}; após ${m.finalAfterCycles} atualizações ${formatNumber(m.finalRssMb)} MB (pico ${formatNumber(m.serverPeakMb)} MB)`,
    `  Mesmo tamanho, da atualização #${m.lastSizeFirstCycle} à #${m.finalAfterCycles}: ${formatNumber(m.lastSizeFirstRssMb)} → ${formatNumber(m.finalRssMb)} MB (crescimento aqui seria vazamento)`,
    `  Pico de RSS dos processos filhos (trabalhador de atualização, builds): ${formatNumber(m.buildPeakMb)} MB; do serviço inteiro (somado): ${formatNumber(m.service.peakMb)} MB`,
  ];
}

function weightSection(results: BenchResults): string[] {
  const w = results.pageWeight;
  if (!w) return [];
  const sizes = Object.keys(w.bytes)
    .map(Number)
    .sort((a, b) => a - b);
  const paths = [...new Set(sizes.flatMap((size) => (w.bytes[size] ?? []).map((row) => row.path)))];
  const rows = paths.map((path) => [
    path.replace(/^\/_astro\/(.{24}).*(\.\w+)$/, '/_astro/$1…$2'),
    ...sizes.map((size) => {
      const row = w.bytes[size]?.find((r) => r.path === path);
      return row ? `${formatBytes(row.raw)} / ${formatBytes(row.gzip)} / ${formatBytes(row.brotli)}` : '—';
    }),
  ]);
  const lines = [
    '6. Peso das páginas (bruto / gzip / brotli, como o servidor envia)',
    formatTable(['arquivo', ...sizes.map((s) => `${formatNumber(s)} jogos`)], rows),
  ];
  for (const timing of w.browser ?? []) {
    lines.push(
      `  Chromium ${timing.path}: primeira renderização ${formatMedianMax(timing.firstRenderMs)} ms, dados ao vivo ${formatMedianMax(timing.liveDataMs)} ms (mediana / máx. de ${timing.loads} cargas frias, 1.000 jogos)`,
    );
  }
  return lines;
}

/** Issue 22: with equal workers, Placar's requests/s and CPU per request against nginx's (medians). */
const EQUAL_WORKERS_TARGET = { ratio: 0.9, cpuPerRequestRatio: 1.3 } as const;
/** Issue 49: one Placar process against one nginx worker, requests/s only. */
const ONE_PROCESS_TARGET = { ratio: 0.5 } as const;

/** What --quick shortened, next to the defaults, so nobody reads its numbers as a full run's. */
function equalWorkersSection(results: BenchResults): string[] {
  return [
    ...equalWorkersLines(results, results.equalWorkers, EQUAL_WORKERS_TARGET),
    ...equalWorkersLines(results, results.equalWorkersOneProcess, ONE_PROCESS_TARGET),
  ];
}

function equalWorkersLines(
  results: BenchResults,
  e: EqualWorkersResult | undefined,
  target: { ratio: number; cpuPerRequestRatio?: number },
): string[] {
  if (!e) return [];
  const rps = (runs: WrkRun[]): number => median(runs.map((run) => run.requestsPerSecond));
  const cells = (runs: WrkRun[]): string[] => [
    formatNumber(rps(runs)),
    `${formatNumber(median(runs.map((run) => run.latencyMs.p50)), 1)} / ${formatNumber(median(runs.map((run) => run.latencyMs.p99)), 1)}`,
    formatNumber(median(runs.map((run) => run.cpuMicrosPerRequest))),
  ];
  const rows = e.cases.map((c) => [
    `${e.path} (${e.encoding})`,
    String(c.connections),
    ...cells(c.placar),
    ...cells(c.nginx),
    `${formatNumber(c.ratio * 100)} % (${c.pairRatios.map((r) => formatNumber(r * 100)).join(' · ')})`,
    `${formatNumber(c.cpuPerRequestRatio, 1)}×`,
  ]);
  const failures = e.cases.reduce(
    (sum, c) => sum + [...c.placar, ...c.nginx].reduce((n, run) => n + run.failures, 0),
    0,
  );
  return [
    `7. Mesmos processos (${e.workers} + ${e.workers}): Placar WORKERS=${e.workers}, nginx ${e.nginxSetup}; wrk -t${e.wrkThreads}; ` +
      `${results.plan.equalWorkersRepeats}× ${formatNumber(results.plan.equalWorkersSeconds)} s por servidor e caso, alternados`,
    formatTable(
      [
        'rota',
        'conexões',
        'Placar req/s',
        'p50 / p99 ms',
        'µs CPU/pedido',
        'nginx req/s',
        'p50 / p99 ms',
        'µs CPU/pedido',
        'Placar/nginx (por par)',
        'CPU/pedido',
      ],
      rows,
    ),
    `  Falhas (não 2xx/3xx, erros de socket): ${failures}. wrk divide os mesmos ${e.wrkThreads} núcleos com os servidores.`,
    `  Meta: Placar ≥ ${formatNumber(target.ratio * 100)} % do nginx com os mesmos processos: ` +
      `${e.cases.map((c) => `${formatNumber(c.ratio * 100)} % (c=${c.connections})`).join(', ')} — ` +
      formatTarget(e.cases.every((c) => c.ratio >= target.ratio)),
    ...cpuTargetLine(e, target.cpuPerRequestRatio),
  ];
}

function cpuTargetLine(e: EqualWorkersResult, limit: number | undefined): string[] {
  if (limit === undefined) return [];
  return [
    `  Meta: CPU por pedido ≤ ${formatNumber(limit, 1)}× a do nginx: ` +
      `${e.cases.map((c) => `${formatNumber(c.cpuPerRequestRatio, 2)}× (c=${c.connections})`).join(', ')} — ` +
      formatTarget(e.cases.every((c) => c.cpuPerRequestRatio <= limit)),
  ];
}

/** The bare process's notice beside the server's, at the same number of streams (group 9). */
function floorLines(e: NonNullable<BenchResults['events']>): string[] {
  const floor = e.floor;
  const row = e.rows.find((candidate) => candidate.streams === floor?.streams);
  if (floor === undefined || row?.observedNoticeMs === undefined || row.observedNoticeQuietMs === undefined) return [];
  const ratio = (placar: number, bare: number): string => `${formatNumber(placar / bare, 1)}×`;
  return [
    `  Piso, na mesma execução: um processo Node mínimo (sem HTTP, sem build) escrevendo o aviso a ${formatNumber(floor.streams)} sockets: ` +
      `${formatNumber(floor.noticeMs)} ms com os outros lendo, ${formatNumber(floor.noticeQuietMs)} ms sem — ` +
      `Placar ${ratio(row.observedNoticeMs, floor.noticeMs)} / ${ratio(row.observedNoticeQuietMs, floor.noticeQuietMs)} o piso.`,
  ];
}

function eventsSection(results: BenchResults): string[] {
  const e = results.events;
  if (!e) return [];
  const ms = (value: number | undefined): string => (value === undefined ? '—' : `${formatNumber(value)} ms`);
  const rows = e.rows.map((row) => [
    formatNumber(row.streams),
    `${formatNumber(row.rssMb)} MB`,
    `${formatNumber(row.rssPerStreamKb, 1)} KB`,
    ms(row.firstMs),
    ms(row.lastMs),
    ms(row.noticeFirstMs),
    ms(row.noticeLastMs),
    ms(row.observedNoticeMs),
    ms(row.observedNoticeQuietMs),
  ]);
  const first = Math.max(...e.rows.map((row) => row.firstMs));
  const lastAt1000 = e.rows[0]?.lastMs ?? Number.NaN;
  const most = e.rows.at(-1);
  const noticeLast = most?.noticeLastMs;
  const observed = most?.observedNoticeMs;
  const observedQuiet = most?.observedNoticeQuietMs;
  return [
    `9. Fluxo de eventos (/api/eventos/stream), um processo leitor (REFRESH_CRON=off), ` +
      `RSS sem fluxos ${formatNumber(e.baselineRssMb)} MB`,
    formatTable(
      [
        'fluxos abertos',
        'RSS',
        'RSS por fluxo',
        'troca → 1º fluxo',
        'troca → último fluxo',
        'aviso de build: 1º',
        'aviso: último',
        'aviso: observador',
        'observador, outros sem ler',
      ],
      rows,
    ),
    '  Os clientes rodam no processo do benchmark, na mesma máquina de 2 núcleos: o "último" inclui o tempo de leitura deles.',
    `  Meta: evento nos clientes em até 100 ms da troca: 1º fluxo ${formatNumber(first)} ms — ${formatTarget(first <= 100)}; ` +
      `último com 1.000 fluxos ${formatNumber(lastAt1000)} ms — ${formatTarget(lastAt1000 <= 100)}`,
    '  "Observador": o fluxo aberto por último (o último a que o servidor escreve), num processo à parte que vê a troca',
    '  e o aviso no seu próprio relógio — com os fluxos deste processo lendo, e de novo com eles guardando os bytes sem ler.',
    ...(noticeLast === undefined || most === undefined
      ? []
      : [
          `  Aviso de build (páginas abertas) no último de ${formatNumber(most.streams)} fluxos: ` +
            (observed === undefined || observedQuiet === undefined
              ? ''
              : `observador ${formatNumber(observed)} ms com os outros lendo, ${formatNumber(observedQuiet)} ms sem — ` +
                `${formatTarget(Math.max(observed, observedQuiet) <= 100)} (≤ 100 ms); `) +
            `${formatNumber(noticeLast)} ms no último leitor deste processo`,
        ]),
    ...floorLines(e),
    ...twoWorkersLines(e),
  ];
}

/** The most streams again with WORKERS=2 (group 9, from 2026-11-29). */
function twoWorkersLines(e: NonNullable<BenchResults['events']>): string[] {
  const row = e.twoWorkers;
  if (row?.observedNoticeMs === undefined || row.observedNoticeQuietMs === undefined) return [];
  const worst = Math.max(row.observedNoticeMs, row.observedNoticeQuietMs);
  return [
    `  Com WORKERS=2 (cada processo escreve aos fluxos que tem), ${formatNumber(row.streams)} fluxos, RSS do serviço ` +
      `${formatNumber(row.rssMb)} MB: observador ${formatNumber(row.observedNoticeMs)} ms com os outros lendo, ` +
      `${formatNumber(row.observedNoticeQuietMs)} ms sem — ${formatTarget(worst <= 100)} (≤ 100 ms)`,
  ];
}

function quickPlanNote(results: BenchResults): string {
  const quick = results.plan;
  const full = buildBenchPlan('default');
  return (
    `Modo ${results.mode} — números indicativos: tamanhos ${quick.sizes.join(', ')} (padrão ${full.sizes.join(', ')}), ` +
    `${quick.cyclesPerSize} ciclos por tamanho (padrão ${full.cyclesPerSize}), ` +
    `memória após ${results.memory?.finalAfterCycles ?? '?'} atualizações (padrão ${full.memoryCycles}), ${quick.freshnessChanges} mudanças (padrão ${full.freshnessChanges}), ` +
    `cargas de ${formatNumber(quick.servingSeconds, 1)} s (padrão ${full.servingRepeats} × ${formatNumber(full.servingSeconds, 1)} s), ` +
    `origem sob carga por ${quick.upstreamLoadSeconds} s (padrão ${full.upstreamLoadSeconds} s), base ociosa de ${quick.baselineSeconds} s (padrão ${full.baselineSeconds} s).`
  );
}

export function formatReport(results: BenchResults): string {
  const m = results.machine;
  const header =
    `Placar — benchmark, modo ${results.mode}, ${formatNumber(results.durationSeconds)} s — ${m.cpuModel}, ${m.cores} núcleos, ${m.memoryGb} GB, Node ${m.node}\n` +
    `Carga média da máquina (1 min): ${formatNumber(m.loadAverageBefore, 2)} no início, ${formatNumber(results.loadAverageAfter ?? Number.NaN, 2)} no fim ` +
    '(acima de ~0,5 antes do início, outro trabalho disputou os núcleos)';
  const quickNote = results.plan.quick ? [quickPlanNote(results)] : [];
  const leanSection = (r: BenchResults): string[] => formatLeanServiceSection(r.leanService);
  const detailSection = (r: BenchResults): string[] => formatDetailSection(r.details);
  const sections = [
    comparisonSection,
    leanTargetsSection,
    refreshSection,
    freshnessSection,
    servingSection,
    equalWorkersSection,
    eventsSection,
    (r: BenchResults) => formatPushpinSection(r.pushpin),
    upstreamSection,
    memorySection,
    weightSection,
    leanSection,
    detailSection,
    (r: BenchResults) => formatPushSection(r.push),
    (r: BenchResults) => formatStandingsSection(r.standings),
    (r: BenchResults) => formatTeamHomeSection(r.teamHomes),
    (r: BenchResults) => formatScalingSection(r.scaling),
  ]
    .map((section) => section(results))
    .filter((lines) => lines.length > 0);
  return [
    header,
    ...quickNote,
    '',
    ...sections
      .map((lines) => lines.join('\n'))
      .join('\n\n')
      .split('\n'),
    '',
  ].join('\n');
}
