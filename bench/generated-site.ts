/**
 * A deterministic site of `size` pages shaped like a documentation site: every page carries the same
 * navigation (10 section links), its own children, an article of `articleParagraphs` paragraphs (about
 * 280 bytes each: 12 make a page of 4 KB, 64 one of 20 KB), and a footer.
 * Page 0 is the home page; page i links to pages 10i+1 … 10i+10, so levels hold 1, 10, 100, 889 pages.
 */
export function generatedSite(size: number, articleParagraphs = 12): Map<string, string> {
  const pages = new Map<string, string>();
  const pathOf = (i: number) => (i === 0 ? '/' : `/p/${i}`);
  const words = ['crawl', 'level', 'budget', 'robots', 'markdown', 'queue', 'worker', 'frontier', 'document', 'section', 'export', 'quota'];
  const nav = Array.from({ length: 10 }, (_, s) => `<a href="${pathOf(s + 1)}">Section ${s + 1}</a>`).join(' ');
  for (let i = 0; i < size; i++) {
    const children = Array.from({ length: 10 }, (_, c) => 10 * i + c + 1).filter((child) => child < size);
    const paragraphs = Array.from({ length: articleParagraphs }, (_, p) => {
      const sentence = Array.from({ length: 40 }, (_, w) => words[(i * 7 + p * 3 + w) % words.length]).join(' ');
      return `<p>${sentence[0]?.toUpperCase()}${sentence.slice(1)}.</p>`;
    }).join('\n');
    pages.set(
      pathOf(i),
      `<!doctype html><html><head><meta charset="utf-8"><title>Page ${i}</title><link rel="stylesheet" href="/site.css?v=3"></head><body>
<header><nav>${nav}</nav></header>
<main><article><h1>Page ${i}</h1>${paragraphs}
<h2>Related</h2><ul>${children.map((child) => `<li><a href="${pathOf(child)}">Page ${child}</a></li>`).join('')}</ul>
<p><img src="/img/${i}.png" alt="figure ${i}"></p></article></main>
<footer><a href="/privacy">Privacy</a> <a href="/feed.xml">Feed</a></footer></body></html>`,
    );
  }
  return pages;
}
