/**
 * `npm run demo -- --push-local`: Web Push without a browser's push service, which a browser picks
 * itself (Chrome's FCM, Firefox's) and which needs the internet. A local push service
 * (local-push-service.ts) runs on 127.0.0.1, Placar is told to trust it and send to it, and one
 * subscription at it (as a browser makes one, keys included) follows the teams of the demo's day:
 * each push Placar sends is decrypted as the browser would and printed, so what reaches a fan with
 * every tab closed is seen arriving in the terminal.
 */
import { z } from 'zod';
import {
  createBrowserSubscription,
  decryptPush,
  startPushService,
  type BrowserSubscription,
  type ReceivedPush,
} from './local-push-service.ts';

/** The teams the demo's subscription follows: at most this many of today's (Placar's own cap is higher). */
const DEMO_PUSH_TEAMS = 40;

const ListedTeamsSchema = z.object({
  matches: z.array(z.object({ homeTeam: z.object({ name: z.string() }), awayTeam: z.object({ name: z.string() }) })),
});
const PushMessageSchema = z.object({ title: z.string(), body: z.string() });

export interface DemoPush {
  /** What Placar's process needs to send to the local push service. */
  env: Record<string, string>;
  /** Subscribes the demo's "browser" at Placar (`url`) for today's teams; how many it follows. */
  subscribe(url: string): Promise<number>;
  close(): Promise<void>;
}

function printedPush(push: ReceivedPush, subscription: BrowserSubscription): string {
  try {
    const message = PushMessageSchema.parse(JSON.parse(decryptPush(push.body, subscription)));
    return `Alerta recebido pelo serviço de push local (chega mesmo com o Placar fechado): ${message.title} — ${message.body}`;
  } catch {
    return 'Serviço de push local: chegou um envio que não pôde ser lido.';
  }
}

export async function startDemoPush(log: (line: string) => void): Promise<DemoPush> {
  let subscription: BrowserSubscription | null = null;
  const service = await startPushService((push) => {
    if (subscription) log(printedPush(push, subscription));
  });
  subscription = createBrowserSubscription(`${service.origin}/push/demonstracao`);
  const { endpoint, keys } = subscription;
  return {
    env: {
      VAPID_SUBJECT: 'mailto:demonstracao@placar.invalid',
      PUSH_SERVICE_ORIGINS: service.origin,
      NODE_EXTRA_CA_CERTS: service.certificateFile,
    },
    async subscribe(url) {
      const listed = ListedTeamsSchema.parse(await (await fetch(`${url}/api/hoje`)).json());
      const teams = [...new Set(listed.matches.flatMap((match) => [match.homeTeam.name, match.awayTeam.name]))].slice(
        0,
        DEMO_PUSH_TEAMS,
      );
      const response = await fetch(`${url}/api/push/inscricoes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ subscription: { endpoint, expirationTime: null, keys }, times: teams }),
      });
      if (!response.ok) throw new Error(`o Placar recusou a inscrição de demonstração (HTTP ${response.status})`);
      return teams.length;
    },
    close: () => service.close(),
  };
}
