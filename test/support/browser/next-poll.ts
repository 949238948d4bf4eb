/**
 * The page's next poll, with the browser clock moved forward until it goes. A page schedules its
 * next poll only once the last answer is read and shown; on a busy machine that can come after a
 * single 60-s jump of the clock, and the poll would then never go. A second at a time, the poll
 * goes as soon as its minute is up, wherever the minute started.
 */
import type { Page, Request } from 'playwright-core';

const STEP_MS = 1_000;
/** Two poll intervals: the poll is late past this, whatever the machine. */
const MAX_WAIT_MS = 120_000;

export async function advanceClockToNextPoll(page: Page, endpoint: string): Promise<Request> {
  let request: Request | undefined;
  const listener = (sent: Request): void => {
    if (sent.url().endsWith(endpoint)) request ??= sent;
  };
  page.on('request', listener);
  try {
    for (let waited = 0; request === undefined && waited < MAX_WAIT_MS; waited += STEP_MS) {
      await page.clock.runFor(STEP_MS);
    }
  } finally {
    page.off('request', listener);
  }
  if (request === undefined)
    throw new Error(`no request to ${endpoint} within ${MAX_WAIT_MS / 1000} s of the page's clock`);
  return request;
}
