/**
 * PUBLISH_COMMAND runs for real (sh -c): a copy that succeeds with the right environment, a
 * failure recorded in publish-state.json and the log, a hanging command killed with its
 * process group at the timeout, and queue-latest (never two runs at once).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildClientDir, buildManifestPath } from '../../../src/lib/store/builds/build-layout.ts';
import { writeSiteManifest } from '../../../src/lib/store/builds/site-manifest.ts';
import { swapCurrentBuild } from '../../../src/lib/store/builds/current-link.ts';
import { readPublishState } from '../../../src/lib/store/builds/publish-state-store.ts';
import { isProcessAlive } from '../../../src/lib/store/files/process-alive.ts';
import { createBuildPublisher, type PublishRequest } from '../../../src/refresh/publish/publish-build.ts';

let dataDir: string;
let dest: string;
let lines: string[];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-publish-'));
  dest = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-publish-dest-'));
  lines = [];
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(dest, { recursive: true, force: true });
});

/** A build folder with a page and an extensionless JSON file, as the pipeline leaves it. */
function makeBuild(buildId: string): PublishRequest {
  const clientDir = buildClientDir(dataDir, buildId);
  fs.mkdirSync(path.join(clientDir, 'api'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), `<!DOCTYPE html><title>${buildId}</title>`);
  fs.writeFileSync(path.join(clientDir, 'api', 'hoje'), `{"build":"${buildId}"}`);
  return { buildId, clientDir, generatedAt: '2026-11-21T21:30:00-03:00' };
}

function publisherFor(command: string, timeoutMs = 20_000) {
  return createBuildPublisher({
    dataDir,
    command,
    timeoutMs,
    log: (line) => lines.push(line),
    env: { ...process.env, DEST: dest },
  });
}

describe('PUBLISH_COMMAND', () => {
  it('copies the build folder with PLACAR_BUILD_DIR and PLACAR_GENERATED_AT set, and records success', async () => {
    const build = makeBuild('20261122T003000000Z-aaaa');
    const publisher = publisherFor(
      'cp -r "$PLACAR_BUILD_DIR" "$DEST/site" && printf "%s\\n" "$PLACAR_BUILD_DIR" "$PLACAR_GENERATED_AT" > "$DEST/env.txt"',
    );
    publisher.publish(build);
    await publisher.idle();
    expect(fs.readFileSync(path.join(dest, 'site', 'api', 'hoje'), 'utf8')).toBe(
      '{"build":"20261122T003000000Z-aaaa"}',
    );
    expect(fs.readFileSync(path.join(dest, 'site', 'index.html'), 'utf8')).toContain('20261122T003000000Z-aaaa');
    expect(fs.readFileSync(path.join(dest, 'env.txt'), 'utf8')).toBe(`${build.clientDir}\n2026-11-21T21:30:00-03:00\n`);
    expect(path.isAbsolute(build.clientDir)).toBe(true);
    const state = readPublishState(dataDir);
    expect(state).toMatchObject({ lastBuildId: build.buildId, lastError: null });
    expect(state.lastSuccessAt).toBe(state.lastRunAt);
    expect(state.lastRunAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(lines).toEqual([
      expect.stringMatching(/^publicação concluída build=20261122T003000000Z-aaaa publicacao_ms=\d+$/),
    ]);
    // The in-use marker (the command's pid) is gone once the run ended.
    expect(fs.readdirSync(path.dirname(build.clientDir)).filter((name) => name.startsWith('server-in-use'))).toEqual(
      [],
    );
  });

  it('reports a failing command in one log line and in the state, keeping the last success', async () => {
    const ok = publisherFor('true');
    ok.publish(makeBuild('20261122T003000000Z-aaaa'));
    await ok.idle();
    const succeededAt = readPublishState(dataDir).lastSuccessAt;
    lines = [];
    const failing = publisherFor('echo "subindo…"; echo "sem credenciais para o bucket" >&2; exit 3');
    failing.publish(makeBuild('20261122T003100000Z-bbbb'));
    await failing.idle();
    const state = readPublishState(dataDir);
    expect(state.lastError).toBe('saiu com código 3: sem credenciais para o bucket');
    expect(state.lastBuildId).toBe('20261122T003100000Z-bbbb');
    expect(state.lastSuccessAt).toBe(succeededAt);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^aviso: publicação falhou build=20261122T003100000Z-bbbb publicacao_ms=\d+ erro="saiu com código 3: sem credenciais para o bucket"$/,
    );
  });

  it('kills a hanging command and everything it started at the timeout', async () => {
    const publisher = publisherFor('sleep 60 & echo $! > "$DEST/child.pid"; wait', 1_000);
    const started = Date.now();
    publisher.publish(makeBuild('20261122T003000000Z-aaaa'));
    await publisher.idle();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    expect(elapsed).toBeLessThan(10_000);
    expect(readPublishState(dataDir).lastError).toBe('excedeu PUBLISH_TIMEOUT_MS (1000 ms) e foi interrompido');
    const sleeper = Number(fs.readFileSync(path.join(dest, 'child.pid'), 'utf8'));
    await expect.poll(() => isProcessAlive(sleeper), { timeout: 5_000 }).toBe(false);
  });

  it('never overlaps: builds swapped during a run wait, and only the newest one is published next', async () => {
    const publisher = publisherFor(
      'echo "start $PLACAR_BUILD_ID" >> "$DEST/runs.log"; sleep 0.4; echo "end $PLACAR_BUILD_ID" >> "$DEST/runs.log"',
    );
    publisher.publish(makeBuild('20261122T003000000Z-aaaa'));
    publisher.publish(makeBuild('20261122T003100000Z-bbbb'));
    publisher.publish(makeBuild('20261122T003200000Z-cccc'));
    await publisher.idle();
    expect(fs.readFileSync(path.join(dest, 'runs.log'), 'utf8').trim().split('\n')).toEqual([
      'start 20261122T003000000Z-aaaa',
      'end 20261122T003000000Z-aaaa',
      'start 20261122T003200000Z-cccc',
      'end 20261122T003200000Z-cccc',
    ]);
    expect(lines).toContain(
      'publicação do build 20261122T003100000Z-bbbb dispensada: o build 20261122T003200000Z-cccc é mais novo',
    );
    expect(readPublishState(dataDir).lastBuildId).toBe('20261122T003200000Z-cccc');
  });

  it('keeps the folder from cleanup while the command uploads it', async () => {
    const build = makeBuild('20261122T003000000Z-aaaa');
    const publisher = publisherFor('touch "$DEST/started"; sleep 1');
    publisher.publish(build);
    await expect.poll(() => fs.existsSync(path.join(dest, 'started'))).toBe(true);
    const markers = fs.readdirSync(path.dirname(build.clientDir)).filter((name) => name.startsWith('server-in-use.'));
    expect(markers).toHaveLength(1);
    await publisher.idle();
  });

  it('does nothing when PUBLISH_COMMAND is empty', async () => {
    const publisher = publisherFor('');
    publisher.publish(makeBuild('20261122T003000000Z-aaaa'));
    await publisher.idle();
    expect(fs.existsSync(path.join(dataDir, 'publish-state.json'))).toBe(false);
    expect(lines).toEqual([]);
  });

  it('retries a failed run with the build being served when a refresh publishes nothing new (retryFailed)', async () => {
    const build = makeBuild('20261122T003000000Z-cccc');
    writeSiteManifest(buildManifestPath(dataDir, build.buildId), {
      buildId: build.buildId,
      builtAt: build.generatedAt,
      files: [],
    });
    swapCurrentBuild(dataDir, build.buildId);
    const command =
      'if [ -e "$DEST/fail" ]; then echo "destino fora do ar" >&2; exit 3; fi; cp -r "$PLACAR_BUILD_DIR" "$DEST/$PLACAR_BUILD_ID"';
    fs.writeFileSync(path.join(dest, 'fail'), '');
    const publisher = publisherFor(command);
    publisher.publish(build);
    await publisher.idle();
    expect(readPublishState(dataDir)).toMatchObject({
      lastBuildId: build.buildId,
      lastError: 'saiu com código 3: destino fora do ar',
      lastSuccessAt: null,
    });

    fs.rmSync(path.join(dest, 'fail'));
    publisher.retryFailed();
    await publisher.idle();
    expect(readPublishState(dataDir)).toMatchObject({ lastBuildId: build.buildId, lastError: null });
    expect(fs.readFileSync(path.join(dest, build.buildId, 'api', 'hoje'), 'utf8')).toBe(`{"build":"${build.buildId}"}`);

    // After a success there is nothing to retry.
    const runs = lines.length;
    publisher.retryFailed();
    await publisher.idle();
    expect(lines).toHaveLength(runs);
  });
});
