/**
 * A child process for the kill -9 tests: writes two different snapshots to DATA_DIR in a
 * tight loop with the project's writeSnapshotAtomically, so a kill lands mid-write.
 * Usage: node test/support/processes/snapshot-write-loop.ts <dataDir> <a.json> <b.json>
 */
import fs from 'node:fs';
import { SnapshotSchema } from '../../../src/lib/model/model.ts';
import { writeSnapshotAtomically } from '../../../src/lib/store/scraped/snapshot-store.ts';

const [dataDir, first, second] = process.argv.slice(2);
if (!dataDir || !first || !second) throw new Error('usage: snapshot-write-loop.ts <dataDir> <a.json> <b.json>');
const snapshots = [first, second].map((file) => SnapshotSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))));
// One whole write first: a kill before it (a slow fsync on a loaded machine) would find no file at all, which
// says nothing of a write cut in the middle.
writeSnapshotAtomically(dataDir, snapshots[1] ?? snapshots[0]!);
process.stdout.write('writing\n');
for (let i = 0; ; i++) writeSnapshotAtomically(dataDir, snapshots[i % 2] ?? snapshots[0]!);
