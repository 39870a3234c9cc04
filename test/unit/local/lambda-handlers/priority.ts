import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';

/** The nice value of a process, field 19 of its /proc stat (after the name in parentheses). */
const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);

/** Answers with the scheduling priority of its thread and of a process it starts (Linux). */
export const handler = async () => {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  const child = execFileSync('sh', ['-c', 'cat /proc/$$/stat']).toString();
  return { thread: getPriority(threadId), child: niceOf(child), process: niceOf(readFileSync('/proc/self/stat', 'utf8')) };
};
