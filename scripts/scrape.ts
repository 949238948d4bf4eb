/**
 * `npm run scrape [-- --explain] [--file PAGE.html --url URL]`: one scrape of the three upstream
 * listings into DATA_DIR/snapshot.json, optionally explained; or, with --file, saved pages
 * explained offline. See src/refresh/scrape/explain-scrape.ts.
 */
import { EXIT_FAILURE, runCli } from '../src/lib/config/cli.ts';
import { readConfig } from '../src/lib/config/config.ts';
import { LISTING_NAMES } from '../src/lib/model/model.ts';
import { explainFiles, explainScrapeReport } from '../src/refresh/scrape/explain-scrape.ts';
import { runScrape } from '../src/refresh/scrape/scrape.ts';
import { writeLogLine } from '../src/lib/config/log-line.ts';

const print = (line: string): void => writeLogLine(process.stdout, line);

await runCli(
  {
    usage: 'npm run scrape [-- --explain] [--file PÁGINA.html [--url URL]] [--help]',
    description:
      'Busca uma vez as listas do site de origem (ao vivo, hoje, amanhã; ontem no máximo uma vez por YESTERDAY_REFRESH_SECONDS) ' +
      'e grava o snapshot em DATA_DIR. Sai com 0 quando todas deram certo, 1 quando alguma falhou (as outras são gravadas e a que falhou mantém os últimos dados válidos).\n' +
      'Com --explain, lê as páginas inteiras e explica cada lista: o formato reconhecido (linhas, cartões ou ambos), quantos\n' +
      'candidatos a jogo, quantos viraram jogos, cada um ignorado com o motivo e o começo do HTML, e as situações não reconhecidas.\n' +
      'Com --file, explica páginas salvas do navegador, sem rede e sem mexer em DATA_DIR (sai com 1 se alguma não pôde ser lida).',
    options: [
      {
        name: '--explain',
        description: 'Explica o que foi lido em cada lista (ignora ETag/Last-Modified e lê as páginas inteiras).',
      },
      {
        name: '--file PÁGINA.html',
        description:
          'Explica uma página salva (lista, página de jogo ou de campeonato), sem rede (pode repetir). Implica --explain.',
      },
      {
        name: '--url URL',
        description:
          'Endereço de onde a página salva veio, para os links relativos (padrão: UPSTREAM_URL/jogos-de-hoje).',
      },
    ],
    variables: ['UPSTREAM_URL', 'DATA_DIR', 'REFRESH_CRON', 'REQUEST_TIMEOUT_MS', 'MAX_RESPONSE_BYTES'],
  },
  {
    explain: { type: 'boolean', default: false },
    file: { type: 'string', multiple: true },
    url: { type: 'string' },
  },
  async (values) => {
    const config = readConfig();
    if (values.file && values.file.length > 0) {
      const explained = explainFiles(values.file, values.url ?? `${config.upstreamUrl}/jogos-de-hoje`);
      explained.lines.forEach(print);
      return explained.failed ? EXIT_FAILURE : 0;
    }
    const report = await runScrape(config, { log: print, unconditional: values.explain });
    for (const listing of LISTING_NAMES) report.listings[listing].notices.forEach(print);
    if (values.explain) explainScrapeReport(report, config.upstreamUrl).forEach(print);
    return LISTING_NAMES.every((listing) => report.listings[listing].ok) ? 0 : EXIT_FAILURE;
  },
);
