/**
 * node-cron's own messages (a tick skipped because the last refresh still runs, a missed tick) as
 * plain log lines through the scheduler's log: its default logger colours them with ESC codes and
 * a timestamp of its own, which journald keeps verbatim beside Placar's plain lines.
 */
import type { Logger } from 'node-cron';
import { errorMessage } from '../lib/model/caught-error.ts';

export function createCronLogger(log: (line: string) => void): Logger {
  const write = (level: string, message: string | Error, error?: Error): void => {
    const text = typeof message === 'string' ? message : errorMessage(message);
    log(`agendador (${level}): ${text}${error === undefined ? '' : ` — ${errorMessage(error)}`}`);
  };
  return {
    info: (message) => write('info', message),
    warn: (message) => write('aviso', message),
    error: (message, error) => write('erro', message, error),
    // Debug lines are the library's own tracing: not an operator's concern.
    debug: () => undefined,
  };
}
