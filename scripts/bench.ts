/** `npm run bench`: the benchmark of issue 7 (see bench/run-bench.ts); prints the table, writes the JSON. */
import path from 'node:path';
import { runCli, StartupError } from '../src/lib/config/cli.ts';
import { saoPauloDate } from '../src/lib/model/time.ts';
import { formatReport } from '../bench/report.ts';
import { listChildren } from '../harness/process-stats.ts';
import { ALL_GROUPS, runBench, SMOKE_GROUPS } from '../bench/run-bench.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const progress = (line: string): void => void process.stderr.write(`${line}\n`);

function parseGroups(only: string | undefined, smoke: boolean): number[] {
  if (only === undefined) return [...(smoke ? SMOKE_GROUPS : ALL_GROUPS)];
  const groups = only.split(',').map((part) => Number(part.trim()));
  if (groups.length === 0 || groups.some((group) => !(ALL_GROUPS as readonly number[]).includes(group))) {
    const hint = `use números de 1 a ${ALL_GROUPS.length} separados por vírgula, por exemplo --only 1,3.`;
    throw new StartupError(`--only "${only}" é inválido: ${hint}`);
  }
  return [...new Set(groups)].sort();
}

// Stopped midway (kill, Ctrl+C): end the servers, nginx and browser this run started, by pid.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const pid of listChildren(process.pid)) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    progress(`${signal}: benchmark interrompido, processos filhos encerrados.`);
    process.exit(130);
  });
}

await runCli(
  {
    usage: 'npm run bench [-- [--quick | --smoke] [--only 1,3] [--out arquivo.json]]',
    description:
      'Mede, numa só execução e só em loopback: 1 ciclo de atualização, 2 frescor, 3 servir (Placar e nginx lado a lado), ' +
      '4 carga na origem, 5 memória, 6 peso das páginas, 7 Placar e nginx com os mesmos processos (wrk), ' +
      '8 o serviço inteiro com `npm start` padrão (memória por processo, busca após a troca), 9 fluxo de eventos, ' +
      '10 fluxos no Pushpin e no Placar lado a lado, 11 detalhe das partidas, 12 Web Push (um gol para 10.000 inscrições), ' +
      '13 tabelas (a atualização com e sem elas, a memória com 100), ' +
      '14 páginas de times (a atualização e a memória sem e com 600 times guardados). ' +
      '15 a atualização a 1.000 e a 5.000 jogos/dia lado a lado. ' +
      'Imprime a tabela e grava os números em JSON. ' +
      'Até ~30 min (--quick: ~4 min). Precisa de nginx, chromium, wrk e pushpin (o .ci/run instala). Não lê variáveis de ambiente do Placar.',
    options: [
      { name: '--quick', description: 'Menos ciclos e janelas mais curtas (~4 min); a saída diz quais.' },
      {
        name: '--smoke',
        description: `Como --quick, só os grupos ${SMOKE_GROUPS.join(', ')} (~2 min): prova que o benchmark roda (o .ci/run).`,
      },
      { name: '--only <grupos>', description: 'Só estes grupos, por exemplo 1,3 (padrão: todos).' },
      {
        name: '--out <arquivo>',
        description:
          'Onde gravar o JSON (padrão: bench/results/AAAA-MM-DD.json, com a data do dia em São Paulo; ' +
          'com --quick, bench/out/results-quick.json; com --smoke, bench/out/results-smoke.json).',
      },
      {
        name: '--idle-minutes <n>',
        description: 'Também mede o custo ocioso no relógio: n minutos na agenda padrão (soma n minutos ao tempo).',
      },
    ],
    variables: [],
  },
  {
    quick: { type: 'boolean' },
    smoke: { type: 'boolean' },
    only: { type: 'string' },
    out: { type: 'string' },
    'idle-minutes': { type: 'string' },
  },
  async (values) => {
    const smoke = values.smoke === true;
    const quick = smoke || values.quick === true;
    // Full runs are kept by date (docs/performance.md quotes them); a quick or smoke run never lands among them.
    const shortForm = smoke ? 'results-smoke.json' : 'results-quick.json';
    const defaultOut = quick
      ? path.join(projectRoot, 'bench', 'out', shortForm)
      : path.join(projectRoot, 'bench', 'results', `${saoPauloDate(new Date())}.json`);
    const outFile = path.resolve(values.out ?? defaultOut);
    const idleMinutes = Number(values['idle-minutes'] ?? 0);
    if (!Number.isInteger(idleMinutes) || idleMinutes < 0 || idleMinutes > 120) {
      throw new StartupError(
        `--idle-minutes "${values['idle-minutes']}" é inválido: use um número inteiro de minutos entre 0 e 120.`,
      );
    }
    const results = await runBench({
      mode: smoke ? 'smoke' : quick ? 'quick' : 'default',
      groups: parseGroups(values.only, smoke),
      outFile,
      idleMinutes,
      log: progress,
    });
    process.stdout.write(formatReport(results));
    process.stdout.write(`\nResultados gravados em ${path.relative(process.cwd(), outFile)}\n`);
    return 0;
  },
);
