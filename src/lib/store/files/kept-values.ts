/**
 * What this process last read from or wrote to a data file, kept while the file on disk is still
 * that one (same inode, size and mtime). Every write renames a new file into place, so a change
 * made by another process (`npm run refresh`, a cluster's primary) is always seen; this process's
 * own writes are never read back, parsed and validated again: the refresh, the pages it renders
 * and /api/busca share one copy. Kept values are shared, so nobody mutates them.
 */
import fs from 'node:fs';

/** "inode:size:mtime" of `file` now; null when it is missing or unreadable. */
export function fileIdentity(file: string): string | null {
  try {
    const stats = fs.statSync(file);
    return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  } catch {
    return null;
  }
}

export interface KeptValues<T> {
  /** The value kept for `file` if the file is still the one it came from. */
  get(file: string): T | undefined;
  /** Keeps `value` as the contents of `file` as it was when `identity` was taken. */
  set(file: string, identity: string | null, value: T): void;
}

/** `limit`: files kept at most (the oldest kept goes first), for stores whose file names keep changing. */
export function createKeptValues<T>(limit = Number.POSITIVE_INFINITY): KeptValues<T> {
  const kept = new Map<string, { identity: string; value: T }>();
  return {
    get(file) {
      const entry = kept.get(file);
      if (!entry) return undefined;
      if (entry.identity === fileIdentity(file)) return entry.value;
      kept.delete(file);
      return undefined;
    },
    set(file, identity, value) {
      kept.delete(file);
      if (identity !== null) kept.set(file, { identity, value });
      for (const oldest of kept.keys()) {
        if (kept.size <= limit) break;
        kept.delete(oldest);
      }
    },
  };
}
