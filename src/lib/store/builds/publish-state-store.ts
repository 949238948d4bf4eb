/**
 * The only reader/writer of DATA_DIR/publish-state.json: how the last PUBLISH_COMMAND run
 * ended. On disk rather than in memory so /healthz shows it whichever process published
 * (`npm start` or a manual `npm run refresh`). A missing or invalid file reads as "never ran".
 */
import path from 'node:path';
import { z } from 'zod';
import { readJsonFileOr, writeJsonAtomically } from '../files/json-file.ts';

export const PUBLISH_STATE_FILE = 'publish-state.json';

export const PublishStateSchema = z.object({
  /** When the last run started (ISO 8601, São Paulo offset). */
  lastRunAt: z.string().nullable(),
  /** The build the last run published (or tried to). */
  lastBuildId: z.string().nullable(),
  lastDurationMs: z.number().int().nonnegative().nullable(),
  /** When the last successful run started. */
  lastSuccessAt: z.string().nullable(),
  /** Why the last run failed; null when it succeeded. */
  lastError: z.string().nullable(),
});
export type PublishState = z.infer<typeof PublishStateSchema>;

export function publishStatePath(dataDir: string): string {
  return path.join(dataDir, PUBLISH_STATE_FILE);
}

export function emptyPublishState(): PublishState {
  return { lastRunAt: null, lastBuildId: null, lastDurationMs: null, lastSuccessAt: null, lastError: null };
}

export function readPublishState(dataDir: string): PublishState {
  return readJsonFileOr(publishStatePath(dataDir), PublishStateSchema, emptyPublishState());
}

export function writePublishStateAtomically(dataDir: string, state: PublishState): void {
  writeJsonAtomically(publishStatePath(dataDir), PublishStateSchema.parse(state), { space: 2 });
}
