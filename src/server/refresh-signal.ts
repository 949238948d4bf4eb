/**
 * `kill -USR2 <pid>`: an operator's (or a test's) "refresh now", answered by run-refreshes.ts through the one
 * scheduler. Node's default for this signal is to exit, so a Placar command answers it from its first line on: an
 * ask that comes before the refresh side listens waits for it (asks meanwhile are one), never kills the process.
 */
export const REFRESH_SIGNAL = 'SIGUSR2';

export interface RefreshAsks {
  /** `onAsk` answers each ask from now on (one that came before is answered at once) until the returned call. */
  listen(onAsk: () => void): () => void;
}

/** The line that says which refresh will carry the ask (harness/placar-process.ts waits for its end). */
export function formatRefreshAsked(sequence: number): string {
  return `${REFRESH_SIGNAL} recebido: atualização #${sequence} pedida.`;
}

/** Takes REFRESH_SIGNAL for this process's whole life. */
export function takeRefreshSignal(): RefreshAsks {
  let onAsk: (() => void) | null = null;
  let pending = false;
  process.on(REFRESH_SIGNAL, () => {
    if (onAsk) onAsk();
    else pending = true;
  });
  return {
    listen(listener) {
      onAsk = listener;
      if (pending) {
        pending = false;
        listener();
      }
      return () => {
        if (onAsk === listener) onAsk = null;
      };
    },
  };
}
