/**
 * What this serving process needs for /api/push: the VAPID public key (given, or the pair kept
 * in DATA_DIR, made on the first start with push on) and the limits. A key file that cannot be
 * read or made stops the start-up with the reason: a push API with no key would publish nothing
 * a browser could subscribe with.
 */
import type { WelcomePush } from '../../lib/model/push-subscription.ts';
import { StartupError } from '../../lib/config/cli.ts';
import type { Config } from '../../lib/config/config.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import { loadVapidKeys, type VapidKeys } from '../../lib/store/push/push-keys.ts';
import { createKnownTeams } from '../../lib/store/scraped/known-teams.ts';
import type { PushApi } from './push-endpoint.ts';

/** The key pair push signs with; throws StartupError when DATA_DIR's cannot be read or made. */
export function readVapidKeys(config: Config): VapidKeys {
  try {
    return loadVapidKeys(config.dataDir, config.push.vapidKeys);
  } catch (error) {
    throw new StartupError(`chaves VAPID: ${errorMessage(error)}`);
  }
}

export function readPushApi(config: Config, welcome: WelcomePush | null): PushApi {
  return {
    dataDir: config.dataDir,
    publicKey: config.push.vapidSubject === null ? null : readVapidKeys(config).publicKey,
    serviceOrigins: config.push.serviceOrigins,
    maxSubscriptions: config.push.maxSubscriptions,
    knownTeams: createKnownTeams(config.dataDir),
    welcome,
  };
}
