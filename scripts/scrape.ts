/** `npm run scrape`: one scrape of the three upstream listings into DATA_DIR/snapshot.json. */
import { EXIT_FAILURE, runCli } from '../src/lib/cli.ts';
import { readConfig } from '../src/lib/config.ts';
import { LISTING_NAMES } from '../src/lib/model.ts';
import { runScrape } from '../src/pipeline/scrape.ts';

await runCli(
  {
    usage: 'npm run scrape [-- --help]',
    description:
      'Busca uma vez as três listas do site de origem (ao vivo, hoje, amanhã) e grava o snapshot em DATA_DIR. ' +
      'Sai com 0 quando as três deram certo, 1 quando alguma falhou (as outras são gravadas e a que falhou mantém os últimos dados válidos).',
    variables: ['UPSTREAM_URL', 'DATA_DIR', 'REFRESH_CRON', 'REQUEST_TIMEOUT_MS', 'MAX_RESPONSE_BYTES'],
  },
  {},
  async () => {
    const config = readConfig();
    const report = await runScrape(config, { log: (line) => process.stdout.write(`${line}\n`) });
    return LISTING_NAMES.every((listing) => report.listings[listing].ok) ? 0 : EXIT_FAILURE;
  },
);
