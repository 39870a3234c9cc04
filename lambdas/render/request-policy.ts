/**
 * What a rendered page may load. The browser has no network of its own (CONTRACT 9): each request
 * it makes is either answered from the service's fetcher (pinned, address-checked, https only)
 * or refused here. Pure, so the rules test without a browser.
 */
export type RequestVerdict = { action: 'page' } | { action: 'fetch' } | { action: 'refuse'; reason: string };

export interface BrowserRequest {
  method: string;
  /** Playwright's resource type: document, script, xhr, fetch, image, stylesheet, … */
  resourceType: string;
  /** A navigation of the rendered page's own top frame (not an iframe, not a popup). */
  isTopNavigation: boolean;
  /** The top frame's document was already answered: any further navigation leaves the page. */
  pageAnswered: boolean;
}

/** Never needed for the text of a page; images, media and fonts are what the issue rules out, styles are never read by the export. */
const NOT_FETCHED = new Set(['image', 'media', 'font', 'stylesheet', 'texttrack', 'manifest']);
/** What a page's scripts need to build the DOM. */
const FETCHED = new Set(['script', 'xhr', 'fetch']);

export function judgeRequest(request: BrowserRequest): RequestVerdict {
  if (request.isTopNavigation) {
    return request.pageAnswered ? { action: 'refuse', reason: 'navigation away from the page' } : { action: 'page' };
  }
  if (request.resourceType === 'document') return { action: 'refuse', reason: 'frames and popups are not loaded' };
  if (NOT_FETCHED.has(request.resourceType)) return { action: 'refuse', reason: `${request.resourceType} is not needed for the text` };
  // The crawler reads; a POST or a beacon could change something on the site.
  if (request.method !== 'GET') return { action: 'refuse', reason: `${request.method} is never sent` };
  if (!FETCHED.has(request.resourceType)) return { action: 'refuse', reason: `${request.resourceType} requests are not made` };
  return { action: 'fetch' };
}

/** Headers that describe the wire, not the resource: the fetcher already decoded and measured the body. */
const WIRE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie', 'set-cookie2']);

/** A fetched response's headers as the browser may see them. */
export function headersForBrowser(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !WIRE_HEADERS.has(name)));
}
