import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts a thread's CPU time in ticks of 1/100 s (USER_HZ) in /proc/<pid>/task/<tid>/stat. */
const TICKS_PER_SECOND = 100;

/** CPU seconds this process's threads have used, by thread id, with each thread's name. */
export type ThreadCpu = Map<number, { name: string; seconds: number }>;

/**
 * Every thread of this process with the CPU (user and system) it has used so far, or undefined
 * where /proc is not there to tell (not Linux). Lambda threads carry their function's name.
 */
export function threadCpu(): ThreadCpu | undefined {
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return undefined;
  }
  const threads: ThreadCpu = new Map();
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces; utime and stime are the 12th and 13th fields after it.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      threads.set(Number(tid), { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), seconds: ticks / TICKS_PER_SECOND });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return threads;
}

/**
 * Where the CPU went between two readings, largest first: the runtime's own thread (emulators,
 * API router, state machine), each function's instances by name, and the threads V8 and libuv keep
 * for garbage collection, compilation and file and crypto work, which Node leaves unnamed.
 */
export function cpuByThread(before: ThreadCpu, after: ThreadCpu): Array<{ thread: string; seconds: number }> {
  const byName = new Map<string, number>();
  for (const [tid, { name, seconds }] of after) {
    const thread = tid === process.pid ? 'runtime thread' : name === 'node' ? 'V8 and libuv threads' : name;
    byName.set(thread, (byName.get(thread) ?? 0) + seconds - (before.get(tid)?.seconds ?? 0));
  }
  return [...byName].map(([thread, seconds]) => ({ thread, seconds })).sort((a, b) => b.seconds - a.seconds);
}
