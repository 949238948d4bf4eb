/**
 * `npm run demo [-- --seed N --port N --speed N]`: Placar on http://localhost:4321 against the
 * demo upstream (fictional data, simulated in real time), no network needed. See src/demo/run-demo.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli, StartupError } from '../src/lib/config/cli.ts';
import { runDemo } from '../src/demo/run-demo.ts';
import type { MatchPagesLayout } from '../src/demo/demo-match-pages.ts';
import { readServerArgs, SERVER_ARG_HELP, SERVER_ARG_OPTIONS } from '../src/lib/config/server-args.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function parseNumberOption(name: string, raw: string, min: number, max: number, integer: boolean): number {
  const value = Number(raw);
  if (
    raw.trim() === '' ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    const kind = integer ? 'um número inteiro' : 'um número';
    throw new StartupError(`--${name}="${raw}" é inválido: use ${kind} entre ${min} e ${max}.`);
  }
  return value;
}

const MATCH_PAGES_OPTION: ReadonlyMap<string, MatchPagesLayout> = new Map([
  ['atual', 'newer'],
  ['antigo', 'older'],
  ['alternado', 'mixed'],
]);

function parseMatchPagesOption(raw: string): MatchPagesLayout {
  const layout = MATCH_PAGES_OPTION.get(raw.trim().toLowerCase());
  if (!layout) throw new StartupError(`--match-pages="${raw}" é inválido: use atual, antigo ou alternado.`);
  return layout;
}

await runCli(
  {
    usage:
      'npm run demo [-- --seed N] [--speed N] [--port N] [--host ENDEREÇO] [--cards] [--match-pages FORMATO] [--push-local]',
    description:
      'Demonstração sem rede: sobe um site de origem fictício em 127.0.0.1 (páginas gravadas, com as datas de hoje e\n' +
      'amanhã e os jogos ao vivo avançando com o relógio) e inicia o Placar contra ele, como `npm start`.\n' +
      'Os dados ficam numa pasta temporária, apagada ao sair; o pacote do site fica em node_modules/.cache/placar-demo\n' +
      '(construído só quando a versão instalada muda). Ctrl-C encerra os dois servidores.',
    options: [
      {
        name: '--seed N',
        description: 'Semente da simulação (gols, acréscimos); a mesma semente repete o jogo. Padrão: 1.',
      },
      {
        name: '--speed N',
        description: 'Minutos de jogo por minuto real (padrão: 1, tempo real; 60 = um minuto por segundo).',
      },
      ...SERVER_ARG_HELP,
      {
        name: '--cards',
        description: 'O site fictício escreve as listas no formato de cartões (match__md) em vez de linhas.',
      },
      {
        name: '--match-pages FORMATO',
        description:
          'Formato das páginas de jogo do site fictício: atual, antigo, ou alternado (padrão: cerca de um jogo em três no antigo).',
      },
      {
        name: '--push-local',
        description:
          'Alertas com o Placar fechado sem internet: sobe um serviço de push local, liga o Web Push do Placar para ele e\n' +
          'inscreve um "navegador" de demonstração nos times de hoje; cada alerta enviado é decifrado e mostrado aqui.',
      },
    ],
    variables: ['HOST', 'PORT', 'REFRESH_CRON'],
  },
  {
    seed: { type: 'string', default: '1' },
    speed: { type: 'string', default: '1' },
    ...SERVER_ARG_OPTIONS,
    cards: { type: 'boolean', default: false },
    'match-pages': { type: 'string', default: 'alternado' },
    'push-local': { type: 'boolean', default: false },
  },
  async (values) =>
    runDemo({
      seed: parseNumberOption('seed', values.seed, 0, 4_294_967_295, true),
      serverOverrides: readServerArgs(values),
      speed: parseNumberOption('speed', values.speed, 0.1, 600, false),
      layout: values.cards ? 'cards' : 'rows',
      matchPages: parseMatchPagesOption(values['match-pages']),
      pushLocal: values['push-local'],
      env: process.env,
      projectRoot: PROJECT_ROOT,
      // performance.now() counts from the process start: the time-to-dashboard includes Node's boot.
      startedAtMs: 0,
    }),
);
