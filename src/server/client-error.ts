/**
 * Requests node's HTTP parser rejects before they reach the router (a malformed request line
 * or header, an unknown method, a URL or headers over the size limit) and CONNECT requests
 * (which node would drop without a word) still get an RFC 9457 problem with a pt-BR detail.
 */
import type { Duplex } from 'node:stream';
import { ALLOWED_METHODS } from '../lib/api/headers-policy.ts';
import type { Problem } from '../lib/model/model.ts';
import { PROBLEM_CONTENT_TYPE } from '../lib/api/problem.ts';

/** How long a rejected client may keep sending (its bytes are discarded) before the socket is destroyed. */
const DRAIN_MS = 2_000;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

export function buildClientErrorProblem(code: string | undefined): Problem {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      type: 'about:blank',
      title: 'Requisição grande demais',
      status: 431,
      detail:
        'O endereço ou os cabeçalhos da requisição passam do limite de 16 KB. Encurte a URL (q aceita até 100 caracteres) ou os cabeçalhos.',
      instance: '/',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      type: 'about:blank',
      title: 'Requisição incompleta',
      status: 408,
      detail: 'A requisição não chegou inteira a tempo. Tente de novo.',
      instance: '/',
    };
  }
  return {
    type: 'about:blank',
    title: 'Requisição inválida',
    status: 400,
    detail:
      'A requisição HTTP não pôde ser lida (método, endereço ou cabeçalho malformado). Use GET ou HEAD com uma URL codificada corretamente.',
    instance: '/',
  };
}

export function buildConnectProblem(): Problem {
  return {
    type: 'about:blank',
    title: 'Método não permitido',
    status: 405,
    detail: 'O método CONNECT não é aceito. Use GET ou HEAD.',
    instance: '/',
  };
}

/**
 * Writes `problem` as a whole HTTP/1.1 response on a raw socket and closes it, draining what the client still sends.
 */
export function writeRawProblem(
  socket: Duplex,
  problem: Problem,
  commonHeaders: Readonly<Record<string, string>>,
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(problem);
  const headers: Record<string, string> = {
    ...commonHeaders,
    'Content-Type': PROBLEM_CONTENT_TYPE,
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...(problem.status === 405 && { Allow: ALLOWED_METHODS }),
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${problem.status} ${STATUS_TEXT[problem.status] ?? 'Error'}\r\n${head}\r\n${body}`);
  // Closing with unread bytes would reset the connection and could lose the answer: read and drop them.
  socket.on('data', () => undefined);
  socket.on('error', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), DRAIN_MS).unref();
}
