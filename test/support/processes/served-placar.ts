/**
 * The pair most process tests open with: one fake upstream and one Placar reading it, started
 * before the file's tests and stopped after them (the Placar first, then its upstream), whatever
 * failed in between. Vitest runs a file's before-hooks in order and its after-hooks in reverse: a
 * beforeAll/afterAll the file registers before the call runs before the start and after the stop
 * (a DATA_DIR prepared, then removed); one registered after it, after the start and before the stop.
 */
import { afterAll, beforeAll } from 'vitest';
import { startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions } from '../../../src/demo/upstream-server.ts';
import { startPlacar, type PlacarProcess, type StartPlacarOptions } from '../../../harness/placar-process.ts';

/** A value given as is, or made when the file starts (from what the file's earlier before-hooks prepared). */
type AtStart<T> = T | (() => T);

export interface ServedPlacarOptions extends Omit<StartPlacarOptions, 'upstreamUrl' | 'env' | 'dataDir'> {
  /** What the upstream serves, read when the file starts. */
  pages: () => Record<string, string>;
  upstream?: Omit<FakeUpstreamOptions, 'pages'>;
  env?: AtStart<Record<string, string>>;
  dataDir?: AtStart<string>;
}

const atStart = <T>(value: AtStart<T>): T => (typeof value === 'function' ? (value as () => T)() : value);

export interface ServedPlacar {
  readonly placar: PlacarProcess;
  readonly upstream: FakeUpstream;
}

/** Registers the start and the stop in the calling file; its parts are there once the file's tests run. */
export function servePlacarForFile(options: ServedPlacarOptions): ServedPlacar {
  let placar: PlacarProcess | undefined;
  let upstream: FakeUpstream | undefined;
  const { pages, upstream: upstreamOptions, env, dataDir, ...placarOptions } = options;
  beforeAll(async () => {
    upstream = await startFakeUpstream({ ...upstreamOptions, pages: pages() });
    placar = await startPlacar({
      ...placarOptions,
      upstreamUrl: upstream.url,
      env: env === undefined ? undefined : atStart(env),
      dataDir: dataDir === undefined ? undefined : atStart(dataDir),
    });
  });
  afterAll(async () => {
    await placar?.stop();
    await upstream?.close();
  });
  const started = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`${name} não iniciou (veja o beforeAll do arquivo)`);
    return part;
  };
  return {
    get placar() {
      return started(placar, 'o Placar');
    },
    get upstream() {
      return started(upstream, 'o upstream falso');
    },
  };
}
