/**
 * What a client may send to /api/push/inscricoes, read once at the edge. A subscription's
 * endpoint is where the refresher will later send requests, so it is held to the push services
 * the operator allows (PUSH_SERVICE_ORIGINS): https, no user or password, written exactly as
 * the URL parser writes it (no spelling that reads as another host), and its origin one of the
 * list's — an entry "https://*.example.com" takes any subdomain's name (never an IP address).
 * Anything else is refused before a single request goes anywhere.
 */
import { createPublicKey, timingSafeEqual } from 'node:crypto';
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

/** An uncompressed point (0x04, x, y) that lies on P-256: the only key a push can be encrypted for. */
function isP256Point(point: Buffer): boolean {
  if (point[0] !== 4) return false;
  const coordinate = (start: number): string => point.subarray(start, start + 32).toString('base64url');
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

export const PushKeysSchema = z.object({
  p256dh: base64UrlOf(65, isP256Point),
  auth: base64UrlOf(16),
});

/** A team as the listings name it (the same rule for invisible characters), so events can match it. */
const TeamNameSchema = z.string().transform(normalizeVisibleText).pipe(z.string().min(1).max(MAX_TEAM_NAME_LENGTH));

const TeamsSchema = z
  .array(TeamNameSchema)
  .min(1)
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

const UnsubscribeBodySchema = z.object({
  endpoint: z.string().max(MAX_ENDPOINT_LENGTH),
  /** The subscription's auth secret: only its holder may delete a kept subscription. */
  auth: PushKeysSchema.shape.auth.nullable().optional(),
});

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

const SUBSCRIBE_SHAPE =
  'Envie JSON {"subscription": {"endpoint", "keys": {"p256dh", "auth"}}, "times": [nomes]} com a inscrição ' +
  `do navegador (PushSubscription.toJSON()) e de 1 a ${PUSH_MAX_TEAMS} times.`;

/** What to fix, by where the body first went wrong. */
function subscribeProblemDetail(where: readonly PropertyKey[]): string {
  if (where.includes('p256dh'))
    return 'A chave p256dh não é um ponto da curva P-256 (65 bytes, base64url): envie a de PushSubscription.toJSON().';
  if (where.includes('auth'))
    return 'O segredo auth precisa ter 16 bytes (base64url): envie o de PushSubscription.toJSON().';
  if (where.length === 1 && where[0] === 'times')
    return `Siga de 1 a ${PUSH_MAX_TEAMS} times ("times": [nomes]); para não receber mais alertas, cancele a inscrição (DELETE).`;
  return SUBSCRIBE_SHAPE;
}

/** POST's body: the browser's PushSubscription (toJSON) and the followed teams. */
export function readSubscribeBody(
  text: string,
  allowedOrigins: readonly string[],
): PushBodyReading<PushSubscriptionRecord> {
  const parsed = SubscribeBodySchema.safeParse(parseJson(text));
  if (!parsed.success) return { ok: false, detail: subscribeProblemDetail(parsed.error.issues[0]?.path ?? []) };
  const { subscription, times } = parsed.data;
  const endpoint = readPushEndpoint(subscription.endpoint, allowedOrigins);
  if (endpoint === null) return { ok: false, detail: ENDPOINT_HINT };
  return { ok: true, value: { endpoint, keys: subscription.keys, teams: times } };
}

/** DELETE's body: the endpoint to forget, and the subscription's auth secret (null when not sent). */
export function readUnsubscribeBody(
  text: string,
  allowedOrigins: readonly string[],
): PushBodyReading<{ endpoint: string; auth: string | null }> {
  const parsed = UnsubscribeBodySchema.safeParse(parseJson(text));
  if (!parsed.success)
    return {
      ok: false,
      detail: 'Envie JSON {"endpoint": "https://…", "auth": "…"} com o endpoint e o segredo auth da inscrição.',
    };
  const endpoint = readPushEndpoint(parsed.data.endpoint, allowedOrigins);
  if (endpoint === null) return { ok: false, detail: ENDPOINT_HINT };
  return { ok: true, value: { endpoint, auth: parsed.data.auth ?? null } };
}

/**
 * Whether `auth` is the kept subscription's secret: the browser holding a subscription knows
 * it, and it is never sent anywhere else but to Placar (a push service sees only its use).
 */
export function provesSubscription(kept: PushSubscriptionRecord, auth: string | null): boolean {
  if (auth === null) return false;
  const expected = Buffer.from(kept.keys.auth, 'base64url');
  const given = Buffer.from(auth, 'base64url');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
