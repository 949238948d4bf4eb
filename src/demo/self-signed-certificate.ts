/**
 * A self-signed certificate for 127.0.0.1 (and localhost), made by openssl when needed: the local
 * push service of the demo and the tests (local-push-service.ts), and the tests' TLS front
 * (harness/nginx.ts), whose clients trust this one certificate (`ca`).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const OPENSSL_PATH = '/usr/bin/openssl';

export function createSelfSignedCertificate(dir: string): { certificate: string; key: string; pem: string } {
  if (!fs.existsSync(OPENSSL_PATH))
    throw new Error(`openssl não encontrado em ${OPENSSL_PATH}: instale com \`apt-get install openssl\`.`);
  const certificate = path.join(dir, 'tls-cert.pem');
  const key = path.join(dir, 'tls-key.pem');
  execFileSync(
    OPENSSL_PATH,
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'pipe' },
  );
  return { certificate, key, pem: fs.readFileSync(certificate, 'utf8') };
}
