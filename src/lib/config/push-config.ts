/**
 * Web Push's settings (VAPID_SUBJECT, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, PUSH_SERVICE_ORIGINS,
 * PUSH_MAX_SUBSCRIPTIONS): declared here, read through config.ts like every other variable.
 * Push is on only with VAPID_SUBJECT (RFC 8292: a mailto: or https: contact for the push
 * services). The keys, when given, must come as a pair; otherwise the refresher makes a pair
 * in DATA_DIR on first start (store/push/push-keys.ts).
 */

export interface PushConfig {
  /** null: push is off (/api/push answers 404, the page keeps its open-page alerts). */
  vapidSubject: string | null;
  /** Both given, or both null (then kept in DATA_DIR). base64url, as web-push and the browsers take them. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** Origins (https only) a subscription's endpoint may have; an entry may start with "*." for any subdomain. */
  serviceOrigins: string[];
  /** Subscriptions kept in all; a new one beyond is refused. */
  maxSubscriptions: number;
}

/** The push services of Chrome (FCM), Edge on Windows (WNS), Firefox (Mozilla autopush) and Safari (Apple). */
export const DEFAULT_PUSH_SERVICE_ORIGINS =
  'https://fcm.googleapis.com,https://*.notify.windows.com,https://updates.push.services.mozilla.com,https://web.push.apple.com';

/** Declared as config.ts's CONFIG_VARIABLES entries (which lists them). */
export const PUSH_CONFIG_VARIABLES: readonly { name: string; default: string; description: string }[] = [
  {
    name: 'VAPID_SUBJECT',
    default: '',
    description:
      'Contato do operador para os serviços de push (mailto:… ou https://…); liga os alertas com o Placar fechado ' +
      '(Web Push). Vazio: desligado, /api/push responde 404.',
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    default: '',
    description:
      'Chave pública VAPID (base64url, P-256); junto com VAPID_PRIVATE_KEY. Vazias: um par é gerado no primeiro início em DATA_DIR/push/vapid.json.',
  },
  { name: 'VAPID_PRIVATE_KEY', default: '', description: 'Chave privada VAPID (base64url), par de VAPID_PUBLIC_KEY.' },
  {
    name: 'PUSH_SERVICE_ORIGINS',
    default: DEFAULT_PUSH_SERVICE_ORIGINS,
    description:
      'Origens https aceitas como endpoint de inscrição (separadas por vírgula; "*." no início vale para subdomínios); ' +
      'qualquer outra recebe 400 e nenhum pedido.',
  },
  {
    name: 'PUSH_MAX_SUBSCRIPTIONS',
    default: '100000',
    description: 'Inscrições de push guardadas no total; novas além disso recebem 503.',
  },
];

type Raw = (name: string) => string;
type Fail = (message: string) => Error;

/** A base64url text of `bytes` bytes (what a VAPID key is). */
function isBase64UrlOf(text: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(text) && Buffer.from(text, 'base64url').length === bytes;
}

function parseSubject(raw: Raw, fail: Fail): string | null {
  const subject = raw('VAPID_SUBJECT');
  if (subject === '') return null;
  const ok = /^mailto:[^\s@]+@[^\s@]+$/.test(subject) || /^https:\/\/[^\s]+$/.test(subject);
  if (!ok) {
    throw fail(
      `VAPID_SUBJECT="${subject}" é inválido: use mailto:voce@exemplo.com ou https://seu-site.exemplo ` +
        '(os serviços de push o usam para falar com quem envia).',
    );
  }
  return subject;
}

function parseKeys(raw: Raw, fail: Fail): PushConfig['vapidKeys'] {
  const publicKey = raw('VAPID_PUBLIC_KEY');
  const privateKey = raw('VAPID_PRIVATE_KEY');
  if (publicKey === '' && privateKey === '') return null;
  const hint = 'gere um par com "npx web-push generate-vapid-keys", ou deixe as duas vazias (o Placar gera um par).';
  if (publicKey === '' || privateKey === '') {
    throw fail(`VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas: ${hint}`);
  }
  const uncompressedPoint = isBase64UrlOf(publicKey, 65) && Buffer.from(publicKey, 'base64url')[0] === 4;
  if (!uncompressedPoint) throw fail(`VAPID_PUBLIC_KEY não é uma chave pública P-256 em base64url (65 bytes): ${hint}`);
  if (!isBase64UrlOf(privateKey, 32))
    throw fail(`VAPID_PRIVATE_KEY não é uma chave privada P-256 em base64url (32 bytes): ${hint}`);
  return { publicKey, privateKey };
}

/** "https://host[:port]" or "https://*.domain": https only, no user, path, query or fragment. */
function parseServiceOrigin(entry: string, fail: Fail): string {
  const wildcard = entry.startsWith('https://*.');
  let url: URL | null = null;
  try {
    url = new URL(wildcard ? entry.replace('*.', 'x.') : entry);
  } catch {
    url = null;
  }
  const plain =
    url !== null &&
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    !entry.endsWith('/');
  if (!url || !plain) {
    throw fail(
      `PUSH_SERVICE_ORIGINS: "${entry}" não é uma origem https: use https://host[:porta] ou https://*.dominio, ` +
        'como https://fcm.googleapis.com',
    );
  }
  return wildcard ? url.origin.replace('://x.', '://*.') : url.origin;
}

function parseServiceOrigins(raw: Raw, fail: Fail): string[] {
  const entries = raw('PUSH_SERVICE_ORIGINS')
    .split(/[\s,]+/)
    .filter((entry) => entry !== '');
  return [...new Set(entries.map((entry) => parseServiceOrigin(entry, fail)))];
}

export function parsePushConfig(raw: Raw, fail: Fail, maxSubscriptions: number): PushConfig {
  return {
    vapidSubject: parseSubject(raw, fail),
    vapidKeys: parseKeys(raw, fail),
    serviceOrigins: parseServiceOrigins(raw, fail),
    maxSubscriptions,
  };
}
