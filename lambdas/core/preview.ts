import { isHtmlMediaType, type FetchDocument } from './fetch-types.js';
import { collectSitemapUrls } from './sitemap/collect.js';
import { fetchBeforeDeadline, isSuccess } from './sitemap/fetching.js';
import { checkPublicHttpsUrl, dedupeUrls, isAssetUrl, isSameSite, refuseOffSiteRedirect } from './urls.js';

/** Spec 8: a preview never returns more URLs than this, whatever `limit` says. */
export const PREVIEW_SAFETY_CAP = 50_000;
/** Share of the time budget the sitemaps may use, so the shallow crawl still has time to run. */
const SITEMAP_SHARE_OF_BUDGET = 0.75;
const SEED_PAGE_MAX_BYTES = 5 * 1024 * 1024;

export interface PreviewSiteInput {
  /** Already validated by the caller as a public https URL. */
  seedUrl: string;
  limit?: number;
  fetchDocument: FetchDocument;
  robotsSitemaps: string[];
  /** `skip`: the seed page's links alone; `only`: the sitemaps alone. By default the sitemaps, else the links. */
  sitemaps?: 'skip' | 'only';
  isAllowedByRobots: (url: string) => boolean;
  extractLinks: (html: string, pageUrl: string) => Array<{ url: string }>;
  decodeHtml: (body: Uint8Array, contentType?: string) => string;
  /** Epoch ms; the preview answers by then with what it has. */
  deadline: number;
}

/** The response object of spec 2.2. */
export interface SitemapPreview {
  urls: string[];
  source: 'sitemap' | 'shallow_crawl';
  count: number;
  capped: boolean;
  assets_filtered: number;
}

/**
 * Candidate pages for a `select` job: the site's sitemaps, or, when they give no usable URL, the
 * links of the seed page. Only URLs a `select` job on this seed would accept are listed: public
 * https, same site and the seed's port, de-duplicated in document order, assets left out and counted.
 */
export async function previewSite(input: PreviewSiteInput): Promise<SitemapPreview> {
  const cap = Math.min(input.limit ?? PREVIEW_SAFETY_CAP, PREVIEW_SAFETY_CAP);
  const sitemapDeadline = Date.now() + (input.deadline - Date.now()) * SITEMAP_SHARE_OF_BUDGET;
  if (input.sitemaps === 'skip') return toPreview(selectPageUrls(await seedPageLinks(input), input.seedUrl, cap), 'shallow_crawl', input.limit);
  const sitemaps = await collectSitemapUrls({
    seedUrl: input.seedUrl,
    robotsSitemaps: input.robotsSitemaps,
    fetchDocument: input.fetchDocument,
    deadline: sitemapDeadline,
  });
  if (sitemaps.found) {
    const selection = selectPageUrls(sitemaps.urls, input.seedUrl, cap);
    // A sitemap whose URLs are all unusable here (http, other hosts, assets) is as good as none.
    if (selection.urls.length > 0 || input.sitemaps === 'only') return toPreview(selection, 'sitemap', input.limit);
  }
  if (input.sitemaps === 'only') return toPreview({ urls: [], assetsFiltered: 0 }, 'sitemap', input.limit);
  const links = await seedPageLinks(input);
  return toPreview(selectPageUrls(links, input.seedUrl, cap), 'shallow_crawl', input.limit);
}

interface Selection {
  urls: string[];
  assetsFiltered: number;
}

function selectPageUrls(candidates: string[], seedUrl: string, cap: number): Selection {
  const seed = new URL(seedUrl);
  // Another port of the seed's host is another server, not a page of this site.
  const onSeedSite = (url: URL) => url.port === seed.port && isSameSite(url, seed);
  const sameSite = candidates.filter((raw) => URL.canParse(raw) && onSeedSite(new URL(raw)));
  const urls: string[] = [];
  let assetsFiltered = 0;
  // The address check is the costly one, so it runs last and only until the result is full;
  // assets are likewise counted among the URLs examined, not beyond.
  for (const url of dedupeUrls(sameSite)) {
    if (urls.length >= cap) break;
    if (!checkPublicHttpsUrl(url).ok) continue;
    if (isAssetUrl(url)) assetsFiltered += 1;
    else urls.push(url);
  }
  return { urls, assetsFiltered };
}

/** The seed page's `<a href>` links; a seed that robots.txt forbids or that cannot be read gives none. */
async function seedPageLinks(input: PreviewSiteInput): Promise<string[]> {
  if (!input.isAllowedByRobots(input.seedUrl)) return [];
  const page = await fetchBeforeDeadline(input.fetchDocument, input.seedUrl, input.deadline, {
    maxBytes: SEED_PAGE_MAX_BYTES,
    allowRedirect: refuseOffSiteRedirect,
  });
  if (!page || !isSuccess(page) || (page.mediaType !== undefined && !isHtmlMediaType(page.mediaType))) return [];
  const html = input.decodeHtml(page.body, page.headers['content-type']);
  return input.extractLinks(html, page.finalUrl).map((link) => link.url);
}

function toPreview(selection: Selection, source: SitemapPreview['source'], limit: number | undefined): SitemapPreview {
  return {
    urls: selection.urls,
    source,
    count: selection.urls.length,
    capped: limit !== undefined && selection.urls.length >= limit,
    assets_filtered: selection.assetsFiltered,
  };
}
