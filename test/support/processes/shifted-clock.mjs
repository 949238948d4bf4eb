/**
 * Preloaded (NODE_OPTIONS=--import) into the processes of a test server: their clock (`Date`) is
 * the real one moved by the milliseconds written in the file named by PLACAR_TEST_CLOCK_FILE,
 * re-read at most every 100 ms, so a test can move a running server past midnight in São Paulo.
 * Timers are untouched; only what the server reads as "now" moves.
 */
import fs from 'node:fs';

const file = process.env.PLACAR_TEST_CLOCK_FILE;
const RealDate = Date;
let offsetMs = 0;
let readAt = Number.NEGATIVE_INFINITY;

function shiftedNow() {
  const now = RealDate.now();
  if (file && now - readAt > 100) {
    readAt = now;
    try {
      offsetMs = Number(fs.readFileSync(file, 'utf8')) || 0;
    } catch {
      // Kept as it was: the test writes the file before it starts the server.
    }
  }
  return now + offsetMs;
}

/** Date with "now" moved; called without `new` it returns a string, as Date does. */
function ShiftedDate(...args) {
  if (!new.target) return new RealDate(shiftedNow()).toString();
  return args.length === 0 ? new RealDate(shiftedNow()) : new RealDate(...args);
}
ShiftedDate.prototype = RealDate.prototype;
ShiftedDate.now = shiftedNow;
ShiftedDate.parse = RealDate.parse;
ShiftedDate.UTC = RealDate.UTC;
globalThis.Date = ShiftedDate;
