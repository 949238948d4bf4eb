/**
 * A Server-Sent Events client for tests: one real HTTP connection to /api/eventos/stream,
 * its messages parsed as the EventSource spec reads them (id, event, data, comments), with a
 * chosen loopback source address and Last-Event-ID.
 */
import http from 'node:http';
import https from 'node:https';
import { createConditionWaiters } from './condition-waiters.ts';

export interface StreamMessage {
  id: string | null;
  event: string;
  data: string;
}

export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every message received so far (comments not included). */
  messages: StreamMessage[];
  /** Comment lines (": ping") and retry values seen. */
  comments: string[];
  retry: number | null;
  /** Ids of the match events received (not `reset`). */
  ids(): string[];
  /** The messages but the build notices (the match events and `reset`s). */
  matchMessages(): StreamMessage[];
  /** The build notices received (`event: build`, no id). */
  notices(): StreamMessage[];
  /** Resolves when `predicate` holds (checked on every chunk); rejects after timeoutMs. */
  waitFor(predicate: (client: EventStreamClient) => boolean, timeoutMs?: number): Promise<void>;
  closed(): boolean;
  close(): void;
}

export interface OpenStreamOptions {
  headers?: Record<string, string>;
  localAddress?: string;
  /** For an https:// base: the certificate (PEM) to trust. */
  ca?: string | Buffer;
}

export function openEventStream(
  baseUrl: string,
  path: string,
  options: OpenStreamOptions = {},
): Promise<EventStreamClient> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const secure = base.protocol === 'https:';
    const request = (secure ? https : http).request({
      ...(secure && { ca: options.ca }),
      host: base.hostname,
      port: base.port,
      path,
      headers: { Accept: 'text/event-stream', ...options.headers },
      localAddress: options.localAddress,
      agent: false,
    });
    request.once('error', reject);
    request.once('response', (response) => {
      let buffer = '';
      let ended = false;
      const waiters = createConditionWaiters();
      const client: EventStreamClient = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        messages: [],
        comments: [],
        retry: null,
        ids: () =>
          client.messages
            .filter((message) => message.event !== 'reset' && message.id !== null)
            .map((message) => message.id ?? ''),
        matchMessages: () => client.messages.filter((message) => message.event !== 'build'),
        notices: () => client.messages.filter((message) => message.event === 'build'),
        async waitFor(predicate, timeoutMs = 20_000) {
          const got = (): string => JSON.stringify(client.messages.map((m) => [m.id, m.event]));
          await waiters.waitFor(
            () => (predicate(client) ? true : null),
            () => ended,
            timeoutMs,
            (why) => new Error(`${why === 'ended' ? 'stream ended first' : 'timeout'}; got ${got()}`),
          );
        },
        closed: () => ended,
        close() {
          request.destroy();
        },
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: StreamMessage = { id: null, event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) client.comments.push(line);
            else if (line.startsWith('retry: ')) client.retry = Number(line.slice(7));
            else if (line.startsWith('id: ')) message.id = line.slice(4);
            else if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              message.data += (hasData ? '\n' : '') + line.slice(6);
              hasData = true;
            }
          }
          if (hasData) client.messages.push(message);
          end = buffer.indexOf('\n\n');
        }
        waiters.wake();
      });
      const finish = (): void => {
        ended = true;
        waiters.wake();
      };
      response.once('end', finish);
      response.once('close', finish);
      response.once('error', finish);
      resolve(client);
    });
    request.end();
  });
}
