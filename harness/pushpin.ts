/**
 * deploy/pushpin/ (pushpin.conf and routes) rendered with real values and run as Debian's
 * pushpin on loopback: each instance with its own temp folder (config, sockets, logs) and two
 * free ports — clients, and the control port Placar publishes to. Nothing outside the folder is
 * touched. A missing pushpin is a failure with the fix in the message.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { listDescendants } from './process-stats.ts';
import { PROJECT_ROOT } from './placar-process.ts';
import { startChild } from './watched-child.ts';

export const PUSHPIN_PATH = '/usr/bin/pushpin';
/** How long a started Pushpin may take to pass a request to Placar. */
const READY_TIMEOUT_MS = 90_000;
export const PUSHPIN_DEPLOY_DIR = path.join(PROJECT_ROOT, 'deploy', 'pushpin');

export interface PushpinConfigValues {
  rundir: string;
  logdir: string;
  /** Clients' address, e.g. "127.0.0.1:7999". */
  listen: string;
  controlAddress: string;
  controlPort: number;
  sigKey: string;
  /** Placar servers, "host:port", in the order Pushpin tries them. */
  placarTargets: readonly string[];
}

function fill(template: string, values: Record<string, string>, what: string): string {
  let text = template;
  for (const [name, value] of Object.entries(values)) text = text.replaceAll(`@${name}@`, value);
  const left = /@[a-z_]+@/.exec(text.replace(/^\s*#.*$/gm, ''));
  if (left) throw new Error(`placeholder ${left[0]} left in ${what}`);
  return text;
}

/** The two files with their placeholders filled in, as the sed lines of docs/deploying.md do. */
export function renderPushpinConfig(values: PushpinConfigValues): { config: string; routes: string } {
  const read = (name: string): string => fs.readFileSync(path.join(PUSHPIN_DEPLOY_DIR, name), 'utf8');
  const config = fill(
    read('pushpin.conf'),
    {
      rundir: values.rundir,
      logdir: values.logdir,
      listen: values.listen,
      control_address: values.controlAddress,
      control_port: String(values.controlPort),
      sig_key: values.sigKey,
    },
    'pushpin.conf',
  );
  const routes = fill(read('routes'), { placar_targets: values.placarTargets.join(' ') }, 'routes');
  return { config, routes };
}

export interface PushpinProcess {
  /** http://127.0.0.1:PORT — where clients connect. */
  url: string;
  /** http://127.0.0.1:PORT — the control server (an entry of PUSHPIN_PUBLISH_URLS). */
  controlUrl: string;
  process: ChildProcess;
  /** What pushpin and its services printed since it was ready (the readiness probe's lines before).
   * A probe's late lines (its unsubscribe) may follow. */
  output(): string;
  /** The process ids of pushpin and the services it started (condure, zurl, proxy, handler). */
  pids(): number[];
  /** SIGTERM (SIGKILL after 10 s), waits for every service to exit, removes the folder. */
  stop(): Promise<void>;
}

export interface StartPushpinOptions {
  sigKey: string;
  /** Placar base URLs, tried in this order. */
  placarUrls: readonly string[];
  /** false: resolve once it listens (a Pushpin whose Placar is gone on purpose). Default: once Placar answers. */
  waitForPlacar?: boolean;
}

async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function isListening(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The status of a request for /api/eventos/stream through the instance (0: no answer). A GET is
 * held by Pushpin when Placar answers it with GRIP; the socket is closed once the status is in.
 */
function streamStatus(port: number, method: 'HEAD' | 'GET'): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: '/api/eventos/stream', agent: false });
    request.setTimeout(2_000, () => request.destroy());
    request.once('response', (response) => {
      resolve(response.statusCode ?? 0);
      response.destroy();
    });
    request.once('error', () => resolve(0));
    request.end();
  });
}

const isAlive = (pid: number): boolean => fs.existsSync(`/proc/${pid}`);

async function launch(options: StartPushpinOptions, folder: string): Promise<PushpinProcess | null> {
  const [port, controlPort] = [await findFreePort(), await findFreePort()];
  const rundir = path.join(folder, 'run');
  const logdir = path.join(folder, 'log');
  fs.mkdirSync(rundir, { recursive: true });
  fs.mkdirSync(logdir, { recursive: true });
  const { config, routes } = renderPushpinConfig({
    rundir,
    logdir,
    listen: `127.0.0.1:${port}`,
    controlAddress: '127.0.0.1',
    controlPort,
    sigKey: options.sigKey,
    placarTargets: options.placarUrls.map((url) => new URL(url).host),
  });
  fs.writeFileSync(path.join(folder, 'pushpin.conf'), config);
  fs.writeFileSync(path.join(folder, 'routes'), routes);
  const child = startChild(PUSHPIN_PATH, ['--config', path.join(folder, 'pushpin.conf'), '--merge-output'], {
    name: 'pushpin',
  });
  const { output: printed, hasExited } = child;
  const pid = child.process.pid ?? 0;
  let services: number[] = [];
  const stop = async (): Promise<void> => {
    services = [...new Set([...services, ...listDescendants(pid)])];
    await child.stop();
    // The runner ends its services as it exits; one left behind is ended here, by its pid.
    const deadline = Date.now() + 10_000;
    while (services.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    for (const service of services.filter(isAlive)) process.kill(service, 'SIGKILL');
  };
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && !hasExited() && !((await isListening(port)) && (await isListening(controlPort)))) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (hasExited() || !((await isListening(port)) && (await isListening(controlPort)))) {
    await stop();
    if (/[Aa]ddress already in use|Address in use/.test(printed())) return null;
    throw new Error(`pushpin não iniciou:\n${printed()}`);
  }
  // Listening is not ready: the proxy, handler and zurl connect to each other after. A HEAD of the
  // routed path (Placar ends it at once) passes through the proxy alone; a GET that Placar holds
  // also needs the proxy's link to the handler, which may come seconds later on a busy machine (until
  // then the proxy answers it "500 Accept service unavailable."). Ready once both are answered by
  // Placar; without a Placar to reach, any answer of Pushpin's own to the HEAD will do.
  const holding = options.waitForPlacar !== false;
  const ready = async (): Promise<boolean> => {
    const head = await streamStatus(port, 'HEAD');
    if (head === 0 || (holding && head >= 500)) return false;
    return !holding || (await streamStatus(port, 'GET')) === 200;
  };
  const readyBy = Date.now() + READY_TIMEOUT_MS;
  let isReady = false;
  while (Date.now() < readyBy && !hasExited()) {
    isReady = await ready();
    if (isReady) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (hasExited() || !isReady) {
    await stop();
    throw new Error(`pushpin não passou pedidos ao Placar em ${READY_TIMEOUT_MS} ms:\n${printed()}`);
  }
  // The probe's held stream logs its own subscribe line a moment later: what a test reads of the
  // output (output()) starts after it, so that a line it looks for is its own streams'.
  while (holding && Date.now() < readyBy && !/\] subscribe \S+ channel=/.test(printed())) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyOutputLength = printed().length;
  services = listDescendants(pid);
  return {
    url: `http://127.0.0.1:${port}`,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    process: child.process,
    output: () => printed().slice(readyOutputLength),
    pids: () => [pid, ...services],
    async stop() {
      await stop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export async function startPushpin(options: StartPushpinOptions): Promise<PushpinProcess> {
  if (!fs.existsSync(PUSHPIN_PATH)) {
    throw new Error(
      `pushpin não encontrado em ${PUSHPIN_PATH}: instale com \`apt-get install pushpin\` (o .ci/run faz isso).`,
    );
  }
  // Another process may take a free port between the check and pushpin's bind: try again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-pushpin-'));
    const started = await launch(options, folder);
    if (started) return started;
    fs.rmSync(folder, { recursive: true, force: true });
  }
  throw new Error('pushpin não conseguiu portas livres em 5 tentativas');
}
