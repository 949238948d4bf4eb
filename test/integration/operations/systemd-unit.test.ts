/**
 * deploy/placar.service: Node run directly (no npm wrapper), restarts, the env file, a non-root
 * user and systemd's hardening, with DATA_DIR the one writable path; and `systemd-analyze verify`
 * finds nothing to say about it (when systemd is installed: Debian's `systemd` package).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';

const UNIT_FILE = path.join(PROJECT_ROOT, 'deploy', 'placar.service');
const unit = fs.readFileSync(UNIT_FILE, 'utf8');

/** Every value of `key` in the unit (a key may repeat). */
function valuesOf(key: string): string[] {
  return [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1] ?? '');
}

const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version'], { stdio: 'ignore' }).status === 0;

describe('deploy/placar.service', () => {
  it("starts the project's own Node on scripts/start.ts, without npm", () => {
    expect(valuesOf('ExecStart')).toEqual([
      expect.stringMatching(/^\/opt\/placar\/node_modules\/\.bin\/node .*scripts\/start\.ts$/),
    ]);
    expect(unit).not.toMatch(/^ExecStart=.*\bnpm\b/m);
    expect(valuesOf('WorkingDirectory')).toEqual(['/opt/placar']);
    expect(valuesOf('EnvironmentFile')).toEqual(['/etc/placar/placar.env']);
  });

  it('restarts after a crash but not after a bad setting (exit code 2)', () => {
    expect(valuesOf('Restart')).toEqual(['on-failure']);
    expect(valuesOf('RestartPreventExitStatus')).toEqual(['2']);
  });

  it('runs as a non-root user, hardened, with DATA_DIR the one writable place', () => {
    expect(valuesOf('User')).toEqual(['placar']);
    for (const [key, value] of [
      ['NoNewPrivileges', 'true'],
      ['ProtectSystem', 'strict'],
      ['PrivateTmp', 'true'],
      ['ProtectHome', 'true'],
      ['CapabilityBoundingSet', ''],
    ]) {
      expect(valuesOf(key ?? ''), key).toEqual([value]);
    }
    expect(valuesOf('ReadWritePaths').join(' ').split(/\s+/)).toContain('/var/lib/placar');
  });

  it.skipIf(!hasSystemdAnalyze)('passes systemd-analyze verify without a warning', () => {
    // verify checks that ExecStart's binary exists: point the unit at this checkout.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-unit-'));
    try {
      const file = path.join(dir, 'placar.service');
      fs.writeFileSync(file, unit.replaceAll('/opt/placar', PROJECT_ROOT));
      const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
      expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
      expect(result.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
