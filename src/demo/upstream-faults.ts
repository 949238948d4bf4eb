/**
 * The misbehaviours the fake upstream can play on a path, one function each, so tests can
 * drive every failure the scraper must survive through a real socket.
 */
import type http from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

export type UpstreamFault =
  | { kind: 'status'; status: number; retryAfter?: string }
  /** Accepts the request and never answers. */
  | { kind: 'timeout' }
  /** Sends the headers and half the body, then destroys the socket. */
  | { kind: 'reset' }
  /** Sends the page at this rate (headers at once). */
  | { kind: 'slow-body'; bytesPerSecond: number }
  | { kind: 'content-type'; contentType: string }
  /** A text/html body of this many bytes (with Content-Length). */
  | { kind: 'oversize'; bytes: number }
  /** A gzip stream that inflates to this many bytes (whole MiB), produced only as fast as it is read. */
  | { kind: 'gzip-bomb'; bytes: number }
  /** A well-framed 200 whose HTML stops halfway. */
  | { kind: 'truncated' }
  /** The page with every "ã" written as a lone Latin-1 byte (invalid UTF-8). */
  | { kind: 'invalid-utf8' }
  /** 302 back and forth between the path and path?loop=1. */
  | { kind: 'redirect-loop' }
  | { kind: 'redirect'; location: string };

export const EMPTY_LISTING_HTML = '<!DOCTYPE html><html><body><div id="livescore"></div></body></html>';
const HTML = 'text/html; charset=utf-8';

export interface FaultContext {
  request: http.IncomingMessage;
  response: http.ServerResponse;
  /** The page at this path, or a minimal listing page when none is set. */
  body: Buffer;
  /** Timers to clear when the server closes. */
  timers: Set<NodeJS.Timeout>;
}

function sendHtml(response: http.ServerResponse, body: Buffer, contentType = HTML): void {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  response.end(body);
}

function slowBody({ response, body, timers }: FaultContext, bytesPerSecond: number): void {
  response.writeHead(200, { 'content-type': HTML, 'content-length': body.length });
  const perTick = Math.max(1, Math.round(bytesPerSecond / 10));
  let offset = 0;
  const timer = setInterval(() => {
    response.write(body.subarray(offset, offset + perTick));
    offset += perTick;
    if (offset >= body.length) {
      clearInterval(timer);
      timers.delete(timer);
      response.end();
    }
  }, 100);
  timers.add(timer);
  response.on('close', () => {
    clearInterval(timer);
    timers.delete(timer);
  });
}

/** What one gzip member of the bomb inflates to. */
const BOMB_MEMBER_BYTES = 1024 * 1024;
let bombMember: Buffer | null = null;

/**
 * A gzip stream that inflates to `bytes` (rounded up to whole MiB): the same compressed MiB of spaces sent as one gzip
 * member after another, which a gzip reader inflates as one stream (RFC 1952, 2.2). Made once, not compressed while
 * it is sent: deflating megabytes per request on the fly could outlast the refresh's timeout on a busy machine (a
 * timeout logged, not the bomb).
 */
function gzipBomb(response: http.ServerResponse, bytes: number): void {
  bombMember ??= zlib.gzipSync(Buffer.alloc(BOMB_MEMBER_BYTES, 0x20), { level: 9 });
  const member = bombMember;
  let remaining = Math.ceil(bytes / BOMB_MEMBER_BYTES);
  const source = new Readable({
    read() {
      if (remaining <= 0) return void this.push(null);
      remaining -= 1;
      this.push(member);
    },
  });
  response.writeHead(200, { 'content-type': HTML, 'content-encoding': 'gzip' });
  source.pipe(response);
  response.on('close', () => source.destroy());
}

function withInvalidUtf8(body: Buffer): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] === 0xc3 && body[i + 1] === 0xa3) {
      bytes.push(0xe3);
      i++;
    } else bytes.push(body[i] as number);
  }
  return Buffer.from(bytes);
}

export function playFault(fault: UpstreamFault, context: FaultContext): void {
  const { request, response, body } = context;
  switch (fault.kind) {
    case 'status': {
      const headers: Record<string, string> = { 'content-type': HTML };
      if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
      response.writeHead(fault.status, headers);
      return void response.end(`<!DOCTYPE html><html><body><h1>Erro ${fault.status}</h1></body></html>`);
    }
    case 'timeout':
      return;
    case 'reset':
      response.writeHead(200, { 'content-type': HTML, 'content-length': body.length });
      response.write(body.subarray(0, Math.floor(body.length / 2)), () => request.socket.destroy());
      return;
    case 'slow-body':
      return slowBody(context, fault.bytesPerSecond);
    case 'content-type':
      return sendHtml(response, body, fault.contentType);
    case 'oversize': {
      const head = Buffer.from('<!DOCTYPE html><html><body><div id="livescore">');
      const tail = Buffer.from('</div></body></html>');
      const padding = Buffer.alloc(Math.max(0, fault.bytes - head.length - tail.length), 0x20);
      return sendHtml(response, Buffer.concat([head, padding, tail]));
    }
    case 'gzip-bomb':
      return gzipBomb(response, fault.bytes);
    case 'truncated':
      return sendHtml(response, body.subarray(0, Math.floor(body.length / 2)));
    case 'invalid-utf8':
      return sendHtml(response, withInvalidUtf8(body));
    case 'redirect-loop': {
      const url = new URL(request.url ?? '/', 'http://upstream.invalid');
      const location = url.searchParams.has('loop') ? url.pathname : `${url.pathname}?loop=1`;
      response.writeHead(302, { location, 'content-type': HTML });
      return void response.end();
    }
    case 'redirect':
      response.writeHead(302, { location: fault.location, 'content-type': HTML });
      return void response.end();
  }
}
