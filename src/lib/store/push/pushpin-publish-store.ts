/**
 * The only reader/writer of DATA_DIR/pushpin-publish.json: per Pushpin publish endpoint, the id
 * of the last event it took. On disk so that whichever refresher runs next (`npm start`, or the
 * next `npm run refresh` of a timer) sends an endpoint that failed what it missed. A missing or
 * invalid file reads as "nothing known": publishing then starts from the events of that refresh.
 */
import path from 'node:path';
import { z } from 'zod';
import { MATCH_EVENT_ID_PATTERN } from '../../model/model.ts';
import { readJsonFileOr, writeJsonAtomicallyAsync } from '../files/json-file.ts';

export const PUSHPIN_PUBLISH_FILE = 'pushpin-publish.json';

const PushpinPublishStateSchema = z.object({
  /** Publish URL → id of the last event it accepted. */
  lastIds: z.record(z.string().max(2048), z.string().regex(MATCH_EVENT_ID_PATTERN)),
});

function statePath(dataDir: string): string {
  return path.join(dataDir, PUSHPIN_PUBLISH_FILE);
}

export function readPushpinLastIds(dataDir: string): Map<string, string> {
  const state = readJsonFileOr(statePath(dataDir), PushpinPublishStateSchema, { lastIds: {} });
  return new Map(Object.entries(state.lastIds));
}

export async function writePushpinLastIds(dataDir: string, lastIds: ReadonlyMap<string, string>): Promise<void> {
  await writeJsonAtomicallyAsync(statePath(dataDir), { lastIds: Object.fromEntries(lastIds) }, { space: 2 });
}
