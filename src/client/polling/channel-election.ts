/**
 * Elects one leader among a browser's tabs on a BroadcastChannel alone, where Web Locks are missing
 * (a page that is no secure context: plain HTTP on a LAN name or address). A lease:
 * - the leader says so every HEARTBEAT_MS; a tab that hears no leader or claim for LEASE_MS claims
 *   the lead, and after CLAIM_MS without a higher claim (ids are random) or a leader's word it leads;
 * - a leader hearing a claim answers at once; of two leaders the lower id steps down;
 * - a leader that stops (or whose page goes away) says so, and the others claim at once.
 */
const CHANNEL_NAME = 'placar:lider';
export const HEARTBEAT_MS = 1_000;
/** Several heartbeats: a busy tab's timers run late. */
export const LEASE_MS = 5 * HEARTBEAT_MS;
const CLAIM_MS = HEARTBEAT_MS;

type Kind = 'leader' | 'claim' | 'resign';
interface Message {
  kind: Kind;
  id: number;
}

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' &&
  value !== null &&
  'kind' in value &&
  (value.kind === 'leader' || value.kind === 'claim' || value.kind === 'resign') &&
  'id' in value &&
  typeof value.id === 'number';

export interface Candidate {
  /** This tab leads now; `gap`: another tab led before (its notices may have been missed). */
  lead(gap: boolean): void;
  /** This tab leads no more (another does, or its page goes away). */
  depose(): void;
}

const id = Math.random();
/** Null in a browser without BroadcastChannel: no tab stands there (build-notices.ts). */
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
let candidate: Candidate | null = null;
let phase: 'following' | 'claiming' | 'leading' = 'following';
let timer: ReturnType<typeof setTimeout> | undefined;
let heartbeat: ReturnType<typeof setInterval> | undefined;
/** Whether another tab was heard leading since this page opened. */
let leaderHeard = false;

function post(kind: Kind): void {
  channel?.postMessage({ kind, id } satisfies Message);
}

function stopTimers(): void {
  clearTimeout(timer);
  clearInterval(heartbeat);
}

/** Waits for the leader's word; claims the lead after `wait` without it. */
function follow(wait = LEASE_MS): void {
  stopTimers();
  phase = 'following';
  timer = setTimeout(claim, wait);
}

function claim(): void {
  stopTimers();
  phase = 'claiming';
  post('claim');
  timer = setTimeout(win, CLAIM_MS);
}

function win(): void {
  stopTimers();
  phase = 'leading';
  post('leader');
  heartbeat = setInterval(() => post('leader'), HEARTBEAT_MS);
  candidate?.lead(leaderHeard);
}

/** Stops leading, telling the others so they claim at once. */
function stepDown(): void {
  stopTimers();
  post('resign');
  candidate?.depose();
}

channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (!isMessage(event.data)) return;
  const { kind, id: from } = event.data;
  if (kind === 'leader') leaderHeard = true;
  if (candidate === null) return;
  if (phase === 'leading') {
    if (kind === 'claim') post('leader');
    else if (kind === 'leader' && from > id) {
      stopTimers();
      candidate.depose();
      follow();
    }
  } else if (kind === 'leader' || (kind === 'claim' && (phase === 'following' || from > id))) {
    // A follower lets a claim already made run its course; of two claimants the higher id goes on.
    follow();
  } else if (kind === 'resign' && phase === 'following') {
    claim();
  }
});

window.addEventListener('pagehide', () => {
  if (candidate !== null && phase === 'leading') {
    stepDown();
    follow();
  }
});

/** Makes this tab a candidate: `to` is told when it leads and when it stops; returns what withdraws it. */
export function standForLead(to: Candidate): () => void {
  candidate = to;
  follow();
  return () => {
    if (phase === 'leading') stepDown();
    else stopTimers();
    phase = 'following';
    candidate = null;
  };
}
