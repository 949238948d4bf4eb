/**
 * The browser's shared sightings — which changes some tab already notified — read and replaced in
 * one step, so a change is claimed by one tab only.
 *
 * Kept in IndexedDB, not localStorage: Chromium keeps a copy of localStorage in each renderer
 * process and sends writes to the others asynchronously, so a second tab taking the Web Lock right
 * after the first could still read the old value and notify the same goal again (seen once on a
 * busy CI machine). An IndexedDB read-write transaction reads what the last committed one wrote,
 * whatever the process, and two of them on one store never overlap. Where IndexedDB cannot be
 * opened (some privacy modes), localStorage under the lock is the fallback.
 */
import { pruneSightings, readSightings, SIGHTINGS_KEPT_MS, type Sightings } from '../../lib/display/alert-sightings.ts';

const DATABASE = 'placar';
const STORE = 'alertas';
const KEY = 'vistos';
const LEGACY_KEY = 'placar:alertas-vistos';
const LOCK_NAME = 'placar:alertas';

/** What one claim decided: the sightings to keep, and its result. */
export interface SharedUpdate<T> {
  sightings: Sightings;
  result: T;
}

let database: Promise<IDBDatabase> | undefined;

function openDatabase(): Promise<IDBDatabase> {
  database ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB indisponível'));
  });
  return database;
}

function kept(sightings: Sightings): string {
  return JSON.stringify(pruneSightings(sightings, Date.now() - SIGHTINGS_KEPT_MS));
}

/** One read-write transaction: read, decide, write; resolved once committed (visible to every tab). */
async function updateInDatabase<T>(decide: (shared: Sightings) => SharedUpdate<T>): Promise<T> {
  const db = await openDatabase();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    // Set by the read's success handler, which runs before the transaction can complete.
    let decided: { result: T } | null = null;
    const read = store.get(KEY);
    read.onsuccess = () => {
      const update = decide(readSightings(typeof read.result === 'string' ? read.result : null));
      decided = { result: update.result };
      store.put(kept(update.sightings), KEY);
    };
    transaction.oncomplete = () =>
      decided ? resolve(decided.result) : reject(new Error('transação concluída sem leitura'));
    transaction.onabort = () => reject(transaction.error ?? new Error('transação abortada'));
  });
}

function updateInLocalStorage<T>(decide: (shared: Sightings) => SharedUpdate<T>): T {
  let shared: Sightings = {};
  try {
    shared = readSightings(localStorage.getItem(LEGACY_KEY));
  } catch {
    // Unreadable (merely reaching localStorage throws in some privacy modes): none.
  }
  const update = decide(shared);
  try {
    localStorage.setItem(LEGACY_KEY, kept(update.sightings));
  } catch {
    // Not kept: each tab then notifies on its own.
  }
  return update.result;
}

async function updateShared<T>(decide: (shared: Sightings) => SharedUpdate<T>): Promise<T> {
  if (typeof indexedDB !== 'undefined') {
    try {
      return await updateInDatabase(decide);
    } catch {
      // Falls through to localStorage.
    }
  }
  return updateInLocalStorage(decide);
}

/**
 * Runs `decide` on the shared sightings and keeps what it returns, one tab at a time (the Web Lock
 * also orders the localStorage fallback; without Web Locks two tabs may both notify a change seen at
 * the same moment there).
 */
export function claimInSharedSightings<T>(decide: (shared: Sightings) => SharedUpdate<T>): Promise<T> {
  if ('locks' in navigator) return navigator.locks.request(LOCK_NAME, () => updateShared(decide));
  return updateShared(decide);
}
