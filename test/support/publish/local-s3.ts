/**
 * A real S3-protocol endpoint on loopback for the publish tests: @20minutes/s3rver (files in a
 * temp folder) behind our own node:http server, so a test can watch every request (and kill a
 * publish at a chosen one) or make the endpoint refuse everything for a while.
 *
 * Two faces of one bucket, as on AWS:
 * - the S3 API, path style, at http://127.0.0.1:PORT (what rclone talks to);
 * - the website endpoint at http://BUCKET.s3-website.localhost:PORT (index.html for "/", the
 *   error document for missing keys, no Accept-Encoding negotiation). Chromium and curl resolve
 *   *.localhost to loopback by themselves; Node's tests reach it with a Host header instead.
 */
import S3rver from '@20minutes/s3rver';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { rawRequest, type RawResponse } from '../http/raw-http.ts';
import { runScript, type ScriptResult } from '../../../harness/run-script.ts';

export interface S3Request {
  method: string;
  /** Object key ('' for bucket-level requests). */
  key: string;
  /** Query string without "?" ('delete' for a batch delete). */
  query: string;
}

export interface LocalS3 {
  bucket: string;
  /** S3 API endpoint (path-style). */
  endpoint: string;
  /** Website endpoint, for browsers: http://BUCKET.s3-website.localhost:PORT */
  websiteUrl: string;
  /** rclone remote "<name>:<bucket>" configured by rcloneEnv alone (no rclone.conf). */
  remote: string;
  /** PUBLISH_COMMAND uploading to this bucket with deploy/publish-rclone.sh. */
  publishCommand: string;
  /** Variables that configure the rclone remote (and blank what would break it). */
  rcloneVariables: Record<string, string>;
  /** `base` (default process.env) plus rcloneVariables. */
  rcloneEnv(base?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** Every API request so far (website reads excluded). */
  requests: S3Request[];
  /** Called on each API request as it arrives, before the store handles it. */
  onRequest: ((request: S3Request) => void) | null;
  /** While true, every API request gets 503 SlowDown (website reads still work). */
  refusing: boolean;
  /** GET (or HEAD) through the website endpoint. */
  readWebsite(urlPath: string, method?: string): Promise<RawResponse>;
  close(): Promise<void>;
}

const REMOTE_NAME = 'placars3';

function websiteConfig(errorDocument: string): string {
  return (
    '<WebsiteConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    '<IndexDocument><Suffix>index.html</Suffix></IndexDocument>' +
    `<ErrorDocument><Key>${errorDocument}</Key></ErrorDocument>` +
    '</WebsiteConfiguration>'
  );
}

/**
 * S3 stores an object only once its whole body has arrived, and replaces it in one step: a
 * reader sees the old object or the new one, and an upload cut short leaves the old one. The
 * s3rver store streams straight into the object's file, so an upload killed halfway would leave
 * a truncated object that S3 never shows. Its writes go through a temp file and a rename here.
 */
function makeWritesAtomic(s3: S3rver): void {
  const write = s3.store.putContent.bind(s3.store);
  s3.store.putContent = async (objectPath, content) => {
    const temp = `${objectPath}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
    try {
      const result = await write(temp, content);
      fs.renameSync(temp, objectPath);
      return result;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  };
}

/** Debian's rclone, which deploy/publish-rclone.sh runs (from PATH). */
export const RCLONE_PATH = '/usr/bin/rclone';

export async function startLocalS3(bucket = 'placar'): Promise<LocalS3> {
  if (!fs.existsSync(RCLONE_PATH)) {
    throw new Error(
      `rclone não encontrado em ${RCLONE_PATH}: instale com \`apt-get install rclone\` (o .ci/run faz isso).`,
    );
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-s3-'));
  const s3 = new S3rver({
    silent: true,
    directory,
    // Host "<bucket>.s3-website.localhost" selects the bucket's website endpoint.
    serviceEndpoint: 'localhost',
    configureBuckets: [{ name: bucket, configs: [websiteConfig('404.html')] }],
  });
  makeWritesAtomic(s3);
  await s3.configureBuckets();
  const handle = s3.callback();
  const websiteHost = `${bucket}.s3-website.localhost`;

  const server = http.createServer((request, response) => {
    const isWebsite = (request.headers.host ?? '').startsWith(websiteHost);
    if (!isWebsite) {
      const { pathname, search } = new URL(request.url ?? '/', 'http://s3.invalid');
      const key = decodeURIComponent(pathname.replace(/^\/[^/]*\/?/, ''));
      const seen: S3Request = { method: request.method ?? 'GET', key, query: search.slice(1) };
      local.requests.push(seen);
      local.onRequest?.(seen);
      if (local.refusing) {
        response.writeHead(503, { 'content-type': 'application/xml' });
        return void response.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
        );
      }
    }
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const prefix = `RCLONE_CONFIG_${REMOTE_NAME.toUpperCase()}_`;

  const local: LocalS3 = {
    bucket,
    endpoint,
    websiteUrl: `http://${websiteHost}:${port}`,
    remote: `${REMOTE_NAME}:${bucket}`,
    publishCommand: `sh ${path.join(PROJECT_ROOT, 'deploy', 'publish-rclone.sh')} ${REMOTE_NAME}:${bucket}`,
    rcloneVariables: {
      [`${prefix}TYPE`]: 's3',
      [`${prefix}PROVIDER`]: 'Other',
      [`${prefix}ENDPOINT`]: endpoint,
      [`${prefix}ACCESS_KEY_ID`]: 'S3RVER',
      [`${prefix}SECRET_ACCESS_KEY`]: 'S3RVER',
      [`${prefix}FORCE_PATH_STYLE`]: 'true',
      // A custom CA bundle in the environment makes rclone's S3 client refuse plain-HTTP endpoints.
      AWS_CA_BUNDLE: '',
      // A refusing endpoint should fail the run quickly, not after rclone's default 3 × 10 tries.
      RCLONE_RETRIES: '1',
      RCLONE_LOW_LEVEL_RETRIES: '1',
    },
    rcloneEnv(base = process.env) {
      return { ...base, ...local.rcloneVariables };
    },
    requests: [],
    onRequest: null,
    refusing: false,
    readWebsite(urlPath, method = 'GET') {
      return rawRequest(endpoint, urlPath, { method, headers: { host: `${websiteHost}:${port}` } });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
  return local;
}

/** `npm run refresh` on `dataDir` with PUBLISH_COMMAND uploading to this bucket (the timer shape). */
export function refreshIntoBucket(s3: LocalS3, dataDir: string, upstreamUrl: string): Promise<ScriptResult> {
  return runScript(
    'scripts/refresh.ts',
    s3.rcloneEnv({ ...process.env, DATA_DIR: dataDir, UPSTREAM_URL: upstreamUrl, PUBLISH_COMMAND: s3.publishCommand }),
  );
}

/** Every object key of the bucket, sorted (rclone lsf). */
export async function listBucket(s3: LocalS3): Promise<string[]> {
  const { stdout } = await promisify(execFile)('rclone', ['lsf', '-R', '--files-only', s3.remote], {
    env: s3.rcloneEnv(),
  });
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .sort();
}
