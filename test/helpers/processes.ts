import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';

/** A process of the machine: its id, its parent's, and its command line. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  command: string;
}

function processes(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last ')'
      const [state = '', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      entries.push({ pid: Number(name), ppid: Number(ppid), command });
    } catch {
      // ended while being read
    }
  }
  return entries;
}

/** Every live process below `root` (children, their children, …), found through /proc (Linux). */
export function descendantsOf(root: number): ProcessEntry[] {
  const all = processes();
  const found: ProcessEntry[] = [];
  const parents = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of all) {
      if (parents.has(entry.ppid) && !parents.has(entry.pid)) {
        parents.add(entry.pid);
        found.push(entry);
        grew = true;
      }
    }
  }
  return found;
}

/** Waits until none of `pids` runs; the ids still running after `timeoutMs`. */
export async function survivorsAfter(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = new Set(processes().map((entry) => entry.pid));
    const survivors = pids.filter((pid) => alive.has(pid));
    if (survivors.length === 0 || Date.now() > deadline) return survivors;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const settle = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => settle(true)).once('error', () => settle(false));
  });
}

/** Waits until nothing listens on this loopback port any more; false if something still does after `timeoutMs`. */
export async function portClosed(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await listening(port))) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}
