/**
 * The welcome push a new subscription gets before it is kept ("Alertas ativados: Flamengo"): a
 * subscription counts toward PUSH_MAX_SUBSCRIPTIONS only once its push service took a push for
 * it, so an endpoint no browser holds (the service answers 404/410 or refuses) is never kept.
 * Sent by the process answering POST /api/push/inscricoes (a cluster's primary for its workers).
 */
import type { Config } from '../../lib/config/config.ts';
import { buildWelcomeMessage } from '../../lib/display/push-alert.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import type { WelcomePush } from '../../lib/model/push-subscription.ts';
import { loadVapidKeys, type VapidKeys } from '../../lib/store/push/push-keys.ts';
import { createPushPoster } from './push-poster.ts';
import { PUSH_TIMEOUT_MS, PUSH_TTL_SECONDS } from './push-sender.ts';

/** The welcome push's Topic (RFC 8030): a second one not yet delivered replaces the first. */
export const WELCOME_TOPIC = 'alertas-ativados';
/** Connections per push service for welcome pushes. */
const WELCOME_SOCKETS = 16;

export function createWelcomePush(subject: string, keys: VapidKeys, timeoutMs = PUSH_TIMEOUT_MS): WelcomePush {
  const poster = createPushPoster({ subject, keys, maxSockets: WELCOME_SOCKETS, timeoutMs });
  return async (record) => {
    const payload = JSON.stringify(buildWelcomeMessage(record.teams));
    try {
      const answer = await poster.post(record, {
        payload,
        urgency: 'normal',
        ttlSeconds: PUSH_TTL_SECONDS,
        topic: WELCOME_TOPIC,
      });
      if (answer.status >= 200 && answer.status < 300) return { kind: 'accepted' };
      if (answer.status === 429 || answer.status >= 500)
        return { kind: 'unreachable', reason: `HTTP ${answer.status}` };
      return { kind: 'refused', status: answer.status };
    } catch (error) {
      return { kind: 'unreachable', reason: errorMessage(error) };
    }
  };
}

/** The welcome push of a process with push on (VAPID_SUBJECT); null when off. Throws when the keys cannot be had. */
export function createConfiguredWelcomePush(config: Config): WelcomePush | null {
  const subject = config.push.vapidSubject;
  if (subject === null) return null;
  return createWelcomePush(subject, loadVapidKeys(config.dataDir, config.push.vapidKeys));
}
