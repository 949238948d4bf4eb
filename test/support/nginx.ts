/**
 * deploy/nginx.conf rendered with real values and run as Debian's nginx on a loopback port,
 * with a temp prefix folder holding the config, pid, logs, temp files and the search cache —
 * nothing outside it is touched. A missing nginx is a failure with the fix in the message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from './placar-process.ts';

export const NGINX_PATH = '/usr/sbin/nginx';
export const NGINX_TEMPLATE = path.join(PROJECT_ROOT, 'deploy', 'nginx.conf');
/** Debian's libnginx-mod-http-brotli-static; without it the config serves gzip only. */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface NginxConfigValues {
  /** Absolute path of DATA_DIR/current. */
  clientDir: string;
  /** e.g. "127.0.0.1:8080". */
  listen: string;
  /** Placar's host:port, e.g. "127.0.0.1:4321". */
  placarAddress: string;
  /** Placar's UPSTREAM_URL (its origin goes into the CSP's img-src). */
  upstreamUrl: string;
  /** Enables the "#brotli# " lines. */
  brotli: boolean;
}

export function hasBrotliStaticModule(): boolean {
  return fs.existsSync(BROTLI_STATIC_MODULE);
}

/** The template with its placeholders filled in, as the README's sed line does. */
export function renderNginxConfig(template: string, values: NginxConfigValues): string {
  let text = template
    .replaceAll('@client_dir@', values.clientDir)
    .replaceAll('@listen@', values.listen)
    .replaceAll('@placar_address@', values.placarAddress)
    .replaceAll('@upstream_origin@', new URL(values.upstreamUrl).origin);
  if (values.brotli) text = text.replaceAll('#brotli# ', '');
  const left = /@[a-z_]+@/.exec(text.replace(/^\s*#.*$/gm, ''));
  if (left) throw new Error(`placeholder ${left[0]} left in the nginx config`);
  return text;
}

export interface NginxProcess {
  /** http://127.0.0.1:PORT */
  url: string;
  prefix: string;
  process: ChildProcess;
  /** error.log and what nginx printed. */
  logs(): string;
  /** Fast shutdown (SIGTERM), then removes the prefix folder. */
  stop(): Promise<void>;
}

export interface StartNginxOptions {
  clientDir: string;
  /** Placar's base URL (http://127.0.0.1:PORT). */
  placarUrl: string;
  /** Placar's UPSTREAM_URL. */
  upstreamUrl: string;
  brotli?: boolean;
  /** Replaces the template's `worker_processes auto` (the benchmark compares one nginx worker with one Placar process). */
  workerProcesses?: number;
}

async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, exited: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited()) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
    }).catch(() => false);
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function launch(options: StartNginxOptions, prefix: string, port: number): Promise<NginxProcess | null> {
  const rendered = renderNginxConfig(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), {
    clientDir: options.clientDir,
    listen: `127.0.0.1:${port}`,
    placarAddress: new URL(options.placarUrl).host,
    upstreamUrl: options.upstreamUrl,
    brotli: options.brotli ?? hasBrotliStaticModule(),
  });
  const config = options.workerProcesses ? rendered.replace(/^worker_processes\s+\S+;/m, `worker_processes ${options.workerProcesses};`) : rendered;
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), config);
  // Run as root (tests do, in CI), the workers would be "nobody", and the tests' temp
  // folders are private (0700): keep the workers as the current user.
  const globals = process.getuid?.() === 0 ? 'daemon off; user root root;' : 'daemon off;';
  const child = spawn(NGINX_PATH, ['-p', `${prefix}/`, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log'), '-g', globals], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  let hasExited = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (hasExited = true));
  const logs = (): string => {
    const errorLog = path.join(prefix, 'error.log');
    return printed + (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');
  };
  const ready = await waitForPort(port, () => hasExited, 10_000);
  if (!ready) {
    if (!hasExited) child.kill('SIGKILL');
    await exited;
    if (/Address already in use/.test(logs())) return null;
    throw new Error(`nginx não iniciou:\n${logs()}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    prefix,
    process: child,
    logs,
    async stop() {
      if (!hasExited) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

export async function startNginx(options: StartNginxOptions): Promise<NginxProcess> {
  if (!fs.existsSync(NGINX_PATH)) {
    throw new Error(`nginx não encontrado em ${NGINX_PATH}: instale com \`apt-get install nginx\` (o .ci/run faz isso).`);
  }
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-nginx-'));
  // Another process may take the free port between the check and nginx's bind: try again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const started = await launch(options, prefix, await findFreePort());
    if (started) return started;
  }
  fs.rmSync(prefix, { recursive: true, force: true });
  throw new Error('nginx não conseguiu uma porta livre em 5 tentativas');
}
