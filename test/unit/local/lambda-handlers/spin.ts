import { threadId } from 'node:worker_threads';

/** Keeps its thread's CPU busy for a while without yielding, as a page worker converting a large page. */
export const handler = async (event: { spinMs: number }) => {
  const until = Date.now() + event.spinMs;
  while (Date.now() < until) Math.sqrt(Math.random());
  return { threadId };
};
