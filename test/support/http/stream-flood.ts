/**
 * Many /api/eventos/stream connections from one client address, as the audit opened them: one
 * raw HTTP/1.1 connection each (TLS for an https:// base), the answer's status line and headers
 * read, every 200 kept open (the caller closes them), every other answer recorded and closed.
 * Opened in batches, so the listen backlog never overflows; each connection has a deadline.
 */
import net from 'node:net';
import tls from 'node:tls';

export interface StreamAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body bytes that came with the head (a problem's JSON, for a refusal). */
  body: string;
}

export interface StreamFlood {
  answers: StreamAnswer[];
  /** Connections that failed before any answer (reset, refused, timed out). */
  failures: string[];
  /** The open 200 streams. */
  open: net.Socket[];
  countOf(status: number): number;
  close(): void;
}

export interface FloodOptions {
  localAddress?: string;
  ca?: string;
  path?: string;
  /** Connections opened at once (default 100). */
  batch?: number;
  timeoutMs?: number;
}

function parseHead(text: string): StreamAnswer | null {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, body: text.slice(end + 4) };
}

function openOne(base: URL, options: FloodOptions): Promise<{ answer: StreamAnswer; socket: net.Socket } | string> {
  return new Promise((resolve) => {
    const host = base.hostname.replace(/^\[|\]$/g, '');
    const port = Number(base.port);
    const connect = { host, port, localAddress: options.localAddress };
    const socket =
      base.protocol === 'https:'
        ? tls.connect({ ...connect, ca: options.ca, servername: 'localhost', ALPNProtocols: ['http/1.1'] })
        : net.connect(connect);
    let text = '';
    let settled = false;
    const settle = (result: { answer: StreamAnswer; socket: net.Socket } | string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      socket.destroy();
      settle('timeout');
    }, options.timeoutMs ?? 20_000);
    socket.once(base.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      socket.write(
        `GET ${options.path ?? '/api/eventos/stream'} HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const answer = parseHead(text);
      if (!answer) return;
      // A refusal's body is short and comes with its head (Content-Length): wait for all of it.
      const length = Number(answer.headers['content-length'] ?? 0);
      if (answer.status !== 200 && Buffer.byteLength(answer.body) < length) return;
      if (answer.status !== 200) socket.destroy();
      settle({ answer, socket });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
    socket.on('close', () => settle('closed before an answer'));
  });
}

export async function openStreams(baseUrl: string, count: number, options: FloodOptions = {}): Promise<StreamFlood> {
  const base = new URL(baseUrl);
  const answers: StreamAnswer[] = [];
  const failures: string[] = [];
  const open: net.Socket[] = [];
  const batch = options.batch ?? 100;
  for (let start = 0; start < count; start += batch) {
    const results = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, () => openOne(base, options)),
    );
    for (const result of results) {
      if (typeof result === 'string') failures.push(result);
      else {
        answers.push(result.answer);
        if (result.answer.status === 200) {
          result.socket.on('error', () => undefined);
          open.push(result.socket);
        }
      }
    }
  }
  return {
    answers,
    failures,
    open,
    countOf: (status) => answers.filter((answer) => answer.status === status).length,
    close() {
      for (const socket of open) socket.destroy();
    },
  };
}
