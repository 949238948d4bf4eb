/**
 * node-cron's own messages (a tick skipped because the last refresh still runs, missed ticks) as
 * plain log lines through the scheduler's log: its default logger colours them with ESC codes and
 * a timestamp of its own, which journald keeps verbatim beside Placar's plain lines.
 */
import type { Logger, ScheduledTask } from 'node-cron';
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

/**
 * Missed ticks in one line per gap. node-cron warns once per missed tick: after the clock steps forward (a machine
 * resumed, an NTP step) that is every tick of the gap, a line a minute of it at the default schedule. It reports a
 * gap's ticks together, from one check; a listener of its own silences its per-tick warning.
 */
export function logMissedTicksByGap(task: ScheduledTask, log: (line: string) => void): void {
  let gap: { ticks: number; first: Date; last: Date } | null = null;
  task.on('execution:missed', ({ date }) => {
    if (gap === null) {
      gap = { ticks: 0, first: date, last: date };
      setTimeout(() => {
        if (gap === null) return;
        const { ticks, first, last } = gap;
        gap = null;
        const span = ticks === 1 ? `às ${first.toISOString()}` : `de ${first.toISOString()} a ${last.toISOString()}`;
        log(
          `agendador (aviso): ${ticks} ${ticks === 1 ? 'execução perdida' : 'execuções perdidas'} ${span} (o relógio avançou ou o processo ficou ocupado)`,
        );
      }, 0).unref();
    }
    gap.ticks += 1;
    gap.last = date;
  });
}
