/**
 * A memo of at most `maxEntries` values, least recently used out first: what clients can make
 * the server remember (one entry per distinct filter they send) stays bounded whatever they send.
 */
export interface BoundedMemo<V> {
  /** The value (now the most recently used), or undefined. */
  get(key: string): V | undefined;
  /** Whether the key is held, without making it more recent. */
  has(key: string): boolean;
  set(key: string, value: V): void;
  clear(): void;
  readonly size: number;
}

export function createBoundedMemo<V>(maxEntries: number): BoundedMemo<V> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const entries = new Map<string, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    has: (key) => entries.has(key),
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
