/**
 * What the site-wide boilerplate step removes: `npm run eval:boilerplate -- [dir]`. Each site's pages
 * are exported (markdown, main content) and passed through `SiteBoilerplate` as the assembler does;
 * printed per site: pages, bytes before and after, and the article text lost: the 4-gram shingles
 * of the labelled article (on the generated site, of the article the generator wrote) matched in the
 * export before the step less those matched after (negative when joining the blocks either side
 * of a removed one matches shingles that did not match before). First a generated site (always), then the real
 * pages of `dir` (labelled sets, see labelled-sets.ts) grouped by site: by URL host, or by the file
 * name without its `_<n>` ending when the set has no URLs (CleanPortalEval's `bbc.co.uk_news_01`).
 * Sites with fewer than 3 pages are left out (nothing can repeat on most of them).
 */
import { exportPage } from '../lambdas/core/export.js';
import { SiteBoilerplate, SITE_WIDE_MIN_PAGES } from '../lambdas/core/site-boilerplate.js';
import type { Page } from './article-corpus.js';
import { shingles } from './extraction-metric.js';
import { findSets } from './labelled-sets.js';

interface SiteResult {
  pages: number;
  bytesBefore: number;
  bytesAfter: number;
  articleShingles: number;
  lostShingles: number;
}

/** Gold shingles present in `text` (a multiset intersection). */
function matched(gold: Map<string, number>, text: string): number {
  let count = 0;
  for (const [key, times] of shingles(text)) count += Math.min(times, gold.get(key) ?? 0);
  return count;
}

function measureSite(pages: Page[]): SiteResult {
  const contents = pages.map((page) => exportPage(page.html, { url: page.url, onlyMainContent: true, formats: ['markdown'] }).markdown);
  const boilerplate = new SiteBoilerplate();
  for (const content of contents) boilerplate.addPage(content);
  const result: SiteResult = { pages: pages.length, bytesBefore: 0, bytesAfter: 0, articleShingles: 0, lostShingles: 0 };
  contents.forEach((content, index) => {
    const after = boilerplate.strip(index, content);
    const gold = shingles((pages[index] as Page).articleBody);
    result.bytesBefore += Buffer.byteLength(content);
    result.bytesAfter += Buffer.byteLength(after);
    result.articleShingles += [...gold.values()].reduce((a, b) => a + b, 0);
    result.lostShingles += matched(gold, content) - matched(gold, after);
  });
  return result;
}

function format(name: string, result: SiteResult): string {
  const removed = result.bytesBefore - result.bytesAfter;
  const share = result.bytesBefore === 0 ? 0 : (100 * removed) / result.bytesBefore;
  return `${name.padEnd(44)} ${String(result.pages).padStart(4)} pages  ${String(result.bytesBefore).padStart(9)} -> ${String(result.bytesAfter).padStart(9)} bytes (-${share.toFixed(1)}%)  article shingles lost ${result.lostShingles} of ${result.articleShingles}`;
}

/** A shop-and-news style site: every page repeats a menu, a promo, a share row and a cookie note inside its content. */
function generatedSite(count: number): Page[] {
  const menu = `<ul class="menu-list">${['Home', 'News', 'Sport', 'Weather', 'About'].map((name) => `<li><a href="/${name.toLowerCase()}">${name}</a></li>`).join('')}</ul>`;
  const promo = '<h3>Newsletter</h3><p>The week in the harbour, every Friday morning in your inbox.</p>';
  const share = '<p>Share this: <a href="https://social.example/share?u=PAGE">Post</a> <a href="mailto:?body=PAGE">Email</a></p>';
  const cookies = '<p>We use cookies to count visits. By reading on you accept them.</p>';
  return Array.from({ length: count }, (_, n) => {
    const article = Array.from(
      { length: 6 },
      (_, p) => `Paragraph ${p + 1} of story ${n + 1}: the harbour board discussed item ${n * 10 + p} at length, with figures for ${2000 + n + p} and a vote of ${p + 3} to ${n % 4}.`,
    );
    const html = `<html><head><title>Story ${n + 1}</title></head><body><div class="page"><article><h1>Story ${n + 1}</h1>${menu}${article.map((text) => `<p>${text}</p>`).join('')}${promo}${share.replaceAll('PAGE', String(n))}${cookies}</article></div></body></html>`;
    return { id: String(n), url: `https://harbour.example/story/${n + 1}`, html, articleBody: article.join('\n') };
  });
}

function siteOf(page: Page): string {
  const host = new URL(page.url).hostname;
  return host === 'example.com' ? page.id.replace(/_\d+$/, '') : host;
}

function main(): void {
  console.log(format('generated site', measureSite(generatedSite(20))));
  const dir = process.argv[2];
  if (!dir) return;
  const total: SiteResult = { pages: 0, bytesBefore: 0, bytesAfter: 0, articleShingles: 0, lostShingles: 0 };
  for (const set of findSets(dir)) {
    if (set.kind === 'snippets') continue; // no labelled text to lose
    const sites = new Map<string, Page[]>();
    for (const page of set.pages) sites.set(siteOf(page), [...(sites.get(siteOf(page)) ?? []), page]);
    for (const [site, pages] of sites) {
      if (pages.length < SITE_WIDE_MIN_PAGES) continue;
      const result = measureSite(pages);
      console.log(format(`${set.name}: ${site}`, result));
      for (const key of Object.keys(total) as Array<keyof SiteResult>) total[key] += result[key];
    }
  }
  console.log(format('all real sites', total));
}

main();
