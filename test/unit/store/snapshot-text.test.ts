import { describe, expect, it } from 'vitest';
import { jsonOnce } from '../../../src/lib/model/json-once.ts';
import { serializeSnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';

describe('snapshot.json', () => {
  it('is the snapshot’s JSON, each listing the text its /api route serves', () => {
    const snapshot = buildFixtureSnapshot();
    const text = serializeSnapshot(snapshot);
    expect(JSON.parse(text)).toEqual(snapshot);
    expect(text).toBe(`${JSON.stringify(snapshot)}\n`);
    for (const listing of ['live', 'hoje', 'amanha', 'ontem'] as const) {
      expect(text).toContain(`"${listing}":${jsonOnce(snapshot[listing])}`);
    }
  });
});
