/** Pushpin's Grip-Sig: only a live HS256 token signed with the shared key marks a request as Pushpin's. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isGripSignatureValid } from '../../../src/server/event-stream/grip-signature.ts';

const KEY = Buffer.from('chave-compartilhada-com-o-pushpin');
const NOW = Date.parse('2026-11-21T20:00:00Z');

function token(claims: object, options: { key?: Buffer; header?: object } = {}): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part(options.header ?? { typ: 'JWT', alg: 'HS256' })}.${part(claims)}`;
  const signature = createHmac('sha256', options.key ?? KEY)
    .update(signed)
    .digest('base64url');
  return `${signed}.${signature}`;
}

const live = { iss: 'pushpin', exp: NOW / 1000 + 3600 };

describe('isGripSignatureValid', () => {
  it('accepts a token signed with the key that has not expired (what Pushpin sends)', () => {
    expect(isGripSignatureValid(token(live), KEY, NOW)).toBe(true);
  });

  it('refuses anything else: no header, another key, expired, no exp, another algorithm, garbage', () => {
    const [header, claims] = token(live).split('.');
    const refused = [
      undefined,
      '',
      token(live, { key: Buffer.from('outra-chave-qualquer-de-teste') }),
      token({ ...live, exp: NOW / 1000 - 1 }),
      token({ iss: 'pushpin' }),
      token(live, { header: { alg: 'none' } }),
      `${header}.${claims}.`,
      `${header}.${claims}`,
      'a.b.c',
      'x'.repeat(5000),
    ];
    for (const value of refused) expect(isGripSignatureValid(value, KEY, NOW), String(value).slice(0, 60)).toBe(false);
  });
});
