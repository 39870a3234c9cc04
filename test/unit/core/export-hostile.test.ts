import { describe, expect, it } from 'vitest';
import { exportPage } from '../../../lambdas/core/export.js';
import { MAX_HTML_CHARS } from '../../../lambdas/core/html.js';
import { extractLinks } from '../../../lambdas/core/links.js';

const url = 'https://example.com/';

function exportBoth(html: string) {
  return [true, false].map((onlyMainContent) => exportPage(html, { url, onlyMainContent }));
}

describe('hostile pages complete without throwing', () => {
  it('100k nested elements: the converters never see more than the depth cap', () => {
    const html = `<p>Before the abyss, a normal paragraph of text.</p>${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}`;
    for (const page of exportBoth(html)) {
      expect(page.text).toContain('Before the abyss');
      expect(page.markdown).toContain('Before the abyss');
    }
  });

  it('100k unclosed inline and block tags', () => {
    const html = `<p>Start.</p>${'<b><i><span><li>'.repeat(25_000)}end`;
    for (const page of exportBoth(html)) expect(page.text).toContain('Start.');
  });

  it('a 5 MB single-line page is cut at the size cap and exported', () => {
    const html = `<p>${'lorem ipsum dolor sit amet, '.repeat(200_000)}</p>`;
    expect(html.length).toBeGreaterThan(MAX_HTML_CHARS);
    for (const page of exportBoth(html)) {
      expect(page.truncated).toBe(true);
      expect(page.text.startsWith('lorem ipsum dolor sit amet,')).toBe(true);
      expect(page.text.length).toBeGreaterThan(5_000_000);
      expect(page.markdown.startsWith('lorem ipsum dolor sit amet,')).toBe(true);
    }
  });

  it('350k tiny elements: the page is cut at the node budget', () => {
    const html = `<p>First words.</p><div>${'<span>a</span>'.repeat(350_000)}</div>`;
    for (const page of exportBoth(html)) {
      expect(page.truncated).toBe(true);
      expect(page.text).toContain('First words.');
    }
  });

  it('broken markup keeps its text', () => {
    const html =
      '<div><p>unclosed <b>bold <table><tr><td>cell one<td>cell two</div></p></td><a href="x">a<a href="y">b</a></a>' +
      '<<<>>> &amp; &bogus; &#xD800; <li>item</ul></ol><!-- unterminated comment';
    for (const page of exportBoth(html)) {
      for (const piece of ['unclosed', 'bold', 'cell one', 'cell two']) expect(page.text).toContain(piece);
    }
  });

  it('a page handed over without an absolute URL: exported, absolute links kept, relative ones kept as text', () => {
    // The shape of a saved page whose address was lost: relative links, images and canonical URL.
    const html =
      '<html><head><title>Pump repair guide</title><link rel="canonical" href="/guides/pump"></head><body>' +
      '<nav><a href="/">Home</a> <a href="/guides">Guides</a></nav><main><article><h1><a href="/guides/pump">Pump repair guide</a></h1>' +
      '<p>Before you start, close the <a href="../valves">inlet valve</a> and drain the housing; the seal sits behind the impeller, which unscrews by hand.</p>' +
      '<p><img src="/img/seal.png" alt="the seal"> <img src="https://cdn.example.org/impeller.png" alt="the impeller"></p>' +
      '<p>Spare seals are listed at <a href="https://parts.example.org/seals">the parts shop</a>, with the sizes each pump model takes.</p>' +
      '</article></main></body></html>';
    for (const pageUrl of ['', 'not a url', '/guides/pump']) {
      for (const onlyMainContent of [true, false]) {
        const page = exportPage(html, { url: pageUrl, onlyMainContent });
        expect(page.text).toContain('close the inlet valve and drain the housing');
        expect(page.markdown).toContain('close the inlet valve and drain the housing');
        expect(page.markdown).toContain('[the parts shop](https://parts.example.org/seals)');
        expect(page.markdown).toContain('![the impeller](https://cdn.example.org/impeller.png)');
        expect(page.markdown).not.toContain('seal.png');
      }
    }
    const withBase = exportPage(html.replace('<head>', '<head><base href="https://pumps.example.net/help/">'), { url: '', onlyMainContent: true });
    expect(withBase.markdown).toContain('[inlet valve](https://pumps.example.net/valves)');
  });

  it('link extraction stays linear on deep and wide markup', () => {
    expect(extractLinks('<div><a href="/x">'.repeat(50_000), url)).toHaveLength(50_000);
    expect(extractLinks(`<ul>${'<li><a href="/y">y</a>'.repeat(200_000)}</ul>`, url)).toHaveLength(200_000);
  });
});
