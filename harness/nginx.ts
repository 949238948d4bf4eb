/**
 * deploy/nginx.conf rendered with real values and run as Debian's nginx on two loopback ports
 * (HTTPS with a self-signed certificate made by openssl, and the plain-HTTP redirect), with a
 * temp prefix folder holding the config, certificate, pid, logs, temp files and the search
 * cache — nothing outside it is touched. A missing nginx or openssl is a failure with the fix
 * in the message.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createSelfSignedCertificate } from '../src/demo/self-signed-certificate.ts';
import { PROJECT_ROOT } from './placar-process.ts';
import { startChild } from './watched-child.ts';

export const NGINX_PATH = '/usr/sbin/nginx';
export const NGINX_TEMPLATE = path.join(PROJECT_ROOT, 'deploy', 'nginx.conf');
/** Debian's libnginx-mod-http-brotli-static; without it the config serves gzip only. */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface NginxConfigValues {
  /** Absolute path of DATA_DIR/current. */
  clientDir: string;
  /** Plain HTTP (redirects), e.g. "127.0.0.1:8080". */
  listen: string;
  /** HTTPS, e.g. "127.0.0.1:8443". */
  listenTls: string;
  /** e.g. "https://127.0.0.1:8443". */
  publicOrigin: string;
  tlsCertificate: string;
  tlsCertificateKey: string;
  /** Placar's host:port, e.g. "127.0.0.1:4321". */
  placarAddress: string;
  /** Where /api/eventos/stream goes (host:port): Pushpin; default: placarAddress. */
  streamAddress?: string;
  /** Placar's UPSTREAM_URL (its origin goes into the CSP's img-src). */
  upstreamUrl: string;
  /** Enables the "#brotli# " lines. */
  brotli: boolean;
}

export function hasBrotliStaticModule(): boolean {
  return fs.existsSync(BROTLI_STATIC_MODULE);
}

/** The template with its placeholders filled in, as the sed line of docs/deploying.md does. */
export function renderNginxConfig(template: string, values: NginxConfigValues): string {
  let text = template
    .replaceAll('@client_dir@', values.clientDir)
    .replaceAll('@listen@', values.listen)
    .replaceAll('@listen_tls@', values.listenTls)
    .replaceAll('@public_origin@', values.publicOrigin)
    .replaceAll('@tls_certificate@', values.tlsCertificate)
    .replaceAll('@tls_certificate_key@', values.tlsCertificateKey)
    .replaceAll('@placar_address@', values.placarAddress)
    .replaceAll('@stream_address@', values.streamAddress ?? values.placarAddress)
    .replaceAll('@upstream_origin@', new URL(values.upstreamUrl).origin);
  if (values.brotli) text = text.replaceAll('#brotli# ', '');
  const left = /@[a-z_]+@/.exec(text.replace(/^\s*#.*$/gm, ''));
  if (left) throw new Error(`placeholder ${left[0]} left in the nginx config`);
  return text;
}

/**
 * The bench compares serving engines over plain HTTP (Placar has no TLS of its own): the TLS
 * server block listens without TLS there, everything else as deployed.
 */
function withoutTls(config: string): string {
  return config.replace(/^(\s*listen\s+\S+)\s+ssl\s+http2;/m, '$1;').replace(/^\s*ssl_\S+.*\n/gm, '');
}

export interface NginxProcess {
  /** https://127.0.0.1:PORT — the site (http:// with plainHttp). */
  url: string;
  /** http://127.0.0.1:PORT — plain HTTP, which only redirects to `url`. */
  httpUrl: string;
  /** The certificate (PEM) clients must trust for `url`. */
  ca: string;
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
  /** Where the event stream goes (a Pushpin's base URL); default: placarUrl. */
  streamUrl?: string;
  /** Placar's UPSTREAM_URL. */
  upstreamUrl: string;
  brotli?: boolean;
  /**
   * Replaces the template's `worker_processes auto` (the benchmark compares one nginx worker with one Placar process).
   */
  workerProcesses?: number;
  /** Serve the site without TLS (the benchmark); the default is HTTPS, as deployed. */
  plainHttp?: boolean;
  /** Where nginx listens: 127.0.0.1 (the default) or ::1 (the IPv6 tests, in a network namespace of their own). */
  loopback?: '127.0.0.1' | '::1';
  /**
   * The template's front-door figures scaled down, so a test can fill them: event streams in all
   * (the placar_streams upstream's max_conns) and worker_connections. A template without them fails.
   */
  sizing?: { streamsInAll: number; workerConnections: number };
}

/** The template with its stream cap and worker_connections replaced; throws when either is missing. */
export function withSizing(config: string, sizing: { streamsInAll: number; workerConnections: number }): string {
  const capped = config.replace(/(server @?[^\s;]+ max_conns=)\d+;/, `$1${sizing.streamsInAll};`);
  if (capped === config) throw new Error('deploy/nginx.conf has no max_conns on the event streams upstream');
  const sized = capped.replace(/^(\s*worker_connections )\d+;/m, `$1${sizing.workerConnections};`);
  if (sized === capped) throw new Error('deploy/nginx.conf has no worker_connections');
  return sized;
}

/** host:port as nginx and URLs write it ("[::1]:8443" for IPv6). */
function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

async function findFreePort(host: string): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(host: string, port: number, exited: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited()) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
    }).catch(() => false);
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function launch(
  options: StartNginxOptions,
  prefix: string,
  port: number,
  httpPort: number,
): Promise<NginxProcess | null> {
  const tls = createSelfSignedCertificate(prefix);
  const host = options.loopback ?? '127.0.0.1';
  const siteUrl = `${options.plainHttp ? 'http' : 'https'}://${hostPort(host, port)}`;
  const template = renderNginxConfig(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), {
    clientDir: options.clientDir,
    listen: hostPort(host, httpPort),
    listenTls: hostPort(host, port),
    publicOrigin: siteUrl,
    tlsCertificate: tls.certificate,
    tlsCertificateKey: tls.key,
    placarAddress: new URL(options.placarUrl).host,
    streamAddress: new URL(options.streamUrl ?? options.placarUrl).host,
    upstreamUrl: options.upstreamUrl,
    brotli: options.brotli ?? hasBrotliStaticModule(),
  });
  const sized = options.sizing ? withSizing(template, options.sizing) : template;
  const rendered = options.plainHttp ? withoutTls(sized) : sized;
  const config = options.workerProcesses
    ? rendered.replace(/^worker_processes\s+\S+;/m, `worker_processes ${options.workerProcesses};`)
    : rendered;
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), config);
  // Run as root (tests do, in CI), the workers would be "nobody", and the tests' temp
  // folders are private (0700): keep the workers as the current user.
  const globals = process.getuid?.() === 0 ? 'daemon off; user root root;' : 'daemon off;';
  const child = startChild(
    NGINX_PATH,
    ['-p', `${prefix}/`, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log'), '-g', globals],
    { name: 'nginx', stopGraceMs: 5_000 },
  );
  const logs = (): string => {
    const errorLog = path.join(prefix, 'error.log');
    return child.output() + (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');
  };
  const ready =
    (await waitForPort(host, port, child.hasExited, 10_000)) &&
    (await waitForPort(host, httpPort, child.hasExited, 10_000));
  if (!ready) {
    await child.stop({ signal: 'SIGKILL' });
    if (/Address already in use/.test(logs())) return null;
    throw new Error(`nginx não iniciou:\n${logs()}`);
  }
  return {
    url: siteUrl,
    httpUrl: `http://${hostPort(host, httpPort)}`,
    ca: tls.pem,
    prefix,
    process: child.process,
    logs,
    async stop() {
      // SIGTERM is nginx's fast shutdown.
      await child.stop();
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

export async function startNginx(options: StartNginxOptions): Promise<NginxProcess> {
  if (!fs.existsSync(NGINX_PATH)) {
    throw new Error(
      `nginx não encontrado em ${NGINX_PATH}: instale com \`apt-get install nginx\` (o .ci/run faz isso).`,
    );
  }
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-nginx-'));
  // Another process may take the free port between the check and nginx's bind: try again.
  const host = options.loopback ?? '127.0.0.1';
  for (let attempt = 0; attempt < 5; attempt++) {
    const started = await launch(options, prefix, await findFreePort(host), await findFreePort(host));
    if (started) return started;
  }
  fs.rmSync(prefix, { recursive: true, force: true });
  throw new Error('nginx não conseguiu uma porta livre em 5 tentativas');
}
