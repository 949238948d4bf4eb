import { describe, expect, it } from 'vitest';
import { serializeSnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';

describe('snapshot.json', () => {
  it('is the snapshot’s JSON, not indented, one line with a final newline', () => {
    const snapshot = buildFixtureSnapshot();
    const text = serializeSnapshot(snapshot);
    expect(JSON.parse(text)).toEqual(snapshot);
    expect(text).toBe(`${JSON.stringify(snapshot)}\n`);
    expect(text.indexOf('\n')).toBe(text.length - 1);
  });
});
