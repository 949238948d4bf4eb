/**
 * A process that still uses a build after `current` moved on (a running PUBLISH_COMMAND uploads
 * its client folder) marks it (builds/<id>/server-in-use.<pid>) so that cleanup — in this
 * process or in a separate `npm run refresh` — never deletes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildDir } from './build-layout.ts';
import { isProcessAlive } from '../files/process-alive.ts';

const MARKER = /^server-in-use\.(\d+)$/;

function markerPath(dataDir: string, buildId: string, pid: number): string {
  return path.join(buildDir(dataDir, buildId), `server-in-use.${pid}`);
}

export function markBuildInUse(dataDir: string, buildId: string, pid: number = process.pid): void {
  fs.writeFileSync(markerPath(dataDir, buildId, pid), `${pid}\n`);
}

export function unmarkBuildInUse(dataDir: string, buildId: string, pid: number = process.pid): void {
  fs.rmSync(markerPath(dataDir, buildId, pid), { force: true });
}

/** True when a live process marked the build (markers of dead processes do not count). */
export function isBuildInUse(dataDir: string, buildId: string): boolean {
  let names: string[];
  try {
    names = fs.readdirSync(buildDir(dataDir, buildId));
  } catch {
    return false;
  }
  return names.some((name) => {
    const pid = MARKER.exec(name)?.[1];
    return pid !== undefined && isProcessAlive(Number(pid));
  });
}
