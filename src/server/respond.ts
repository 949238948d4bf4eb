/** Small writers for responses the server builds itself: problems, plain pages, JSON. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_CONTENT_TYPE, NO_STORE } from '../lib/api/headers-policy.ts';
import type { Problem } from '../lib/model/model.ts';
import { PROBLEM_CONTENT_TYPE } from '../lib/api/problem.ts';

/** Sets each header (the common headers of answers not prepared in advance). */
export function setHeaders(res: ServerResponse, headers: Readonly<Record<string, string>>): void {
  for (const name in headers) res.setHeader(name, headers[name] ?? '');
}

function writeBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  headers: Record<string, string>,
): void {
  const body = Buffer.from(text);
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(body.length), ...headers });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function writeProblem(
  req: IncomingMessage,
  res: ServerResponse,
  problem: Problem,
  headers: Record<string, string> = {},
): void {
  writeBody(req, res, problem.status, PROBLEM_CONTENT_TYPE, JSON.stringify(problem), {
    'Cache-Control': NO_STORE,
    ...headers,
  });
}

export function writeJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  writeBody(req, res, status, JSON_CONTENT_TYPE, JSON.stringify(value), headers);
}

/** A minimal pt-BR HTML page (no inline script or style, so it passes the CSP). */
export function writePlainPage(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  title: string,
  message: string,
  headers: Record<string, string> = {},
  /** Reload the page after this many seconds (a meta refresh: the CSP forbids inline scripts). */
  reloadAfterSeconds: number | null = null,
): void {
  const reload = reloadAfterSeconds === null ? '' : `<meta http-equiv="refresh" content="${reloadAfterSeconds}">`;
  const html = `<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${reload}<title>${title} — Placar</title></head>
<body><main><h1>${title}</h1><p>${message}</p><p><a href="/">Ir para os jogos ao vivo</a></p></main></body></html>
`;
  writeBody(req, res, status, 'text/html; charset=utf-8', html, { 'Cache-Control': NO_STORE, ...headers });
}
