import type { FetchDocument } from '../fetch-types.js';
import { isSameSite, normalizeUrl, refuseOffSiteRedirect } from '../urls.js';
import { fetchBeforeDeadline, isSuccess } from './fetching.js';
import { MAX_SITEMAP_BYTES, parseSitemap } from './parse.js';

export const DEFAULT_MAX_SITEMAP_DOCUMENTS = 50;
/** Index hops below a source: a source index at depth 0 may lead to sitemaps down to depth 3. */
export const DEFAULT_MAX_SITEMAP_DEPTH = 3;
/** Bounds memory: twice the preview's safety cap leaves room for the URLs its filters drop. */
export const DEFAULT_MAX_SITEMAP_URLS = 100_000;
/** Enough to overlap the three level-0 probes without hammering the site. */
const FETCH_CONCURRENCY = 4;

export interface CollectSitemapUrlsInput {
  seedUrl: string;
  /** `Sitemap:` values of the seed host's robots.txt, absolute or relative to the seed's origin. */
  robotsSitemaps: string[];
  fetchDocument: FetchDocument;
  /** Epoch ms: no fetch starts after it, and fetches in flight are abandoned. */
  deadline: number;
  maxDocuments?: number;
  maxDepth?: number;
  maxUrls?: number;
}

export interface SitemapUrls {
  /** Page URLs in document order (an index's children in place of the index), duplicates kept. */
  urls: string[];
  /** At least one sitemap gave at least one URL. */
  found: boolean;
}

interface SitemapNode {
  url: string;
  depth: number;
  urls: string[];
  children: SitemapNode[];
}

/**
 * Reads the sitemaps of a site: the robots.txt `Sitemap:` lines, then `/sitemap.xml` and
 * `/sitemap_index.xml` of the seed's origin, following indexes level by level. Levels make the
 * caps and the deadline cut the deepest sitemaps first and keep the result deterministic whatever
 * order the fetches finish in; the URLs are still returned in document order.
 *
 * Sources advertised by robots.txt may live on another host (sitemaps.org cross-submission), but the
 * children of an index must be on the index's own site, and redirects may not leave the site.
 * A URL is fetched once (normalized), which also ends loops through indexes or redirects.
 */
export async function collectSitemapUrls(input: CollectSitemapUrlsInput): Promise<SitemapUrls> {
  const maxDepth = input.maxDepth ?? DEFAULT_MAX_SITEMAP_DEPTH;
  const maxUrls = input.maxUrls ?? DEFAULT_MAX_SITEMAP_URLS;
  let documentsLeft = input.maxDocuments ?? DEFAULT_MAX_SITEMAP_DOCUMENTS;

  const seen = new Set<string>();
  const claim = (url: string) => {
    const key = normalizeUrl(url);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const node = (url: string, depth: number): SitemapNode => ({ url, depth, urls: [], children: [] });

  const sources = sitemapSources(input.seedUrl, input.robotsSitemaps).filter(claim).map((url) => node(url, 0));
  let level = sources;
  let collected = 0;
  while (level.length > 0 && documentsLeft > 0 && collected < maxUrls && Date.now() < input.deadline) {
    const batch = level.slice(0, documentsLeft);
    documentsLeft -= batch.length;
    const documents = await mapConcurrently(batch, FETCH_CONCURRENCY, (sitemap) =>
      fetchBeforeDeadline(input.fetchDocument, sitemap.url, input.deadline, {
        maxBytes: MAX_SITEMAP_BYTES,
        allowRedirect: refuseOffSiteRedirect,
      }),
    );
    level = [];
    for (const [index, sitemap] of batch.entries()) {
      const document = documents[index];
      // Documents that arrived are read even if the deadline passed meanwhile: parsing is bounded and quick.
      if (!document || !isSuccess(document)) continue;
      // Redirected to a sitemap already read or queued: a loop, or the same document twice.
      if (normalizeUrl(document.finalUrl) !== normalizeUrl(sitemap.url) && !claim(document.finalUrl)) continue;
      const parsed = parseSitemap(document.body, document.finalUrl);
      if (parsed.kind !== 'index') {
        sitemap.urls = parsed.urls;
        collected += parsed.urls.length;
        continue;
      }
      if (sitemap.depth >= maxDepth) continue;
      for (const childUrl of parsed.urls) {
        if (!isSameSite(childUrl, document.finalUrl) || !claim(childUrl)) continue;
        const child = node(childUrl, sitemap.depth + 1);
        sitemap.children.push(child);
        level.push(child);
      }
    }
  }

  const urls = inDocumentOrder(sources).slice(0, maxUrls);
  return { urls, found: urls.length > 0 };
}

function sitemapSources(seedUrl: string, robotsSitemaps: string[]): string[] {
  const origin = new URL(seedUrl).origin;
  const candidates = [...robotsSitemaps, `${origin}/sitemap.xml`, `${origin}/sitemap_index.xml`];
  return candidates.flatMap((raw) => {
    if (!URL.canParse(raw.trim(), origin)) return [];
    const url = new URL(raw.trim(), origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.href] : [];
  });
}

function inDocumentOrder(nodes: SitemapNode[]): string[] {
  return nodes.flatMap((sitemap) => [...sitemap.urls, ...inDocumentOrder(sitemap.children)]);
}

/** Like `Promise.all(items.map(task))`, with at most `limit` tasks running. */
async function mapConcurrently<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
