/**
 * What a renderer promises, apart from the browser that keeps it: the page worker reads a render's
 * outcome through these without its bundle carrying Playwright or Chromium.
 */
/** Per-page limits: a page's scripts cannot make a render cost more than this. */
export interface RenderBudgets {
  /** From navigation to the DOM read, waits for the network included. */
  wallMs: number;
  /** Requests answered through the fetcher (scripts, XHR, fetch), beyond the page itself. */
  maxSubresources: number;
  /** Bytes of those answers, after decompression. */
  maxSubresourceBytes: number;
  /** Elements in the rendered DOM; a page past it is `too_large`. */
  maxDomElements: number;
  /** Characters of the serialized DOM, as the fetcher's body cap. */
  maxHtmlChars: number;
  /** The network is quiet once no request has been pending for this long. */
  quietMs: number;
}

export const DEFAULT_RENDER_BUDGETS: RenderBudgets = {
  wallMs: 20_000,
  maxSubresources: 100,
  maxSubresourceBytes: 20 * 1024 * 1024,
  maxDomElements: 200_000,
  maxHtmlChars: 10 * 1024 * 1024,
  quietMs: 300,
};

/** `browser_unavailable`: the browser could not start, so no page was rendered. */
export type RenderFailure = 'render_timeout' | 'render_failed' | 'too_large' | 'browser_unavailable';

export class RenderError extends Error {
  constructor(
    readonly reason: RenderFailure,
    message: string,
    /** The browser died under the page: another attempt, in a fresh browser, may well work. */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'RenderError';
  }
}

/** The static response of the page, as the fetcher got it; the browser is served exactly this. */
export interface StaticPage {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface RenderedPage {
  html: string;
  /** Subresources answered through the fetcher, and their bytes. */
  fetched: number;
  fetchedBytes: number;
  /** Requests the page made that were refused, with why: the page's own record of what it tried. */
  refused: Array<{ url: string; reason: string }>;
}

export interface Renderer {
  render(page: StaticPage): Promise<RenderedPage>;
  close(): Promise<void>;
}
