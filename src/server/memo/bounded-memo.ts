/**
 * A memo bounded in entries (and, given a weight per value, in total weight, e.g. bytes), least
 * recently used out first: what clients can make the server remember (one entry per distinct
 * filter they send) stays bounded whatever they send.
 */
export interface BoundedMemo<V> {
  /** The value (now the most recently used), or undefined. */
  get(key: string): V | undefined;
  /** Whether the key is held, without making it more recent. */
  has(key: string): boolean;
  /** Stores (or re-weighs) the value; one heavier than the whole bound is not kept. */
  set(key: string, value: V): void;
  clear(): void;
  readonly size: number;
  /** What the values held weigh together (0 without `weigh`). */
  readonly weight: number;
}

export interface MemoBounds<V> {
  maxEntries: number;
  /** With `weigh`: the most the values may weigh together. */
  maxWeight?: number;
  weigh?: (value: V) => number;
}

export function createBoundedMemo<V>(bounds: number | MemoBounds<V>): BoundedMemo<V> {
  const {
    maxEntries,
    maxWeight = Number.POSITIVE_INFINITY,
    weigh = () => 0,
  } = typeof bounds === 'number' ? { maxEntries: bounds } : bounds;
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const entries = new Map<string, { value: V; weight: number }>();
  let weight = 0;
  const remove = (key: string): void => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.weight;
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    has: (key) => entries.has(key),
    set(key, value) {
      remove(key);
      const entryWeight = weigh(value);
      if (entryWeight > maxWeight) return;
      entries.set(key, { value, weight: entryWeight });
      weight += entryWeight;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && weight <= maxWeight) break;
        remove(oldest);
      }
    },
    clear() {
      entries.clear();
      weight = 0;
    },
    get size() {
      return entries.size;
    },
    get weight() {
      return weight;
    },
  };
}
