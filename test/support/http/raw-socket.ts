/**
 * Sends exact bytes over a new TCP connection (node:net) and reads one HTTP/1.1 response:
 * for requests no HTTP client would send (raw spaces or control bytes in the target, unknown
 * methods, broken framing). Content-Length and chunked bodies are decoded.
 */
import net from 'node:net';

export interface SocketResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function decodeChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export function parseSocketResponse(raw: Buffer, method: string): SocketResponse {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd < 0)
    throw new Error(`no complete response head: ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`);
  const [statusLine = '', ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!Number.isInteger(status)) throw new Error(`bad status line: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = raw.subarray(headEnd + 4);
  // An interim answer (100 Continue) comes first: the real one follows.
  if (status >= 100 && status < 200 && status !== 101) return parseSocketResponse(rest, method);
  const noBody = method === 'HEAD' || status === 204 || status === 304;
  const body = noBody
    ? Buffer.alloc(0)
    : headers['transfer-encoding']?.toLowerCase() === 'chunked'
      ? decodeChunked(rest)
      : rest.subarray(0, headers['content-length'] === undefined ? rest.length : Number(headers['content-length']));
  return { status, headers, body };
}

/** Writes `request` and resolves with the first response (the request should ask for Connection: close). */
export function sendRawRequest(
  port: number,
  request: Buffer,
  method: string,
  timeoutMs = 10_000,
): Promise<SocketResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('timeout')), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      // A reset after a complete answer still counts as that answer.
      try {
        resolve(parseSocketResponse(Buffer.concat(chunks), method));
      } catch {
        reject(error);
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseSocketResponse(Buffer.concat(chunks), method));
      } catch (error) {
        reject(error as Error);
      }
    });
    socket.write(request);
  });
}
