/**
 * What /proc says about a process (Linux only): CPU seconds (its own and its waited-for
 * children's) and resident memory now and at its peak (VmHWM). A watcher polls a process's
 * children so a short-lived child's peak memory is caught before it exits.
 */
import fs from 'node:fs';

/** USER_HZ: the unit of the CPU times in /proc/<pid>/stat; 100 on every Linux build in use. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface CpuTimes {
  /** utime + stime of the process itself, seconds. */
  self: number;
  /** cutime + cstime: children (and their descendants) it has waited for, seconds. */
  children: number;
}

function readStatFields(pid: number): string[] | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: split after the last ')'.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Fields after the name are 0-based from "state" (field 3): ppid = 1, utime = 11 … cstime = 14. */
export function readCpuTimes(pid: number): CpuTimes | null {
  const fields = readStatFields(pid);
  if (!fields) return null;
  const tick = (index: number): number => Number(fields[index] ?? 0) / CLOCK_TICKS_PER_SECOND;
  return { self: tick(11) + tick(12), children: tick(13) + tick(14) };
}

export function totalCpuSeconds(times: CpuTimes | null): number {
  return times ? times.self + times.children : 0;
}

export interface MemoryKb {
  rss: number;
  peak: number;
}

export function readMemoryKb(pid: number): MemoryKb | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return null;
  }
}

export interface SmapsKb {
  rss: number;
  /** Proportional: shared pages divided among the processes sharing them (the Node binary counted once overall). */
  pss: number;
  /** Unique (private) pages: what the machine gets back if the process exits. */
  private: number;
  /** Anonymous pages: V8's heap, buffers, malloc; the rest of RSS is files (the Node binary, libraries). */
  anonymous: number;
}

/** A process's memory as /proc/<pid>/smaps_rollup sums it up, KB. */
export function readSmapsKb(pid: number): SmapsKb | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return {
      rss: field('Rss'),
      pss: field('Pss'),
      private: field('Private_Clean') + field('Private_Dirty'),
      anonymous: field('Anonymous'),
    };
  } catch {
    return null;
  }
}

/** pid → parent pid, for every process visible now. */
function readParents(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = readStatFields(Number(name));
    if (fields) parents.set(Number(name), Number(fields[1]));
  }
  return parents;
}

/** Direct children of `pid` now (e.g. nginx's workers). */
export function listChildren(pid: number): number[] {
  return [...readParents()].filter(([, ppid]) => ppid === pid).map(([child]) => child);
}

export interface ChildrenWatch {
  /** Largest VmHWM any direct child of the root reached since the last take() (KB), and how many children were seen. */
  take(): { peakKb: number; children: number };
  stop(): void;
}

/** Polls the direct children of `rootPid` (the build children of a server) every `intervalMs`. */
export function watchChildren(rootPid: number, intervalMs = 50): ChildrenWatch {
  let peakKb = 0;
  const seen = new Set<number>();
  const timer = setInterval(() => {
    const parents = readParents();
    for (const [pid, ppid] of parents) {
      if (ppid !== rootPid) continue;
      seen.add(pid);
      peakKb = Math.max(peakKb, readMemoryKb(pid)?.peak ?? 0);
    }
  }, intervalMs);
  timer.unref();
  return {
    take() {
      const result = { peakKb, children: seen.size };
      peakKb = 0;
      seen.clear();
      return result;
    },
    stop: () => clearInterval(timer),
  };
}

/** Every descendant of `rootPid` alive now (children, grandchildren, …). */
export function listDescendants(rootPid: number): number[] {
  const parents = readParents();
  const found: number[] = [];
  let frontier = [rootPid];
  while (frontier.length > 0) {
    const next = [...parents].filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/**
 * CPU seconds of a whole service: the root's own, its waited-for children's, and those of every
 * descendant still running (a long-lived worker's CPU shows up nowhere else). Differences of two
 * readings are continuous: a child that exits moves its time into its parent's waited-for total.
 */
export function readServiceCpuSeconds(rootPid: number): number {
  return [rootPid, ...listDescendants(rootPid)].reduce((sum, pid) => sum + totalCpuSeconds(readCpuTimes(pid)), 0);
}

/** RSS of a whole service now, KB: the root process and every descendant (a cluster's workers), summed. */
export function readServiceRssKb(rootPid: number): number {
  return [rootPid, ...listDescendants(rootPid)].reduce((sum, pid) => sum + (readMemoryKb(pid)?.rss ?? 0), 0);
}

export interface ServiceMemoryWatch {
  /** Largest sum of RSS (root + every descendant) seen since the last take(), KB. */
  take(): { peakKb: number };
  stop(): void;
}

/** Polls the RSS of a service — the root process and all its descendants, summed — every `intervalMs`. */
export function watchServiceMemory(rootPid: number, intervalMs = 50): ServiceMemoryWatch {
  let peakKb = 0;
  const timer = setInterval(() => {
    peakKb = Math.max(peakKb, readServiceRssKb(rootPid));
  }, intervalMs);
  timer.unref();
  return {
    take() {
      const result = { peakKb };
      peakKb = 0;
      return result;
    },
    stop: () => clearInterval(timer),
  };
}
