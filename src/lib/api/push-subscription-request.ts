/**
 * What a client may send to /api/push/inscricoes, read once at the edge. A subscription's
 * endpoint is where the refresher will later send requests, so it is held to the push services
 * the operator allows (PUSH_SERVICE_ORIGINS): https, no user or password, written exactly as
 * the URL parser writes it (no spelling that reads as another host), and its origin one of the
 * list's — an entry "https://*.example.com" takes any subdomain's name (never an IP address).
 * Anything else is refused before a single request goes anywhere.
 */
import { z } from 'zod';
import type { PushSubscriptionRecord } from '../model/push-subscription.ts';
import { normalizeVisibleText } from '../model/visible-text.ts';

/** The contract's limit on a request body, in bytes. */
export const PUSH_BODY_MAX_BYTES = 4096;
/** Teams one subscription may follow (as many as "Meus times" holds). */
export const PUSH_MAX_TEAMS = 50;
const MAX_ENDPOINT_LENGTH = 2000;
const MAX_TEAM_NAME_LENGTH = 200;

function base64UrlOf(bytes: number, check: (decoded: Buffer) => boolean = () => true) {
  return z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((text) => {
      const decoded = Buffer.from(text, 'base64url');
      return decoded.length === bytes && check(decoded);
    });
}

export const PushKeysSchema = z.object({
  p256dh: base64UrlOf(65, (decoded) => decoded[0] === 4),
  auth: base64UrlOf(16),
});

/** A team as the listings name it (the same rule for invisible characters), so events can match it. */
const TeamNameSchema = z.string().transform(normalizeVisibleText).pipe(z.string().min(1).max(MAX_TEAM_NAME_LENGTH));

const TeamsSchema = z
  .array(TeamNameSchema)
  .max(PUSH_MAX_TEAMS)
  .transform((teams) => [...new Set(teams)]);

const SubscribeBodySchema = z.object({
  subscription: z.object({
    endpoint: z.string().max(MAX_ENDPOINT_LENGTH),
    expirationTime: z.number().nullable().optional(),
    keys: PushKeysSchema,
  }),
  times: TeamsSchema,
});

const UnsubscribeBodySchema = z.object({ endpoint: z.string().max(MAX_ENDPOINT_LENGTH) });

/** A hostname as the URL parser writes an IPv4 or IPv6 address. */
function isIpAddress(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}

function originMatches(url: URL, allowed: string): boolean {
  if (!allowed.startsWith('https://*.')) return url.origin === allowed;
  const suffix = allowed.slice('https://*'.length);
  return url.port === '' && !isIpAddress(url.hostname) && url.hostname.endsWith(suffix) && url.hostname !== suffix;
}

/** The endpoint when it is a push service's address Placar may send to; null otherwise. */
export function readPushEndpoint(endpoint: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hash !== '') return null;
  // "https://fcm.googleapis.com\t@evil", "HTTPS://…", "https://0x7f.1/": only the parser's own spelling passes.
  if (url.href !== endpoint) return null;
  return allowedOrigins.some((allowed) => originMatches(url, allowed)) ? url.href : null;
}

export type PushBodyReading<T> = { ok: true; value: T } | { ok: false; detail: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const ENDPOINT_HINT =
  'O endpoint precisa ser o endereço https de um serviço de push de navegador (Chrome, Edge, Firefox, Safari).';

/** POST's body: the browser's PushSubscription (toJSON) and the followed teams. */
export function readSubscribeBody(
  text: string,
  allowedOrigins: readonly string[],
): PushBodyReading<PushSubscriptionRecord> {
  const parsed = SubscribeBodySchema.safeParse(parseJson(text));
  if (!parsed.success) {
    return {
      ok: false,
      detail:
        'Envie JSON {"subscription": {"endpoint", "keys": {"p256dh", "auth"}}, "times": [nomes]} com a inscrição ' +
        `do navegador (PushSubscription.toJSON()) e até ${PUSH_MAX_TEAMS} times.`,
    };
  }
  const { subscription, times } = parsed.data;
  const endpoint = readPushEndpoint(subscription.endpoint, allowedOrigins);
  if (endpoint === null) return { ok: false, detail: ENDPOINT_HINT };
  return { ok: true, value: { endpoint, keys: subscription.keys, teams: times } };
}

/** DELETE's body: the endpoint to forget. */
export function readUnsubscribeBody(text: string, allowedOrigins: readonly string[]): PushBodyReading<string> {
  const parsed = UnsubscribeBodySchema.safeParse(parseJson(text));
  if (!parsed.success)
    return { ok: false, detail: 'Envie JSON {"endpoint": "https://…"} com o endpoint da inscrição.' };
  const endpoint = readPushEndpoint(parsed.data.endpoint, allowedOrigins);
  return endpoint === null ? { ok: false, detail: ENDPOINT_HINT } : { ok: true, value: endpoint };
}
