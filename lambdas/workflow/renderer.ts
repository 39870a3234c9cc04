import { createRenderer } from '../render/browser.js';
import { DEFAULT_RENDER_BUDGETS, type Renderer } from '../render/contract.js';
import { sharedFetcher } from './fetcher.js';

let renderer: Renderer | undefined;

/**
 * One browser per Lambda container, kept warm across invocations; its requests go through the
 * shared fetcher. CRAWL_RENDER_WALL_SECONDS shortens the per-page wall time (tests of endless scripts).
 */
export function sharedRenderer(): Renderer {
  const wallSeconds = Number(process.env.CRAWL_RENDER_WALL_SECONDS);
  renderer ??= createRenderer({ fetch: sharedFetcher(), budgets: { wallMs: wallSeconds > 0 ? wallSeconds * 1000 : DEFAULT_RENDER_BUDGETS.wallMs } });
  return renderer;
}

/** Closes the browser, if one was launched: a host that ends without exiting the process (the local runtime) calls it. */
export async function closeSharedRenderer(): Promise<void> {
  const current = renderer;
  renderer = undefined;
  await current?.close();
}
