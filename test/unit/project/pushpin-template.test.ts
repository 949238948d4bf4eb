/**
 * deploy/pushpin/ and how docs/deploying.md fills it (issue 35 M4): Pushpin listens where only nginx
 * reaches it (it has no TLS, no limits and no path check of its own), and passes the client's
 * address on, so Placar's per-client limits count clients, not Pushpin. Running for real:
 * test/integration/event-stream/pushpin-front.test.ts.
 */
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLoopbackOrPrivate } from '../../../src/server/event-stream/forwarded-client.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { PUSHPIN_DEPLOY_DIR } from '../../../harness/pushpin.ts';

const deploying = fs.readFileSync(path.join(PROJECT_ROOT, 'docs/deploying.md'), 'utf8');
const config = fs.readFileSync(path.join(PUSHPIN_DEPLOY_DIR, 'pushpin.conf'), 'utf8');

describe('Pushpin as deployed', () => {
  it('listens on a loopback or private address in the documented setup, never on every interface', () => {
    const listens = [...deploying.matchAll(/s\|@listen@\|([^|]+)\|[^\n]*\n[^\n]*pushpin\.conf/g)].map(
      (match) => match[1],
    );
    expect(listens.length).toBeGreaterThan(0);
    for (const listen of listens) {
      const host = (listen ?? '').replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
      expect(isIP(host), listen).not.toBe(0);
      expect(isLoopbackOrPrivate(host), listen).toBe(true);
    }
  });

  it('passes the client on: the address nginx named, then its own peer, nothing a client wrote before', () => {
    expect(config).toMatch(/^x_forwarded_for=truncate:1,append$/m);
  });
});
