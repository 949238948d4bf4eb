/**
 * The server's build notices, heard by every part of the page that polls (poll-listing.ts,
 * search.ts), which then fetches what it shows at once instead of at its next 60-s poll.
 * - One stream per browser, not per tab: over HTTP/1.1 a browser opens six connections per host,
 *   and a stream held by each of six tabs would leave every fetch queued for ever. The tab holding
 *   the Web Lock LOCK_NAME leads: it holds the stream (notice-stream.ts) and relays each notice to the
 *   other tabs on the BroadcastChannel CHANNEL_NAME. The others wait for the lock, so when the
 *   leader closes (the browser releases its lock) or stops wanting notices, the next one leads.
 * - Without Web Locks (no secure context: plain HTTP on a LAN name or address) the leader is elected
 *   on a BroadcastChannel alone (channel-election.ts, loaded only then: few pages need it, every page would
 *   pay its bytes). Without BroadcastChannel each tab holds its own stream.
 * - A tab wants notices while something listens and it updates (hidden-tab.ts: a hidden tab only
 *   while alerts need it); a leader that stops wanting them closes the stream and lets go, so a
 *   background tab neither holds a connection on the server nor retries one on a bucket.
 * - A notice reaches every tab at the same moment: each waits a random moment of up to SPREAD_MS
 *   first, so their requests do not all land in the same instant.
 */
import { closeNoticeStream, openNoticeStream, type NoticeStreamHandlers } from './notice-stream.ts';
import { updatesWanted } from './hidden-tab.ts';

export const SPREAD_MS = 500;
const LOCK_NAME = 'placar:avisos';
const CHANNEL_NAME = 'placar:avisos';

/** What the leader relays: a notice, or its stream opened after a gap (a notice may have been missed). */
type Relayed = 'build' | 'reopened';
const isRelayed = (value: unknown): value is Relayed => value === 'build' || value === 'reopened';

type Listener = () => void;

const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
const locked = channel !== null && 'locks' in navigator;
/** Ends this tab's lead (closes the stream and lets the lock go); null while it does not lead. */
let resign: (() => void) | null = null;
/** Cancels this tab's wait for the lock; null while it does not wait. */
let waiting: AbortController | null = null;
/** Withdraws this tab from the election on the channel; null while it does not stand. */
let withdraw: (() => void) | null = null;

function callListeners(): void {
  for (const listener of [...listeners]) listener();
}

function hear(relayed: Relayed): void {
  if (listeners.size === 0 || !updatesWanted()) return;
  if (relayed === 'reopened') callListeners();
  else setTimeout(callListeners, Math.random() * SPREAD_MS);
}

const relay: NoticeStreamHandlers = {
  notice: () => tell('build'),
  reopened: () => tell('reopened'),
};

function tell(relayed: Relayed): void {
  channel?.postMessage(relayed);
  hear(relayed);
}

function wanted(): boolean {
  return listeners.size > 0 && updatesWanted();
}

/** Holds the stream until resigned; `gap`: another tab held it until now. */
function lead(gap: boolean): Promise<void> {
  return new Promise((resolve) => {
    resign = () => {
      resign = null;
      closeNoticeStream();
      resolve();
    };
    openNoticeStream(relay, gap);
  });
}

/** Leads while the lock is held and notices are wanted; false when the lock was not there to take. */
async function holdLock(lock: Lock | null, gap: boolean): Promise<boolean> {
  if (lock === null) return false;
  waiting = null;
  if (wanted()) await lead(gap);
  return true;
}

/** Takes the lock if free; else waits for it (the leader's notices arrive on the channel meanwhile). */
async function seekLead(): Promise<void> {
  const controller = new AbortController();
  waiting = controller;
  try {
    const held = await navigator.locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => holdLock(lock, false));
    if (!held && !controller.signal.aborted) {
      await navigator.locks.request(LOCK_NAME, { signal: controller.signal }, (lock) => holdLock(lock, true));
    }
  } catch {
    // The wait was cancelled: the tab no longer wants notices.
  } finally {
    if (waiting === controller) waiting = null;
  }
}

/** Leads, waits for the lead or lets both go, as the tab wants notices or not. */
function sync(): void {
  if (!wanted()) {
    waiting?.abort();
    waiting = null;
    withdraw?.();
    withdraw = null;
    resign?.();
  } else if (resign === null && waiting === null && withdraw === null) {
    if (locked) void seekLead();
    else if (channel !== null) standOnChannel();
    else void lead(false);
  }
}

/** Stands in the channel election (its code loaded now); a tab that cannot load it holds its own stream. */
function standOnChannel(): void {
  let withdrawn = false;
  let stop: (() => void) | null = null;
  withdraw = () => {
    withdrawn = true;
    stop?.();
  };
  import('./channel-election.ts')
    .then(({ standForLead }) => {
      if (!withdrawn) stop = standForLead({ lead: (gap) => void lead(gap), depose: () => resign?.() });
    })
    .catch(() => {
      if (withdrawn) return;
      withdraw = null;
      void lead(false);
    });
}

channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (isRelayed(event.data)) hear(event.data);
});

/** Calls `listener` after each new build the server serves; returns what stops it. */
export function onNewBuild(listener: Listener): () => void {
  listeners.add(listener);
  sync();
  return () => {
    listeners.delete(listener);
    sync();
  };
}

document.addEventListener('visibilitychange', sync);
