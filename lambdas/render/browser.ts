import { errors, chromium as playwright, type Browser, type Page, type Route } from 'playwright-core';
import { availableParallelism } from 'node:os';
import { FetchError, type FetchDocument } from '../core/fetch-types.js';
import { userAgent } from '../net/user-agent.js';
import { chromiumExecutable, packagedChromiumArgs } from './chromium-binary.js';
import { headersForBrowser, judgeRequest } from './request-policy.js';
import { DEFAULT_RENDER_BUDGETS, RenderError, type RenderBudgets, type RenderedPage, type Renderer, type StaticPage } from './contract.js';

/**
 * Launch flags that leave the browser no way out but the interception: every proxyable request
 * goes to a dead proxy (loopback included, which Chrome would otherwise bypass), every host name
 * resolves to nothing, WebRTC may not use UDP, and background fetching is off. What the page asks
 * for is answered by `route` before any of this is reached.
 */
export const LOCKDOWN_ARGS = [
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--dns-prefetch-disable',
  '--force-webrtc-ip-handling-policy',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-pings',
];

/** Flags of @sparticuz/chromium we drop: they would give pages more than a normal browser allows. */
const UNSAFE_ARGS = new Set(['--disable-web-security', '--allow-running-insecure-content']);

/** No peer connections at all: WebRTC could otherwise reach addresses the fetcher never sees. */
const PAGE_LOCKDOWN_SCRIPT = `(() => {
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']) {
    try { Object.defineProperty(window, name, { value: undefined, configurable: false }); } catch {}
  }
  window.open = () => null;
})();`;

/**
 * Counts the page's elements, shadow trees included, and when the page has open shadow roots
 * serializes the tree as it is rendered: each shadow host holds its shadow tree, each slot the
 * nodes assigned to it (or its fallback), light children no slot takes are left out. The browser's
 * own serialization leaves shadow trees out, though every reader sees their text. Closed shadow
 * roots cannot be reached from the page. The copy is built in an inert document, where no image
 * loads and no script runs. `html` is null for a page without shadow roots.
 */
const READ_COMPOSED_TREE = `(() => {
  let elements = 0;
  let hosts = 0;
  const count = (root) => {
    for (const element of root.querySelectorAll('*')) {
      elements += 1;
      if (element.shadowRoot) { hosts += 1; count(element.shadowRoot); }
    }
  };
  count(document);
  if (hosts === 0) return { elements, html: null };
  const inert = document.implementation.createHTMLDocument('');
  const flatten = (node) => {
    if (node.localName === 'slot' && node.getRootNode() instanceof ShadowRoot) {
      const slotted = inert.createDocumentFragment();
      for (const assigned of node.assignedNodes({ flatten: true })) slotted.append(flatten(assigned));
      return slotted;
    }
    const copy = inert.importNode(node, false);
    if (node.nodeType !== Node.ELEMENT_NODE) return copy;
    for (const child of (node.shadowRoot ?? node).childNodes) copy.append(flatten(child));
    return copy;
  };
  return { elements, html: '<!DOCTYPE html>' + flatten(document.documentElement).outerHTML };
})()`;

/**
 * Launches @sparticuz/chromium (the Lambda build), with the package's flags less the unsafe ones.
 * A Lambda container renders one page at a time, so it keeps the package's `--single-process`.
 * A host that renders several pages at once in one browser (the local runtime) gives each page a
 * renderer process of its own: in one process, one page's endless script would stall them all.
 */
export async function launchBrowser(options: { concurrentPages: boolean } = { concurrentPages: !process.env.AWS_LAMBDA_FUNCTION_NAME }): Promise<Browser> {
  // CRAWL_CHROMIUM_EXECUTABLE: another Chromium build (Debian's, say) where the packaged one cannot run.
  const executablePath = process.env.CRAWL_CHROMIUM_EXECUTABLE || (await chromiumExecutable());
  const dropped = options.concurrentPages ? new Set([...UNSAFE_ARGS, '--single-process']) : UNSAFE_ARGS;
  const args = [...packagedChromiumArgs().filter((arg) => !dropped.has(arg)), ...LOCKDOWN_ARGS];
  return playwright.launch({ executablePath, args, headless: true, timeout: 60_000 });
}

/**
 * A renderer that keeps one browser for as long as its container lives (a warm Lambda reuses it)
 * and gives each page a fresh context, so nothing one site stores is seen by the next. Every
 * request is routed through `fetch` (the service's fetcher) or refused (`judgeRequest`).
 */
export function createRenderer(options: {
  fetch: FetchDocument;
  budgets?: Partial<RenderBudgets>;
  launch?: () => Promise<Browser>;
  /** Pages rendered at once; the others wait their turn before their wall time starts. */
  maxConcurrentPages?: number;
}): Renderer {
  const budgets: RenderBudgets = { ...DEFAULT_RENDER_BUDGETS, ...options.budgets };
  const launch = options.launch ?? (() => launchBrowser());
  // A Lambda container renders one page at a time anyway; a host running many workers in one
  // process (the local runtime) would otherwise starve every page of CPU until all time out.
  const slots = new Slots(options.maxConcurrentPages ?? Math.max(2, availableParallelism()));
  let running: Promise<{ browser: Browser; keepAlive: Page }> | undefined;

  const browser = () => {
    running ??= (async () => {
      const launched = await launch().catch((error: unknown) => {
        throw launchFailure(error);
      });
      // The Lambda build runs single-process: with no page open the browser would wind down.
      const keepAlive = await (await launched.newContext()).newPage();
      launched.on('disconnected', () => {
        running = undefined;
      });
      return { browser: launched, keepAlive };
    })().catch((error: unknown) => {
      running = undefined;
      throw error;
    });
    return running;
  };

  return {
    async render(page) {
      const { browser: launched } = await browser();
      return slots.run(() => renderInContext(launched, page, options.fetch, budgets));
    },
    async close() {
      const current = running;
      running = undefined;
      if (current) await (await current).browser.close();
    },
  };
}

/**
 * Why the browser did not start, as a render failure. Only a launch that ran out of time may go
 * better on another try; a missing binary or library, or a browser that exits at once, will not,
 * so its pages fail now instead of being tried again for minutes.
 */
export function launchFailure(error: unknown): RenderError {
  const message = error instanceof Error ? error.message : String(error);
  const firstLines = message.split('\n').slice(0, 6).join(' ').slice(0, 600);
  return new RenderError('browser_unavailable', `the browser could not start: ${firstLines}`, error instanceof errors.TimeoutError);
}

async function renderInContext(browser: Browser, staticPage: StaticPage, fetch: FetchDocument, budgets: RenderBudgets): Promise<RenderedPage> {
  const started = Date.now();
  const remaining = () => Math.max(0, budgets.wallMs - (Date.now() - started));
  const stop = new AbortController();
  const context = await browser.newContext({
    serviceWorkers: 'block',
    acceptDownloads: false,
    userAgent: userAgent(),
    javaScriptEnabled: true,
    bypassCSP: false,
  });
  const result: RenderedPage = { html: '', fetched: 0, fetchedBytes: 0, refused: [] };
  let pending = 0;
  let lastActivity = Date.now();
  let pageAnswered = false;
  let crashed = false;

  const refuse = async (route: Route, url: string, reason: string) => {
    result.refused.push({ url, reason });
    // A navigation refused as "blocked" would commit Chrome's error page in place of the page; "aborted" leaves it be.
    await route.abort(route.request().isNavigationRequest() ? 'aborted' : 'blockedbyclient').catch(() => undefined);
  };

  try {
    await context.addInitScript(PAGE_LOCKDOWN_SCRIPT);
    // WebSockets bypass `route`; each one is closed before it connects.
    await context.routeWebSocket(/.*/, (socket) => {
      result.refused.push({ url: socket.url(), reason: 'websockets are not opened' });
      return socket.close({ code: 1008, reason: 'refused by the crawler' });
    });
    const page = await context.newPage();
    context.on('page', (popup) => {
      if (popup !== page) void popup.close().catch(() => undefined);
    });
    page.on('crash', () => {
      crashed = true;
    });

    await context.route('**/*', async (route) => {
      const request = route.request();
      const url = request.url();
      const verdict = judgeRequest({
        method: request.method(),
        resourceType: request.resourceType(),
        isTopNavigation: request.isNavigationRequest() && request.frame() === page.mainFrame(),
        pageAnswered,
      });
      if (verdict.action === 'refuse') return refuse(route, url, verdict.reason);
      if (verdict.action === 'page') {
        pageAnswered = true;
        return route.fulfill({ status: staticPage.status, headers: headersForBrowser(staticPage.headers), body: Buffer.from(staticPage.body) }).catch(() => undefined);
      }
      if (result.fetched >= budgets.maxSubresources) return refuse(route, url, `over the budget of ${budgets.maxSubresources} requests`);
      const bytesLeft = budgets.maxSubresourceBytes - result.fetchedBytes;
      if (bytesLeft <= 0) return refuse(route, url, `over the budget of ${budgets.maxSubresourceBytes} bytes`);
      result.fetched += 1;
      pending += 1;
      try {
        const response = await fetch(url, { maxBytes: bytesLeft, signal: stop.signal });
        result.fetchedBytes += response.body.byteLength;
        await route.fulfill({ status: response.status, headers: headersForBrowser(response.headers), body: Buffer.from(response.body) }).catch(() => undefined);
      } catch (error) {
        await refuse(route, url, error instanceof FetchError ? error.reason : 'fetch failed');
      } finally {
        pending -= 1;
        lastActivity = Date.now();
      }
    });

    try {
      await page.goto(staticPage.url, { waitUntil: 'load', timeout: remaining() });
      await waitForQuiet(() => pending, () => lastActivity, budgets.quietMs, remaining);
    } catch {
      // A page that never finishes loading is read as it stands when the time is up.
    }
    if (crashed) throw new RenderError('render_failed', `the page crashed the browser: ${staticPage.url}`, true);
    result.html = await readComposedHtml(page, budgets, () => Math.max(remaining(), 1_000));
    return result;
  } catch (error) {
    if (error instanceof RenderError) throw error;
    if (error instanceof DeadlineExceeded) throw new RenderError('render_timeout', `${staticPage.url}: the page's scripts did not let go within ${budgets.wallMs} ms`, false);
    // Anything else is the browser's trouble (it crashed, or lost its page), not the page's: the page is tried again later.
    throw new RenderError('render_failed', `the browser failed on ${staticPage.url}: ${(error as Error).message}`, true);
  } finally {
    stop.abort();
    // Closing the context ends the page's scripts, an endless loop included.
    await withDeadline(context.close(), 5_000).catch(() => undefined);
  }
}

/** The page as it stands, its shadow roots included, as HTML, within the caps on elements and characters. */
async function readComposedHtml(page: Page, budgets: RenderBudgets, timeoutMs: () => number): Promise<string> {
  const composed = await withDeadline(page.evaluate(READ_COMPOSED_TREE) as Promise<{ elements: number; html: string | null }>, timeoutMs());
  if (composed.elements > budgets.maxDomElements) throw new RenderError('too_large', `${composed.elements} elements, over the cap of ${budgets.maxDomElements}`, false);
  const html = composed.html ?? (await withDeadline(page.content(), timeoutMs()));
  if (html.length > budgets.maxHtmlChars) throw new RenderError('too_large', `${html.length} characters of DOM, over the cap of ${budgets.maxHtmlChars}`, false);
  return html;
}

/** Waits until no request has been pending for `quietMs`, or the budget runs out. */
async function waitForQuiet(pending: () => number, lastActivity: () => number, quietMs: number, remaining: () => number): Promise<void> {
  while (remaining() > 0) {
    if (pending() === 0 && Date.now() - lastActivity() >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, remaining())));
  }
}

class DeadlineExceeded extends Error {}

/** At most `size` tasks at once, the rest in arrival order. */
class Slots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
