/**
 * The VAPID key pair (RFC 8292) that signs every push, kept in DATA_DIR/push/vapid.json (mode
 * 0600: the private key is in it) when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not given. Made
 * once, on the first start with push on; every process after reads the same pair, so the
 * browsers' subscriptions (bound to the public key) stay valid across restarts. Processes
 * starting together cannot make two pairs: the file is linked into place only if none is
 * there yet (link fails on an existing name), whole, and the loser reads the winner's.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { errorCode } from '../../model/caught-error.ts';
import { formatJsonFile, readJsonFile } from '../files/json-file.ts';

export interface VapidKeys {
  /** base64url of the 65-byte uncompressed P-256 point (what GET /api/push publishes). */
  publicKey: string;
  /** base64url of the 32-byte private scalar. */
  privateKey: string;
}

const VapidKeysSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export function vapidKeysFile(dataDir: string): string {
  return path.join(dataDir, 'push', 'vapid.json');
}

function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y || !jwk.d) throw new Error('a chave P-256 gerada não tem x, y e d');
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
}

function readKept(file: string): VapidKeys | null {
  const reading = readJsonFile(file, VapidKeysSchema);
  if (reading.kind === 'found') return reading.value;
  if (reading.kind === 'absent') return null;
  throw new Error(`${reading.reason} — apague o arquivo para gerar outro par (as inscrições atuais deixam de valer).`);
}

/** `given` (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY), else the kept pair, made and kept first when there is none. */
export function loadVapidKeys(dataDir: string, given: VapidKeys | null = null): VapidKeys {
  if (given) return given;
  const file = vapidKeysFile(dataDir);
  const kept = readKept(file);
  if (kept) return kept;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(temp, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, formatJsonFile(generateVapidKeys(), { space: 2 }));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  const made = readKept(file);
  if (!made) throw new Error(`${file} sumiu logo depois de criado`);
  return made;
}
