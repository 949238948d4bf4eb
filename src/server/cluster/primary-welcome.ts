/**
 * A cluster worker's welcome pushes, sent by its primary (the workers load no Web Push code):
 * one message each way. One the primary does not answer within its deadline (the push's own,
 * and a margin) reads as unreachable: the fan is told to try again.
 */
import type { WelcomeOutcome, WelcomePush } from '../../lib/model/push-subscription.ts';
import type { PrimaryChannel } from './primary-channel.ts';

/** The push's deadline (PUSH_TIMEOUT_MS) and a margin for the two messages. */
const PRIMARY_WELCOME_WAIT_MS = 12_000;

export function createPrimaryWelcome(channel: PrimaryChannel, waitMs = PRIMARY_WELCOME_WAIT_MS): WelcomePush {
  let nextId = 0;
  const pending = new Map<number, { resolve(outcome: WelcomeOutcome): void; timer: NodeJS.Timeout }>();
  const settle = (id: number, outcome: WelcomeOutcome): void => {
    const waiting = pending.get(id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.delete(id);
    waiting.resolve(outcome);
  };
  channel.onMessage((message) => {
    if (message.placar === 'welcome-pushed') settle(message.id, message.outcome);
  });
  channel.onDisconnect(() => {
    for (const id of [...pending.keys()]) settle(id, { kind: 'unreachable', reason: 'o processo principal saiu' });
  });
  return (record) => {
    const id = nextId++;
    return new Promise<WelcomeOutcome>((resolve) => {
      const timer = setTimeout(
        () => settle(id, { kind: 'unreachable', reason: `o processo principal não respondeu em ${waitMs} ms` }),
        waitMs,
      );
      pending.set(id, { resolve, timer });
      channel.send({ placar: 'welcome-push', id, endpoint: record.endpoint, keys: record.keys, teams: record.teams });
    });
  };
}
