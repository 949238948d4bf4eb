/**
 * The welcome push of a process that sends it itself (one process, or a cluster's primary for
 * its workers): the refresher's poster with this process's VAPID keys; null with push off. Keys
 * that cannot be read or made stop the start-up, as for the push API.
 */
import { StartupError } from '../../lib/config/cli.ts';
import type { Config } from '../../lib/config/config.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import type { WelcomePush } from '../../lib/model/push-subscription.ts';
import { createConfiguredWelcomePush } from '../../refresh/publish/welcome-push.ts';

export function readWelcomePush(config: Config): WelcomePush | null {
  try {
    return createConfiguredWelcomePush(config);
  } catch (error) {
    throw new StartupError(`chaves VAPID: ${errorMessage(error)}`);
  }
}
