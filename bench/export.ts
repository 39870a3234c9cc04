/**
 * HTML → markdown and HTML → text throughput of `exportPage`, next to plain turndown + GFM on the
 * raw page, measured in the same run (interleaved page by page, so machine load hits all alike).
 * Corpus: `BENCH_CORPUS` (a directory of .html or .html.gz pages, such as the article-extraction
 * benchmark's `html/`), else generated pages, so a clone runs it without any outside data.
 * Each figure is the median of `BENCH_ROUNDS` rounds (default 5) after one warm-up round.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { exportPage } from '../lambdas/core/export.js';
import { extractLinks } from '../lambdas/core/links.js';


interface Page {
  url: string;
  html: string;
}

interface Method {
  name: string;
  convert: (page: Page) => unknown;
}

export async function run(): Promise<void> {
  const { pages, source } = loadCorpus();
  const megabytes = pages.reduce((sum, page) => sum + Buffer.byteLength(page.html), 0) / 1e6;
  const rounds = Number.parseInt(process.env.BENCH_ROUNDS ?? '', 10) || 5;
  console.log(`${pages.length} pages, ${megabytes.toFixed(1)} MB (${source}); median of ${rounds} rounds, Node ${process.version}`);

  const turndown = new TurndownService();
  turndown.use(gfm);
  let turndownFailures = 0;
  const methods: Method[] = [
    {
      name: 'turndown + GFM, raw page',
      convert: (page) => {
        try {
          return turndown.turndown(page.html);
        } catch {
          // GFM's table rule throws on a table without rows; such pages produce nothing here.
          turndownFailures++;
          return '';
        }
      },
    },
    { name: 'markdown, main content', convert: (page) => exportPage(page.html, { url: page.url, onlyMainContent: true, formats: ['markdown'] }) },
    { name: 'markdown, whole page', convert: (page) => exportPage(page.html, { url: page.url, onlyMainContent: false, formats: ['markdown'] }) },
    { name: 'text, main content', convert: (page) => exportPage(page.html, { url: page.url, onlyMainContent: true, formats: ['text'] }) },
    { name: 'text, whole page', convert: (page) => exportPage(page.html, { url: page.url, onlyMainContent: false, formats: ['text'] }) },
    { name: 'markdown + text, main content', convert: (page) => exportPage(page.html, { url: page.url, onlyMainContent: true }) },
    { name: 'links (extractLinks)', convert: (page) => extractLinks(page.html, page.url) },
  ];

  const seconds = new Map<string, number[]>(methods.map((method) => [method.name, []]));
  for (let round = 0; round <= rounds; round++) {
    const elapsed = new Map<string, number>();
    for (const page of pages) {
      for (const method of methods) {
        const started = performance.now();
        method.convert(page);
        elapsed.set(method.name, (elapsed.get(method.name) ?? 0) + performance.now() - started);
      }
    }
    if (round === 0) continue;
    for (const [name, milliseconds] of elapsed) seconds.get(name)?.push(milliseconds / 1000);
  }

  const baseline = megabytes / median(seconds.get(methods[0]?.name ?? '') ?? []);
  for (const method of methods) {
    const throughput = megabytes / median(seconds.get(method.name) ?? []);
    console.log(`${method.name.padEnd(32)} ${throughput.toFixed(1).padStart(6)} MB/s  ${(throughput / baseline).toFixed(2)}× turndown`);
  }
  if (turndownFailures > 0) console.log(`(plain turndown threw on ${turndownFailures / (rounds + 1)} page(s) per round)`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function loadCorpus(): { pages: Page[]; source: string } {
  const dir = process.env.BENCH_CORPUS;
  if (dir && existsSync(dir)) {
    const files = readdirSync(dir).filter((file) => /\.html?(\.gz)?$/.test(file)).sort();
    const pages = files.map((file) => {
      const raw = readFileSync(join(dir, file));
      return { url: `https://bench.example/${file.replace(/\.gz$/, '')}`, html: (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8') };
    });
    if (pages.length > 0) return { pages, source: dir };
  }
  return { pages: syntheticPages(60), source: 'generated pages' };
}

/** Article pages with the usual surroundings (navigation, sidebar, footer, scripts), about 100 KB each. */
function syntheticPages(count: number): Page[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const words = 'tide pool rock shore crab anemone limpet water light morning harbour boat net rope salt wind stone shell weed gull wave'.split(' ');
  const sentence = () => {
    const length = 8 + Math.floor(random() * 14);
    const picked = Array.from({ length }, () => words[Math.floor(random() * words.length)]);
    return `${picked.join(' ')}, ${picked.slice(0, 4).join(' ')}.`;
  };
  const paragraph = () => `<p>${Array.from({ length: 4 }, sentence).join(' ')} <a href="/related/${Math.floor(random() * 1000)}">more</a></p>`;
  return Array.from({ length: count }, (_, index) => {
    const nav = `<header><nav><ul>${Array.from({ length: 40 }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`).join('')}</ul></nav></header>`;
    const table = `<table><thead><tr><th>Name</th><th>Count</th><th>Place</th></tr></thead><tbody>${Array.from({ length: 20 }, (_, i) => `<tr><td>${words[i % words.length]}</td><td>${i}</td><td>bay ${i}</td></tr>`).join('')}</tbody></table>`;
    const code = '<pre><code class="language-js">const tide = await fetch("/tides");\nconsole.log(tide.status);</code></pre>';
    const article = `<article><h1>Article ${index}</h1>${Array.from({ length: 30 }, paragraph).join('')}<h2>Figures</h2>${table}${code}${Array.from({ length: 20 }, paragraph).join('')}</article>`;
    const aside = `<aside class="sidebar">${Array.from({ length: 30 }, (_, i) => `<div class="card"><a href="/story/${i}"><img src="/img/${i}.jpg" alt="story ${i}"><h3>Story ${i}</h3></a></div>`).join('')}</aside>`;
    const script = `<script>window.__STATE__ = ${JSON.stringify({ items: Array.from({ length: 400 }, (_, i) => ({ id: i, title: sentence() })) })};</script>`;
    const footer = `<footer>${Array.from({ length: 30 }, (_, i) => `<a href="/footer/${i}">Footer link ${i}</a>`).join(' ')}</footer>`;
    return {
      url: `https://bench.example/article-${index}`,
      html: `<!doctype html><html><head><title>Article ${index}</title>${script}</head><body>${nav}<main>${article}</main>${aside}${footer}</body></html>`,
    };
  });
}
