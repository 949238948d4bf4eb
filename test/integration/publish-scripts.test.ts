/**
 * deploy/publish-rclone.sh and deploy/publish-aws-s3.sh as PUBLISH_COMMAND, with stand-in
 * `rclone` / `aws` binaries that record their arguments: uploads go assets → JSON → pages,
 * deletions last, each kind with its headers (explicit JSON type for the extensionless /api
 * files), and no .br/.gz file uploaded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPublishCommand } from '../../src/pipeline/publish-command.ts';
import { PROJECT_ROOT } from '../support/placar-process.ts';

let temp: string;
let clientDir: string;

beforeAll(() => {
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-publish-scripts-'));
  clientDir = path.join(temp, 'client');
  fs.mkdirSync(path.join(temp, 'bin'));
  for (const tool of ['rclone', 'aws']) {
    // One line per call: the arguments separated by " | ".
    const script = `#!/bin/sh\nline=""\nfor arg in "$@"; do line="$line$arg | "; done\necho "$line" >> "${temp}/calls.log"\n`;
    fs.writeFileSync(path.join(temp, 'bin', tool), script, { mode: 0o755 });
  }
});

afterAll(() => {
  fs.rmSync(temp, { recursive: true, force: true });
});

async function publishWith(command: string): Promise<string[][]> {
  fs.rmSync(path.join(temp, 'calls.log'), { force: true });
  const result = await runPublishCommand(
    command,
    { buildId: '20261122T003000000Z-aaaa', clientDir, generatedAt: '2026-11-21T21:30:00-03:00' },
    20_000,
    { ...process.env, PATH: `${path.join(temp, 'bin')}:${process.env.PATH ?? ''}` },
  );
  expect(result).toMatchObject({ ok: true, error: null });
  return fs
    .readFileSync(path.join(temp, 'calls.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' | ').slice(0, -1));
}

function indexOfCall(calls: string[][], test: (call: string[]) => boolean): number {
  const index = calls.findIndex(test);
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}

describe.each([
  ['deploy/publish-rclone.sh', 'r2:placar', '--header-upload', 'Content-Type: application/json; charset=utf-8'],
  ['deploy/publish-aws-s3.sh', 's3://placar-bucket', '--content-type', 'application/json; charset=utf-8'],
])('%s', (script, destination, headerFlag, jsonHeader) => {
  it('uploads assets, then JSON, then pages, and deletes only at the end', async () => {
    const calls = await publishWith(`sh "${path.join(PROJECT_ROOT, script)}" ${destination}`);
    const assets = indexOfCall(calls, (call) => call.includes(`${clientDir}/_astro`));
    const json = indexOfCall(calls, (call) => call.includes(`${clientDir}/api`));
    const pages = indexOfCall(calls, (call) => call.some((arg, i) => arg === '*.html' && call[i - 1] === '--include'));
    const deletion = calls.length - 1;
    expect(assets).toBeLessThan(json);
    expect(json).toBeLessThan(pages);
    expect(pages).toBeLessThan(deletion);
    expect(calls[deletion]?.join(' ')).toMatch(/^(sync |s3 sync .*--delete)/);
    expect(calls[json]?.[calls[json].indexOf(headerFlag) + 1]).toBe(jsonHeader);
    expect(calls[assets]?.join(' ')).toContain('max-age=31536000, immutable');
    // The clean-URL copies of the pages come before the deletion too.
    for (const page of ['hoje', 'busca']) {
      expect(indexOfCall(calls, (call) => call.includes(`${clientDir}/${page}.html`) && call.includes(`${destination}/${page}`))).toBeLessThan(deletion);
    }
    // Precompressed variants are never uploaded.
    for (const call of calls.filter((c) => c.some((arg) => arg === clientDir || arg.startsWith(`${clientDir}/`)) && !c.some((arg) => arg.endsWith('.html')))) {
      expect(call, call.join(' ')).toEqual(expect.arrayContaining(['*.br', '*.gz']));
    }
  });
});
