/**
 * DATA_DIR/current, the build that is served: publishing re-points it at builds/<id>/client with
 * a temp symlink renamed over it (rename is atomic), so a reader resolves either the old or the
 * new build, never nothing. The refresh writes it; servers and cleanup read it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errorMessage } from '../../model/caught-error.ts';
import { currentLinkPath, currentLinkTarget, parseCurrentLinkTarget } from './build-layout.ts';

export class BuildSwapError extends Error {
  override name = 'BuildSwapError' as const;
}

export function swapCurrentBuild(dataDir: string, buildId: string): void {
  const link = currentLinkPath(dataDir);
  const temp = path.join(dataDir, `.current.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  fs.symlinkSync(currentLinkTarget(buildId), temp);
  try {
    fs.renameSync(temp, link);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    const reason = `Não foi possível apontar ${link} para o build ${buildId}: ${errorMessage(error)}`;
    throw new BuildSwapError(reason, { cause: error });
  }
}

/** The build `current` points at; null when there is no link (or it names no build). */
export function readCurrentBuildId(dataDir: string): string | null {
  try {
    return parseCurrentLinkTarget(fs.readlinkSync(currentLinkPath(dataDir)));
  } catch {
    return null;
  }
}
