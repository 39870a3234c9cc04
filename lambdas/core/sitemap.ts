export { parseSitemap, MAX_SITEMAP_BYTES, MAX_COMPRESSED_SITEMAP_BYTES, MAX_URLS_PER_SITEMAP } from './sitemap/parse.js';
export type { ParsedSitemap, SitemapKind } from './sitemap/parse.js';
export {
  collectSitemapUrls,
  DEFAULT_MAX_SITEMAP_DEPTH,
  DEFAULT_MAX_SITEMAP_DOCUMENTS,
  DEFAULT_MAX_SITEMAP_URLS,
} from './sitemap/collect.js';
export type { CollectSitemapUrlsInput, SitemapUrls } from './sitemap/collect.js';
