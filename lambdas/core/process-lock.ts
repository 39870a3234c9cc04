import { open, readFile, rm } from 'node:fs/promises';

const POLL_MS = 100;
const EMPTY_LOCK_GRACE_MS = 1_000;

export type LockResult = { release(): Promise<void> } | { heldBy: number };

/**
 * An exclusive lock between processes: a file created only if absent, holding its owner's pid. A
 * lock whose process is gone was left by a crash and is taken over. `ownProcess`: whether a lock
 * this process's pid holds is live (another thread of it is working) or was left behind by this
 * process and is stale. Waits up to `waitMs` for a live owner, then answers who holds it.
 */
export async function lockFile(file: string, options: { waitMs: number; ownProcess: 'live' | 'stale' }): Promise<LockResult> {
  const started = Date.now();
  const deadline = started + options.waitMs;
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim()) || undefined;
    // Empty while its owner is between creating and writing it; still empty after a while, left by a crash in between.
    const live = owner === undefined ? Date.now() - started < EMPTY_LOCK_GRACE_MS : owner === process.pid ? options.ownProcess === 'live' : processAlive(owner);
    if (!live) {
      await rm(file, { force: true });
      continue;
    }
    if (owner !== undefined && Date.now() >= deadline) return { heldBy: owner };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
