import type { Context } from 'aws-lambda';
import { appendFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';

/** Answers with what it saw: the event, one environment variable, its remaining time and its thread. */
export const handler = async (event: { variable?: string; waitMs?: number; exitLog?: string }, context: Context) => {
  if (event.exitLog) {
    const exitLog = event.exitLog;
    process.once('exit', () => appendFileSync(exitLog, `${threadId}\n`));
  }
  if (event.waitMs) await new Promise((resolve) => setTimeout(resolve, event.waitMs));
  return { event, variable: event.variable ? process.env[event.variable] : undefined, remainingMs: context.getRemainingTimeInMillis(), threadId };
};
