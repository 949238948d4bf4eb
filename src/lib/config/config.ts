/**
 * The only reader of environment variables. Every setting is declared once in
 * CONFIG_VARIABLES (name, default, pt-BR description) so that `--help` output, the README
 * test and validation all share one list. Pure `parseConfig(env)` for tests; entry points
 * call `readConfig()` once and pass the typed Config down.
 */
import os from 'node:os';
import path from 'node:path';
import cron from 'node-cron';
import { parsePushConfig, PUSH_CONFIG_VARIABLES, type PushConfig } from './push-config.ts';

export interface Config {
  /** Base URL of the upstream site, without a trailing slash. */
  upstreamUrl: string;
  /** Absolute path of the folder holding the snapshot, scrape state and builds. */
  dataDir: string;
  /** null for REFRESH_CRON=off: this server only serves (another process refreshes DATA_DIR). */
  refreshCron: string | null;
  /** Seconds between two consecutive runs of refreshCron (staleness = 3 intervals); 60 when off. */
  refreshIntervalSeconds: number;
  /** Seconds between two fetches of the yesterday listing (at most one per such slot of the clock). */
  yesterdayRefreshSeconds: number;
  /** Match-page requests allowed in any minute (DETAIL_REQUESTS_PER_MINUTE); 0: match pages are never fetched. */
  detailRequestsPerMinute: number;
  /** Days a past day's listing and its finished matches' files are kept after they leave the listings (ARCHIVE_DAYS). */
  archiveDays: number;
  /** Hours between two reads of a team's two upstream team pages (TEAM_PAGE_INTERVAL_HOURS); 0: never read. */
  teamPageIntervalHours: number;
  requestTimeoutMs: number;
  maxResponseBytes: number;
  /** Origins crests may come from besides the upstream's own (CREST_HOSTS). */
  crestOrigins: string[];
  host: string;
  port: number;
  /** Searches (and new filters) per minute per client (IPv4 address or IPv6 /64); 0 disables the limit. */
  searchRateLimit: number;
  /** Server processes sharing the port (node:cluster); 1 = a single process. */
  workers: number;
  buildTimeoutMs: number;
  /** Shell command run after every successful swap; '' disables publishing. */
  publishCommand: string;
  publishTimeoutMs: number;
  /** Strict-Transport-Security value sent on every response; '' (the default) sends none. */
  strictTransportSecurity: string;
  /** Bearer token that shows /healthz's details to whoever sends it; '' = none. */
  healthzToken: string;
  /** HEALTHZ_LOOPBACK_DETAILS=on: a direct loopback client sees /healthz's details without the token too. */
  healthzLoopbackDetails: boolean;
  /** Limits on clients of this server (per process): slow or idle connections and their count. */
  clientLimits: ClientLimits;
  /** Open /api/eventos/stream connections per client (IPv4 address or IPv6 /64) and server process; 0: no limit. */
  eventStreamsPerIp: number;
  /** Open /api/eventos/stream connections per server process. */
  eventStreamsMax: number;
  /** Pushpin's sig_key (PUSHPIN_SIG_KEY): a stream request signed with it is handed to Pushpin; null: none is. */
  pushpinSigKey: Buffer | null;
  /** Pushpin publish endpoints (…/publish/) the refresher sends each new event to; [] publishes nothing. */
  pushpinPublishUrls: string[];
  /** EVENT_FEED_URL: the published site whose /api/eventos the event streams follow; null: this DATA_DIR's builds. */
  eventFeedUrl: string | null;
  /** Web Push (VAPID_SUBJECT and the rest: push-config.ts). */
  push: PushConfig;
}

export interface ClientLimits {
  /** A client must send a request's headers within this (node's headersTimeout), else 408. */
  headersTimeoutMs: number;
  /** …and the whole request within this (requestTimeout); >= headersTimeoutMs. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections per server process; more are refused (closed at once). */
  maxConnections: number;
}

export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'UPSTREAM_URL',
    default: 'https://www.placardefutebol.com.br',
    description: 'Site de origem dos placares (URL http/https).',
  },
  { name: 'DATA_DIR', default: './data', description: 'Pasta do snapshot, do estado da coleta e dos builds.' },
  {
    name: 'REFRESH_CRON',
    default: '* * * * *',
    description:
      'Agenda de atualização (sintaxe cron; 6 campos aceitam segundos); "off": o servidor só serve o DATA_DIR que outro processo atualiza.',
  },
  {
    name: 'YESTERDAY_REFRESH_SECONDS',
    default: '3600',
    description:
      'Intervalo entre duas buscas da lista de ontem no site de origem, em segundos (uma por hora); após uma falha, nova tentativa com espera crescente a partir de uma atualização.',
  },
  {
    name: 'DETAIL_REQUESTS_PER_MINUTE',
    default: '20',
    description:
      'Máximo de páginas de jogo (gols, cartões, escalações) buscadas no site de origem em qualquer minuto ' +
      '(0: nenhuma; os detalhes ficam vazios).',
  },
  {
    name: 'ARCHIVE_DAYS',
    default: '30',
    description:
      'Dias que a lista de um dia passado (/dia/AAAA-MM-DD) e as páginas das partidas encerradas nela ficam no ' +
      'Placar depois de sair das listas (1 a 365).',
  },
  {
    name: 'TEAM_PAGE_INTERVAL_HOURS',
    default: '6',
    description:
      'Horas entre duas leituras das páginas de um time no site de origem (próximos e últimos jogos), dentro do ' +
      'mesmo limite de DETAIL_REQUESTS_PER_MINUTE (0: nunca lidas; até 168).',
  },
  {
    name: 'REQUEST_TIMEOUT_MS',
    default: '10000',
    description: 'Tempo máximo de cada requisição ao site de origem, em ms.',
  },
  {
    name: 'MAX_RESPONSE_BYTES',
    default: '5000000',
    description: 'Tamanho máximo aceito de uma página do site de origem, em bytes.',
  },
  {
    name: 'CREST_HOSTS',
    default: '',
    description:
      'Outras origens (esquema://host[:porta], separadas por vírgula) de onde buscar escudos, ' +
      'além da origem de UPSTREAM_URL (vazio: só ela).',
  },
  { name: 'HOST', default: 'localhost', description: 'Endereço em que o servidor escuta.' },
  { name: 'PORT', default: '4321', description: 'Porta em que o servidor escuta.' },
  {
    name: 'SEARCH_RATE_LIMIT',
    default: '120',
    description:
      'Buscas por cliente (endereço IPv4 ou rede IPv6 /64) em /api/busca, e filtros novos nas listagens, no feed e no ' +
      'fluxo: rajada de até N seguidas, repostas a N por minuto (0 desliga o limite).',
  },
  {
    name: 'WORKERS',
    default: '1',
    description:
      'Processos do servidor que dividem a porta (1: um só processo, o bastante para milhares de pedidos ' +
      'por segundo; "auto": um por núcleo).',
  },
  { name: 'BUILD_TIMEOUT_MS', default: '60000', description: 'Tempo máximo de um build do site, em ms.' },
  {
    name: 'PUBLISH_COMMAND',
    default: '',
    description:
      'Comando de shell executado após cada build publicado, com PLACAR_BUILD_DIR e PLACAR_GENERATED_AT no ambiente (vazio: nenhum).',
  },
  { name: 'PUBLISH_TIMEOUT_MS', default: '50000', description: 'Tempo máximo do PUBLISH_COMMAND, em ms.' },
  {
    name: 'HSTS_MAX_AGE',
    default: '0',
    description: 'Segundos de Strict-Transport-Security a enviar, só atrás de TLS (0: não envia; ex.: 31536000).',
  },
  {
    name: 'HEALTHZ_TOKEN',
    default: '',
    description:
      'Token (16+ caracteres) que mostra os detalhes de /healthz a quem o enviar (Authorization: Bearer …); ' +
      'vazio: nenhum.',
  },
  {
    name: 'HEALTHZ_LOOPBACK_DETAILS',
    default: 'off',
    description:
      '"on": um cliente no loopback que fala direto com o servidor vê os detalhes de /healthz sem o token (só ' +
      'quando nada encaminha conexões de fora até a porta: stunnel, HAProxy em modo tcp, sslh, ssh -L).',
  },
  {
    name: 'CLIENT_HEADERS_TIMEOUT_MS',
    default: '10000',
    description: 'Tempo máximo para um cliente enviar os cabeçalhos da requisição, em ms (depois: 408).',
  },
  {
    name: 'CLIENT_REQUEST_TIMEOUT_MS',
    default: '30000',
    description: 'Tempo máximo para um cliente enviar a requisição inteira, em ms (>= CLIENT_HEADERS_TIMEOUT_MS).',
  },
  {
    name: 'KEEP_ALIVE_TIMEOUT_MS',
    default: '5000',
    description: 'Tempo que uma conexão keep-alive ociosa fica aberta, em ms.',
  },
  {
    name: 'MAX_CONNECTIONS',
    default: '12000',
    description:
      'Conexões abertas por processo do servidor, fluxos de eventos incluídos (acima de EVENT_STREAMS_MAX); as excedentes são recusadas.',
  },
  {
    name: 'EVENT_STREAMS_PER_IP',
    default: '20',
    description:
      'Conexões abertas a /api/eventos/stream por cliente (endereço IPv4 ou rede IPv6 /64) em cada processo do ' +
      'servidor; uma rede IPv6 /56 tem o dobro e uma /48 dez vezes (0 desliga o limite).',
  },
  {
    name: 'EVENT_STREAMS_MAX',
    default: '10000',
    description: 'Conexões abertas a /api/eventos/stream em cada processo do servidor.',
  },
  {
    name: 'PUSHPIN_SIG_KEY',
    default: '',
    description:
      'A sig_key do Pushpin (16+ caracteres, ou "base64:…"): um pedido de /api/eventos/stream assinado com ela ' +
      'é entregue ao Pushpin, que segura a conexão (vazio: todo fluxo é servido pelo próprio Placar).',
  },
  {
    name: 'PUSHPIN_PUBLISH_URLS',
    default: '',
    description:
      'Endereços de controle do Pushpin (http://host:5561, separados por vírgula) aos quais a atualização publica ' +
      'cada evento novo (vazio: não publica).',
  },
  {
    name: 'EVENT_FEED_URL',
    default: '',
    description:
      'Endereço do site publicado (o bucket ou CDN do PUBLISH_COMMAND) cujo /api/eventos os fluxos de eventos seguem, ' +
      'lido a cada 2 s, para um servidor que não compartilha o DATA_DIR (vazio: os builds do DATA_DIR).',
  },
  ...PUSH_CONFIG_VARIABLES,
];

/** Invalid configuration: the message names the variable and says what to change. */
export class ConfigError extends Error {
  override name = 'ConfigError' as const;
}

type Env = Readonly<Record<string, string | undefined>>;

function rawValueOf(env: Env, name: string): string {
  const variable = CONFIG_VARIABLES.find((v) => v.name === name);
  if (!variable) throw new Error(`unknown config variable ${name}`);
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? variable.default : raw;
}

function parseInteger(env: Env, name: string, min: number, max: number): number {
  const raw = rawValueOf(env, name);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name}="${raw}" é inválido: use um número inteiro entre ${min} e ${max}.`);
  }
  return value;
}

function parseUpstreamUrl(env: Env): string {
  const raw = rawValueOf(env, 'UPSTREAM_URL');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`UPSTREAM_URL="${raw}" não é uma URL: use algo como https://www.placardefutebol.com.br`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`UPSTREAM_URL="${raw}" precisa começar com http:// ou https://`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** An http(s) URL with no user, password, query or fragment (what every address variable takes); null otherwise. */
function readPlainHttpUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const plain = (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  return plain && url.search === '' && url.hash === '' ? url : null;
}

/** A comma- or space-separated list variable's entries. */
function splitList(raw: string): string[] {
  return raw.split(/[\s,]+/).filter((entry) => entry !== '');
}

/** CREST_HOSTS: each entry an http(s) origin (no user, path or query), kept as its origin. */
function parseCrestOrigins(env: Env): string[] {
  return splitList(rawValueOf(env, 'CREST_HOSTS')).map((entry) => {
    const url = readPlainHttpUrl(entry);
    const origin = url?.pathname === '/' ? url.origin : null;
    if (origin === null) {
      const hint = 'use esquema://host[:porta], como https://cdn.example.com';
      throw new ConfigError(`CREST_HOSTS: "${entry}" não é uma origem: ${hint}`);
    }
    return origin;
  });
}

/** Seconds between the next two runs of a valid cron expression. */
export function cronIntervalSeconds(expression: string): number {
  const task = cron.createTask(expression, () => undefined);
  try {
    const [first, second] = task.getNextRuns(2);
    if (!first || !second) return 60;
    return Math.max(1, Math.round((second.getTime() - first.getTime()) / 1000));
  } finally {
    void task.destroy();
  }
}

/** The schedule a server without its own refresh assumes for staleness: the default one. */
const SERVE_ONLY_INTERVAL_SECONDS = 60;

function parseRefreshCron(env: Env): string | null {
  const raw = rawValueOf(env, 'REFRESH_CRON');
  if (raw.toLowerCase() === 'off') return null;
  if (!cron.validate(raw)) {
    throw new ConfigError(
      `REFRESH_CRON="${raw}" não é uma expressão cron válida: use por exemplo "* * * * *" (a cada minuto), ou "off".`,
    );
  }
  return raw;
}

/** HSTS only makes sense once the site is reached over HTTPS: opt-in, never on a plain local start. */
function buildStrictTransportSecurity(maxAgeSeconds: number): string {
  return maxAgeSeconds === 0 ? '' : `max-age=${maxAgeSeconds}`;
}

/** Long enough to be unguessable; the token is compared in constant time. */
const HEALTHZ_TOKEN_MIN_LENGTH = 16;

function parseHealthzToken(env: Env): string {
  const token = rawValueOf(env, 'HEALTHZ_TOKEN');
  if (token !== '' && (token.length < HEALTHZ_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(token))) {
    throw new ConfigError(
      `HEALTHZ_TOKEN é inválido: use ao menos ${HEALTHZ_TOKEN_MIN_LENGTH} caracteres ASCII visíveis ` +
        '(ex.: a saída de "openssl rand -hex 24"), ou deixe vazio.',
    );
  }
  return token;
}

/** As long as HEALTHZ_TOKEN's minimum: a shared HMAC key nobody can guess. */
const PUSHPIN_SIG_KEY_MIN_BYTES = 16;

/** PUSHPIN_SIG_KEY as Pushpin reads sig_key: the text's bytes, or "base64:" and the bytes it encodes. */
function parsePushpinSigKey(env: Env): Buffer | null {
  const raw = rawValueOf(env, 'PUSHPIN_SIG_KEY');
  if (raw === '') return null;
  const encoded = raw.startsWith('base64:') ? raw.slice('base64:'.length) : null;
  const key = encoded === null ? Buffer.from(raw, 'utf8') : Buffer.from(encoded, 'base64');
  const readable = encoded === null ? /^[\x21-\x7e]+$/.test(raw) : /^[A-Za-z0-9+/]+={0,2}$/.test(encoded);
  if (!readable || key.length < PUSHPIN_SIG_KEY_MIN_BYTES) {
    throw new ConfigError(
      `PUSHPIN_SIG_KEY é inválido: use a mesma sig_key do pushpin.conf, com ao menos ${PUSHPIN_SIG_KEY_MIN_BYTES} ` +
        'caracteres ASCII visíveis (ex.: a saída de "openssl rand -hex 24") ou "base64:" e a chave em base64; ou deixe vazio.',
    );
  }
  return key;
}

/** PUSHPIN_PUBLISH_URLS: each entry an http(s) address of a Pushpin's control server, as its publish endpoint. */
function parsePushpinPublishUrls(env: Env): string[] {
  const urls = splitList(rawValueOf(env, 'PUSHPIN_PUBLISH_URLS')).map((entry) => {
    const url = readPlainHttpUrl(entry);
    if (!url) {
      const hint = 'use o endereço de controle de cada Pushpin, como http://10.0.0.5:5561';
      throw new ConfigError(`PUSHPIN_PUBLISH_URLS: "${entry}" não é um endereço http(s): ${hint}`);
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}/publish/`;
  });
  return [...new Set(urls)];
}

/** EVENT_FEED_URL: the base URL of a published site (http or https, no user, query or fragment). */
function parseEventFeedUrl(env: Env): string | null {
  const raw = rawValueOf(env, 'EVENT_FEED_URL');
  if (raw === '') return null;
  const url = readPlainHttpUrl(raw);
  if (!url) {
    throw new ConfigError(
      `EVENT_FEED_URL="${raw}" não é o endereço de um site publicado: use algo como https://placar-bucket.example.com`,
    );
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** An on/off switch (case ignored); anything else names the variable and the two values. */
function parseSwitch(env: Env, name: string): boolean {
  const raw = rawValueOf(env, name);
  const value = raw.toLowerCase();
  if (value !== 'on' && value !== 'off') throw new ConfigError(`${name}="${raw}" é inválido: use "on" ou "off".`);
  return value === 'on';
}

function parseClientLimits(env: Env): ClientLimits {
  const headersTimeoutMs = parseInteger(env, 'CLIENT_HEADERS_TIMEOUT_MS', 100, 600_000);
  const requestTimeoutMs = parseInteger(env, 'CLIENT_REQUEST_TIMEOUT_MS', 100, 600_000);
  if (requestTimeoutMs < headersTimeoutMs) {
    throw new ConfigError(
      `CLIENT_REQUEST_TIMEOUT_MS=${requestTimeoutMs} é menor que CLIENT_HEADERS_TIMEOUT_MS=${headersTimeoutMs}: ` +
        'a requisição inteira inclui os cabeçalhos.',
    );
  }
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: parseInteger(env, 'KEEP_ALIVE_TIMEOUT_MS', 100, 600_000),
    maxConnections: parseInteger(env, 'MAX_CONNECTIONS', 1, 1_000_000),
  };
}

function parseWorkers(env: Env): number {
  const raw = rawValueOf(env, 'WORKERS');
  if (raw.toLowerCase() === 'auto') return os.availableParallelism();
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 256) {
    throw new ConfigError(
      `WORKERS="${raw}" é inválido: use "auto" (um processo por núcleo) ou um número inteiro entre 1 e 256.`,
    );
  }
  return value;
}

export function parseConfig(env: Env, cwd: string = process.cwd()): Config {
  const refreshCron = parseRefreshCron(env);
  return {
    upstreamUrl: parseUpstreamUrl(env),
    dataDir: path.resolve(cwd, rawValueOf(env, 'DATA_DIR')),
    refreshCron,
    refreshIntervalSeconds: refreshCron === null ? SERVE_ONLY_INTERVAL_SECONDS : cronIntervalSeconds(refreshCron),
    yesterdayRefreshSeconds: parseInteger(env, 'YESTERDAY_REFRESH_SECONDS', 1, 86_400),
    detailRequestsPerMinute: parseInteger(env, 'DETAIL_REQUESTS_PER_MINUTE', 0, 6000),
    archiveDays: parseInteger(env, 'ARCHIVE_DAYS', 1, 365),
    teamPageIntervalHours: parseInteger(env, 'TEAM_PAGE_INTERVAL_HOURS', 0, 168),
    requestTimeoutMs: parseInteger(env, 'REQUEST_TIMEOUT_MS', 100, 600_000),
    maxResponseBytes: parseInteger(env, 'MAX_RESPONSE_BYTES', 1_000, 1_000_000_000),
    crestOrigins: parseCrestOrigins(env),
    host: rawValueOf(env, 'HOST'),
    port: parseInteger(env, 'PORT', 0, 65_535),
    searchRateLimit: parseInteger(env, 'SEARCH_RATE_LIMIT', 0, 1_000_000),
    workers: parseWorkers(env),
    buildTimeoutMs: parseInteger(env, 'BUILD_TIMEOUT_MS', 1_000, 3_600_000),
    publishCommand: rawValueOf(env, 'PUBLISH_COMMAND'),
    publishTimeoutMs: parseInteger(env, 'PUBLISH_TIMEOUT_MS', 1_000, 3_600_000),
    strictTransportSecurity: buildStrictTransportSecurity(parseInteger(env, 'HSTS_MAX_AGE', 0, 63_072_000)),
    healthzToken: parseHealthzToken(env),
    healthzLoopbackDetails: parseSwitch(env, 'HEALTHZ_LOOPBACK_DETAILS'),
    clientLimits: parseClientLimits(env),
    eventStreamsPerIp: parseInteger(env, 'EVENT_STREAMS_PER_IP', 0, 1_000_000),
    eventStreamsMax: parseInteger(env, 'EVENT_STREAMS_MAX', 1, 1_000_000),
    pushpinSigKey: parsePushpinSigKey(env),
    pushpinPublishUrls: parsePushpinPublishUrls(env),
    eventFeedUrl: parseEventFeedUrl(env),
    push: parsePushConfig(
      (name) => rawValueOf(env, name),
      (message) => new ConfigError(message),
      parseInteger(env, 'PUSH_MAX_SUBSCRIPTIONS', 1, 10_000_000),
    ),
  };
}

/**
 * The process's configuration; throws ConfigError on an invalid value. `overrides` are
 * values the command line set (e.g. --port as PORT), applied over the environment.
 */
export function readConfig(overrides: Readonly<Record<string, string>> = {}): Config {
  return parseConfig({ ...process.env, ...overrides });
}
