/**
 * Group 12's refresher side, in a process of its own (so its CPU and memory are its own, and
 * it trusts the local push service through NODE_EXTRA_CA_CERTS as a deployed Placar would
 * trust a real one): a push sender on DATA_DIR (argv[2]), one new GOAL event written to the
 * event store after the sender started (as a refresh records it), send(), wait until every
 * push was handed over. Prints one JSON line: when sending began, how long until every push
 * was queued and until idle, CPU and memory.
 */
import { createPushSender } from '../../src/refresh/publish/push-sender.ts';
import { loadVapidKeys } from '../../src/lib/store/push/push-keys.ts';
import { readEventStore, writeEventStoreAtomically } from '../../src/lib/store/scraped/event-store.ts';
import type { MatchEvent } from '../../src/lib/model/model.ts';

const dataDir = process.argv[2] ?? '';
const goal = JSON.parse(process.argv[3] ?? '{}') as MatchEvent;
const lines: string[] = [];
let queuedAt = 0;
let queued = 0;
const sender = createPushSender({
  onQueued: (pushes) => {
    queuedAt = Date.now();
    queued = pushes;
  },
  dataDir,
  subject: 'mailto:bench@placar.test',
  keys: loadVapidKeys(dataDir),
  log: (line) => lines.push(line),
});
const store = readEventStore(dataDir);
if (!store) throw new Error('no event store');
writeEventStoreAtomically(dataDir, { ...store, lastId: goal.id, events: [goal] });
const rssBefore = process.memoryUsage().rss;
const cpu = process.cpuUsage();
const startedAt = Date.now();
sender.send();
await sender.idle();
const idleAt = Date.now();
const used = process.cpuUsage(cpu);
sender.stop();
process.stdout.write(
  `${JSON.stringify({
    startedAt,
    idleMs: idleAt - startedAt,
    queuedMs: queuedAt - startedAt,
    queued,
    cpuSeconds: (used.user + used.system) / 1e6,
    rssBeforeMb: rssBefore / 2 ** 20,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    log: lines,
  })}\n`,
);
