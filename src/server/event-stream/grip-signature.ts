/**
 * Pushpin's Grip-Sig request header: a JWT (HS256) signed with the key Placar shares with it
 * (PUSHPIN_SIG_KEY, Pushpin's sig_key). A request whose token verifies came through Pushpin;
 * any other — no header, another algorithm, a bad signature, expired — is a direct request, as
 * the GRIP spec says. Validated here, at the edge, with zod.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';

const HeaderSchema = z.object({ alg: z.literal('HS256') });
const ClaimsSchema = z.object({ exp: z.number() });

function readJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** Whether `token` is a Grip-Sig signed with `key` and not expired at `nowMs`. */
export function isGripSignatureValid(token: string | undefined, key: Buffer, nowMs: number): boolean {
  if (token === undefined || token.length > 4096) return false;
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [header = '', claims = '', signature = ''] = parts;
  if (!HeaderSchema.safeParse(readJson(header)).success) return false;
  const expected = createHmac('sha256', key).update(`${header}.${claims}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const parsed = ClaimsSchema.safeParse(readJson(claims));
  return parsed.success && parsed.data.exp * 1000 > nowMs;
}

/** Whether `req` came through Pushpin: its Grip-Sig verifies with `key` (PUSHPIN_SIG_KEY; null: none). */
export function isSignedByPushpin(req: IncomingMessage, key: Buffer | null): boolean {
  const signature = req.headers['grip-sig'];
  if (key === null || signature === undefined) return false;
  return isGripSignatureValid(Array.isArray(signature) ? signature[0] : signature, key, Date.now());
}
