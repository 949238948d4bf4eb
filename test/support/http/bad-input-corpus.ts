/**
 * A generated corpus of hostile requests, as raw bytes: every case the reliability issue lists
 * (query values, paths, headers, methods) crossed with the routes, plus seeded random queries.
 * Deterministic: the same corpus every run.
 */
import { mulberry32 } from '../../../src/demo/seeded-random.ts';

export interface CorpusRequest {
  label: string;
  method: string;
  /** The request-target exactly as sent (latin1 bytes, so raw non-ASCII bytes can be sent too). */
  target: string;
  headers: Array<[string, string]>;
}

const enc = (text: string): string => encodeURIComponent(text);

/** Values of q, already as they appear in the query string. */
function queryValues(): Array<[string, string]> {
  const values: Array<[string, string]> = [
    ['empty', ''],
    ['blank', '%20%20%20'],
    ['1 char', 'a'],
    ['2 chars', 'fl'],
    ['100 chars', 'x'.repeat(100)],
    ['101 chars', 'x'.repeat(101)],
    ['100 chars, accented', enc('ã'.repeat(100))],
    ['101 chars, accented', enc('ã'.repeat(101))],
    ['100 KB', 'x'.repeat(100_000)],
    ['10 KB', 'y'.repeat(10_000)],
    ['invalid escape %E0%A4%A', '%E0%A4%A'],
    ['lone %', '%'],
    ['double %%', '%%'],
    ['bad hex %G1', '%G1'],
    ['%u escape', '%u0041%u0042'],
    ['overlong slash', '%C0%AF%C0%AF'],
    ['overlong 3-byte', '%E0%80%AF%E0%80%AF'],
    ['overlong 4-byte', '%F0%80%80%AF%F0%80%80%AF'],
    ['overlong NUL', '%C0%80%C0%80'],
    ['UTF-16 surrogate', '%ED%A0%80%ED%B0%80'],
    ['bytes above U+10FFFF', '%F4%90%80%80%F4%90%80%80'],
    ['null bytes', '%00%00'],
    ['null in name', 'fla%00mengo'],
    ['RTL override', enc('\u202Eognemalf')],
    ['Arabic and Hebrew', enc('نادي שלום')],
    ['combining marks', enc(`a${'\u0301'.repeat(60)}`)],
    ['zalgo', enc('f̸̢̛l̴a̷m̶e̵n̸g̷o̶')],
    ['emoji', enc('⚽🔥')],
    ['flag and ZWJ', enc('🇧🇷👨‍👩‍👧‍👦')],
    ['100 emoji', enc('⚽'.repeat(100))],
    ['101 emoji', enc('⚽'.repeat(101))],
    ['no-break spaces', enc('\u00A0\u3000flamengo\u2028')],
    ['path traversal in q', enc('../../../../etc/passwd')],
    ['q with slash and backslash', enc('a/b\\c')],
    ['plus as space', 'sao+paulo'],
  ];
  for (let code = 1; code < 32; code++)
    values.push([`control %${code.toString(16).padStart(2, '0')}`, `fla%${code.toString(16).padStart(2, '0')}mengo`]);
  values.push(['DEL', 'fla%7Fmengo']);
  for (const sql of [
    "' OR '1'='1",
    "'; DROP TABLE jogos; --",
    '" OR 1=1 --',
    '1 UNION SELECT * FROM users',
    "admin'--",
    '%27%20OR%201%3D1',
  ])
    values.push([`SQL ${sql}`, enc(sql)]);
  for (const script of [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "javascript:alert('x')",
    '{{constructor.constructor("alert(1)")()}}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text.
    '${7*7}',
    '<svg/onload=alert(1)>',
  ]) {
    values.push([`script ${script}`, enc(script)]);
  }
  for (const meta of ['.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '\\', '^', '$'])
    values.push([`regex ${meta}${meta}`, enc(meta.repeat(2))]);
  values.push(
    ['regex mix', enc('.*+?()[]{}|\\^$')],
    ['catastrophic regex', enc('(a+)+$')],
    ['regex 100', enc('(.*)'.repeat(25))],
  );
  // Seeded random queries: any code point mix, 0 to 120 characters.
  const random = mulberry32(20261121);
  const ranges = [
    [0x20, 0x7e],
    [0xa0, 0x24f],
    [0x300, 0x36f],
    [0x590, 0x6ff],
    [0x1f300, 0x1faff],
    [0x0, 0x1f],
    [0x4e00, 0x4fff],
  ] as const;
  for (let i = 0; i < 160; i++) {
    const length = Math.floor(random() * 121);
    let text = '';
    for (let j = 0; j < length; j++) {
      const [low, high] = ranges[Math.floor(random() * ranges.length)] ?? [0x61, 0x7a];
      text += String.fromCodePoint(low + Math.floor(random() * (high - low + 1)));
    }
    values.push([`random #${i} (${length} chars)`, enc(text)]);
  }
  return values;
}

const SEARCH_SHAPES: Array<[string, (q: string) => string]> = [
  ['q', (q) => `/api/busca?q=${q}`],
  ['repeated q', (q) => `/api/busca?q=${q}&q=fl`],
  ['q[]', (q) => `/api/busca?q[]=${q}`],
];

const PATHS = [
  '/../../../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
  '/api/..%2f..%2fsnapshot.json',
  '/..\\..\\etc\\passwd',
  '/%00',
  '/index.html%00.json',
  '/api/live%00',
  '/%E0%A4%A',
  '/%',
  '/current/../snapshot.json',
  '/snapshot.json',
  '/scrape-state.json',
  '/builds/',
  '/current/',
  '/_astro/',
  '/_astro',
  '/node_modules/',
  '/.env',
  '/.git/config',
  '//api//live',
  '/./api/./live',
  '/api/live/',
  '/API/LIVE',
  '/api/live.json',
  '/api/live;jsessionid=1',
  '/api/live?x=%zz',
  '/api',
  '/api/',
  '/api/nada',
  '/api/busca/',
  '/api/busca/x',
  '/healthz/',
  '/healthz?x=1',
  '/hoje/',
  '/index.html.br',
  '/index.html.gz',
  '/site-manifest.json',
  `/${'a'.repeat(8_000)}`,
  `/api/${'b'.repeat(8_000)}`,
  `/${'c/'.repeat(12_000)}`,
  '/%C0%AE%C0%AE/%C0%AE%C0%AE/etc/passwd',
  '/%EF%BC%8E%EF%BC%8E/etc/passwd',
  '*',
  'http://outro.example/api/live',
  'api/live',
];

/** [label, headers] sent with GET to a page, a listing and a search. */
const HEADER_CASES: Array<[string, Array<[string, string]>]> = [
  ['If-None-Match 8 KB', [['If-None-Match', `"${'e'.repeat(8_000)}"`]]],
  ['If-None-Match 20 KB', [['If-None-Match', `"${'e'.repeat(20_000)}"`]]],
  ['If-None-Match 500 tags', [['If-None-Match', Array.from({ length: 500 }, (_, i) => `"t${i}"`).join(', ')]]],
  ['If-None-Match *', [['If-None-Match', '*']]],
  ['If-None-Match weak', [['If-None-Match', 'W/"x"']]],
  ['If-None-Match garbage', [['If-None-Match', '"""\\\\,,,']]],
  ['If-Modified-Since garbage', [['If-Modified-Since', 'ontem à tarde']]],
  ['If-Modified-Since future', [['If-Modified-Since', 'Fri, 31 Dec 9999 23:59:59 GMT']]],
  ['Accept-Encoding bad q', [['Accept-Encoding', 'br;q=abc, gzip;q=-1, *;q=2']]],
  ['Accept-Encoding nothing acceptable', [['Accept-Encoding', 'identity;q=0, *;q=0']]],
  ['Accept-Encoding unknown', [['Accept-Encoding', 'zstd, compress, x-foo']]],
  [
    'Accept-Encoding 1000 entries',
    [['Accept-Encoding', Array.from({ length: 1_000 }, (_, i) => `c${i};q=0.${i % 10}`).join(',')]],
  ],
  ['Accept garbage', [['Accept', '*/*;q=abc, text/html;level=9999999999999']]],
  ['Range', [['Range', 'bytes=abc-def, 1-2, -0']]],
  ['Cookie 10 KB', [['Cookie', `a=${'z'.repeat(10_000)}`]]],
  ['Host garbage', [['Host', '[::1']]],
  ['Host very long', [['Host', `${'h'.repeat(2_000)}.example`]]],
  ['X-Forwarded-For garbage', [['X-Forwarded-For', '999.999.999.999, ::ffff:evil, "']]],
  ['Expect 100-continue', [['Expect', '100-continue']]],
  [
    'Upgrade websocket',
    [
      ['Upgrade', 'websocket'],
      ['Connection', 'Upgrade, close'],
    ],
  ],
  ['200 headers', Array.from({ length: 200 }, (_, i): [string, string] => [`X-Extra-${i}`, String(i)])],
  ['body on GET', [['Content-Length', '5']]],
  ['bad Content-Length', [['Content-Length', 'abc']]],
  [
    'two Content-Length',
    [
      ['Content-Length', '1'],
      ['Content-Length', '2'],
    ],
  ],
  [
    'chunked and Content-Length',
    [
      ['Transfer-Encoding', 'chunked'],
      ['Content-Length', '3'],
    ],
  ],
  ['header with control byte', [['X-Bad', 'a\u0001b']]],
  ['header with non-ASCII', [['X-Accent', 'São Paulo']]],
];

/** Host values node's parser lets through (it checks only the bytes): userinfo, ports, brackets, paths… */
const HOSTS = [
  'u@evil',
  'u:p@evil',
  'u:p@evil:80',
  '@',
  '@@',
  'a@b@c',
  'evil:99999',
  'evil:-1',
  'evil:',
  ':80',
  'evil:80:80',
  '[::1]',
  '[::1]:80',
  '[::1',
  '::1]',
  '[fe80::1%25eth0]',
  '[v1.x]',
  'evil/x',
  'evil?x',
  'evil#x',
  'evil\\x',
  '%00',
  '%41',
  'ev%il',
  'evil..',
  '.',
  '..',
  '-',
  '_',
  'xn--',
  'xn--zz',
  'EVIL',
  '127.0.0.1:0',
  '0x7f.1',
  '999.999.999.999',
  'localhost.',
  'a'.repeat(300),
  'São',
  '\u00ff\u00fe',
  'evil;a=b',
  'evil,other',
  'evil other',
  '"evil"',
  '<script>',
  'http://evil',
  'evil\tx',
];

/** Absolute-form request targets: any scheme, userinfo, odd ports, fragments, IPv6 literals. */
const ABSOLUTE_TARGETS = [
  'http://u@evil/api/busca?q=flamengo',
  'http://u:p@evil:80/api/busca?q=flamengo',
  'http://evil:99999/api/busca?q=flamengo',
  'https://[::1]/api/busca?q=flamengo',
  'http://evil/api/busca?q=flamengo#frag',
  'ftp://evil/api/busca?q=flamengo',
  'http:///api/busca?q=flamengo',
  'HTTP://EVIL/API/BUSCA?q=flamengo',
  'http://evil/api/busca',
  'http://%00/api/busca?q=fl',
  'http://@/api/busca?q=flamengo',
  'http://evil/../api/busca?q=flamengo',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'http://u@evil/healthz',
  'http://u@evil/api/live',
  'http://u@evil/',
  'mailto:a@b',
  'data:,x',
  'http://evil:80@other/api/busca?q=fl',
];

/** Seeded random Host values from the characters that matter to URL parsing. */
function randomHosts(): string[] {
  const random = mulberry32(20261124);
  const alphabet = "abz09.-_@:[]%/\\?#!$&'()*+,;=~ \u00e3\u00ff";
  return Array.from({ length: 60 }, () => {
    const length = 1 + Math.floor(random() * 24);
    let host = '';
    for (let i = 0; i < length; i++) host += alphabet[Math.floor(random() * alphabet.length)] ?? 'a';
    return host;
  });
}

const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  'PROPFIND',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'PURGE',
  'SEARCH',
  'QUERY',
  'FOO',
  'get',
  'G E T',
];
const ROUTES = [
  '/',
  '/hoje',
  '/busca',
  '/api/live',
  '/api/hoje',
  '/api/amanha',
  '/api/busca?q=flamengo',
  '/api/routes',
  '/healthz',
  '/nao-existe',
  '/api/nada',
];

export function buildBadInputCorpus(): CorpusRequest[] {
  const corpus: CorpusRequest[] = [];
  for (const [label, q] of queryValues()) {
    for (const [shape, build] of SEARCH_SHAPES)
      corpus.push({ label: `busca ${shape}: ${label}`, method: 'GET', target: build(q), headers: [] });
  }
  // Raw bytes the URL must not carry: spaces, controls, non-ASCII (a parser-level 400).
  for (const raw of ['fla mengo', 'fla\u0001mengo', 'fla\u007fmengo', 'S\u00e3o', '\u00ff\u00fe', 'a\tb'])
    corpus.push({
      label: `busca raw ${JSON.stringify(raw)}`,
      method: 'GET',
      target: `/api/busca?q=${raw}`,
      headers: [],
    });
  for (const target of PATHS)
    for (const method of ['GET', 'HEAD'])
      corpus.push({ label: `path ${target.slice(0, 60)}`, method, target, headers: [] });
  for (const [label, headers] of HEADER_CASES) {
    for (const target of ['/', '/api/hoje', '/api/busca?q=flamengo'])
      corpus.push({ label: `${label} → ${target}`, method: 'GET', target, headers });
  }
  for (const host of [...HOSTS, ...randomHosts()]) {
    const label = `Host ${JSON.stringify(host).slice(0, 40)}`;
    // Conditional, so that /api/busca's response cache never answers in the adapter's place.
    const headers: Array<[string, string]> = [
      ['Host', host],
      ['If-None-Match', '"outra"'],
    ];
    for (const target of ['/api/busca?q=flamengo', '/healthz', '/']) {
      corpus.push({ label: `${label} → ${target}`, method: 'GET', target, headers });
    }
  }
  for (const target of ABSOLUTE_TARGETS) {
    const headers: Array<[string, string]> = [['If-None-Match', '"outra"']];
    const label = `absolute-form ${target.slice(0, 60)}`;
    for (const method of ['GET', 'HEAD']) corpus.push({ label, method, target, headers });
  }
  for (const method of METHODS)
    for (const target of ROUTES) corpus.push({ label: `${method} ${target}`, method, target, headers: [] });
  return corpus;
}

/** The request as bytes: request line, Host, Connection: close, the case's headers, and a body when it says so. */
export function buildRequestBytes(request: CorpusRequest, host: string): Buffer {
  const names = new Set(request.headers.map(([name]) => name.toLowerCase()));
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  if (!names.has('host')) lines.push(`Host: ${host}`);
  if (!names.has('connection')) lines.push('Connection: close');
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  const body = names.has('content-length') && !names.has('transfer-encoding') ? 'corpo' : '';
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1');
}
