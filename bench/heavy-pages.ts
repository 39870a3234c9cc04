import { exportPage } from '../lambdas/core/export.js';

/**
 * Six pages that each hold as much as a page may (5 MiB of HTML, 100,000 nodes), each in a shape
 * a printer finds hard, exported to markdown as the crawl exports them: about 19.5 MB of markdown
 * in all, the size of the six pages that took the print browser to 2.9 GB when they were printed
 * in one part.
 */
export function heavyPages(): Array<{ url: string; title: string; markdown: string }> {
  const words = (count: number, from: number) => Array.from({ length: count }, (_, index) => `word${(from + index) % 997}`).join(' ');
  const pages: Record<string, string> = {
    'one-word': `<p>${'abcdefghij'.repeat(500_000)}</p>`,
    'wide-table': `<table>${Array.from({ length: 15 }, (_, row) => `<tr>${Array.from({ length: 5000 }, (_, column) => `<td>r${row}c${column}</td>`).join('')}</tr>`).join('')}</table>`,
    'emphasis-paragraph': `<p>${Array.from({ length: 26_000 }, (_, index) => `${words(18, index)} <em>${words(2, index + 7)}</em> `).join('')}</p>`,
    'code-block': `<pre><code>${Array.from({ length: 40_000 }, (_, index) => `  const value${index} = compute(${words(8, index)});`).join('\n')}</code></pre>`,
    'long-list': `<ul>${Array.from({ length: 26_000 }, (_, index) => `<li>${words(14, index)}</li>`).join('')}</ul>`,
    'tall-table': `<table><tr>${Array.from({ length: 8 }, (_, column) => `<th>Column ${column}</th>`).join('')}</tr>${Array.from({ length: 4500 }, (_, row) => `<tr>${Array.from({ length: 8 }, (_, column) => `<td>${words(11, row * 8 + column)}</td>`).join('')}</tr>`).join('')}</table>`,
  };
  return Object.entries(pages).map(([name, body]) => {
    const url = `https://heavy.example/${name}`;
    const { markdown } = exportPage(`<!doctype html><html><head><title>${name}</title></head><body>${body}</body></html>`, { url, onlyMainContent: false, formats: ['markdown'] });
    return { url, title: name, markdown };
  });
}
