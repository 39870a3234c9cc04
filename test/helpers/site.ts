import type { IncomingMessage, ServerResponse } from 'node:http';
import { startFixtureSite } from './fixture-server.js';

export type PageSpec =
  | string
  | { status?: number; headers?: Record<string, string>; body?: string; delayMs?: number; handle?: (request: IncomingMessage, response: ServerResponse) => void };

/** An HTML page whose body holds `links` as anchors, in order. */
export function page(title: string, links: string[] = [], extra = ''): string {
  const anchors = links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('');
  return `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>Content of ${title}.</p><ul>${anchors}</ul>${extra}</main></body></html>`;
}

/** A sitemap (urlset) listing these paths of site.test. */
export function urlset(paths: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>https://site.test${p}</loc></url>`).join('')}</urlset>`;
}

const BIG_PARAGRAPH = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(18)}</p>\n`;
/** Under the exporter's 5 MiB input cap, over the 4 MiB answered inline once exported (a 303 result). */
export const BIG_HTML = page('Big', [], BIG_PARAGRAPH.repeat(Math.ceil(4_700_000 / BIG_PARAGRAPH.length)));

/**
 * A crawlable HTTPS site on loopback for `site.test` (and `www.site.test`, `other.test`), built from
 * a map of paths to pages (a key may name the host too, `other.test/terms`, to give that host its own
 * page); unknown paths are 404. `overrides` is the CRAWL_HOST_OVERRIDES value.
 */
export async function startSite(pages: Record<string, PageSpec>) {
  const hits = new Map<string, number>();
  const site = await startFixtureSite(['site.test', 'www.site.test', 'other.test'], (request, response) => {
    const url = new URL(request.url ?? '/', 'https://site.test');
    const host = String(request.headers.host ?? '').replace(/:\d+$/, '');
    const key = url.pathname + url.search;
    hits.set(`${host}${key}`, (hits.get(`${host}${key}`) ?? 0) + 1);
    const spec = pages[`${host}${key}`] ?? pages[`${host}${url.pathname}`] ?? pages[key] ?? pages[url.pathname];
    if (spec === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<html><body>not found</body></html>');
      return;
    }
    const { status = 200, headers = { 'content-type': 'text/html; charset=utf-8' }, body = '', delayMs = 0, handle } = typeof spec === 'string' ? { body: spec } : spec;
    if (handle) return handle(request, response);
    setTimeout(() => {
      if (response.destroyed) return;
      response.writeHead(status, headers);
      response.end(body);
    }, delayMs);
  });
  return {
    overrides: ['site.test', 'www.site.test', 'other.test'].map((host) => `${host}=127.0.0.1:${site.port}`).join(','),
    hits,
    close: site.close,
  };
}
