/**
 * How a match-page request gets its place in the budget's window (request-budget.ts): in memory
 * and in DATA_DIR/details/schedule.json before it is sent, and a request whose place could not be
 * written is not sent (the file outlives this process; the match records are written only after
 * the pages are read). A refresh's plan takes its places in one write, at the latest instant one
 * of them can be sent (a window a crash leaves on disk counts them late, never early), and
 * `settle` puts them at the instants they were sent: one write per request, one after the other,
 * would hold up the refresh at each.
 */
import { writeDetailScheduleAsync, type DetailSchedule } from '../../lib/store/scraped/detail-store.ts';
import type { RequestBudget } from './request-budget.ts';

export interface RequestAdmission {
  /** Takes the places of `count` requests sent before `latestAt` in one write (fewer if the window is fuller). */
  reserve(count: number, latestAt: number): Promise<void>;
  /** Admits one request: a reserved place, or a place of its own written first. false: not to be sent. */
  admitRequest(): Promise<boolean>;
  /** The reserved places not used go back; the used ones move to the instants their requests were sent. */
  settle(): void;
  /** Requests admitted so far. */
  requested(): number;
}

export function createRequestAdmission(options: {
  dataDir: string;
  budget: RequestBudget;
  /** The schedule file's other fields as they are when a place is written (a pause may start meanwhile). */
  scheduleFields: () => Omit<DetailSchedule, 'requests'>;
  now: () => number;
}): RequestAdmission {
  const { dataDir, budget, scheduleFields, now } = options;
  const write = (): Promise<void> =>
    writeDetailScheduleAsync(dataDir, { requests: budget.recent(), ...scheduleFields() });
  const reservation = { at: 0, taken: 0, left: 0, sentAt: [] as number[] };
  let requested = 0;
  let admissions: Promise<unknown> = Promise.resolve();
  return {
    async reserve(count, latestAt) {
      const taken = budget.reserve(count, latestAt);
      if (taken === 0) return;
      try {
        await write();
        Object.assign(reservation, { at: latestAt, taken, left: taken });
      } catch {
        budget.settle(latestAt, taken, []);
      }
    },
    admitRequest() {
      if (reservation.left > 0) {
        reservation.left -= 1;
        reservation.sentAt.push(now());
        requested += 1;
        return Promise.resolve(true);
      }
      // One at a time: each written place sees the ones before it.
      const admission = admissions.then(async () => {
        if (!budget.admit()) return false;
        try {
          await write();
        } catch {
          budget.withdraw();
          return false;
        }
        requested += 1;
        return true;
      });
      admissions = admission.catch(() => undefined);
      return admission;
    },
    settle() {
      budget.settle(reservation.at, reservation.taken, reservation.sentAt);
      Object.assign(reservation, { taken: 0, left: 0, sentAt: [] });
    },
    requested: () => requested,
  };
}
