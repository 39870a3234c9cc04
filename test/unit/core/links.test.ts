import { describe, expect, it } from 'vitest';
import { exportPage } from '../../../lambdas/core/export.js';
import { AnchorCollector, discoverLinks, extractLinks } from '../../../lambdas/core/links.js';

const PAGE = 'https://www.example.com/blog/post.html?ref=home#intro';

function urls(html: string, pageUrl = PAGE): string[] {
  return extractLinks(html, pageUrl).map((link) => link.url);
}

describe('extractLinks', () => {
  it('resolves relative, root-relative, protocol-relative and parent links against the page URL', () => {
    const html = `
      <a href="next.html">n</a>
      <a href="/about">a</a>
      <a href="//cdn.example.org/file">c</a>
      <a href="../archive/">p</a>
      <a href="?page=2">q</a>
      <a href="">self</a>`;
    expect(urls(html)).toEqual([
      'https://www.example.com/blog/next.html',
      'https://www.example.com/about',
      'https://cdn.example.org/file',
      'https://www.example.com/archive/',
      'https://www.example.com/blog/post.html?page=2',
      'https://www.example.com/blog/post.html?ref=home',
    ]);
  });

  it('resolves against the first <base href>, even for links that come before it', () => {
    const html = `
      <a href="early">e</a>
      <base target="_blank">
      <base href="/docs/v2/">
      <base href="https://ignored.example.net/">
      <a href="guide">g</a>`;
    expect(urls(html)).toEqual(['https://www.example.com/docs/v2/early', 'https://www.example.com/docs/v2/guide']);
  });

  it('falls back to the page URL when the base href does not parse', () => {
    expect(urls('<base href="https://[broken"><a href="x">x</a>')).toEqual(['https://www.example.com/blog/x']);
  });

  it('drops fragments and writes each URL in normalized form', () => {
    const html = `
      <a href="#comments">c</a>
      <a href="/a#b">a</a>
      <a href="HTTPS://Example.COM:443">upper</a>
      <a href="https://example.com:8443/x?b=2&amp;a=1">port</a>`;
    expect(urls(html)).toEqual([
      'https://www.example.com/blog/post.html?ref=home',
      'https://www.example.com/a',
      'https://example.com/',
      'https://example.com:8443/x?b=2&a=1',
    ]);
  });

  it('keeps http and https links only and skips hrefs that do not parse', () => {
    const html = `
      <a href="mailto:me@example.com">m</a>
      <a href="javascript:void(0)">j</a>
      <a href="tel:+100">t</a>
      <a href="data:text/html,hi">d</a>
      <a href="http://[::1">broken</a>
      <a href="http://plain.example.com/">http</a>
      <a>no href</a>`;
    expect(urls(html)).toEqual(['http://plain.example.com/']);
  });

  it('keeps every occurrence in document order, <area> included', () => {
    const html = `
      <a href="/one">1</a><a href="/two">2</a><a href="/one#again">1 again</a>
      <map><area href="/map-link" alt="Region"></map>`;
    expect(urls(html)).toEqual([
      'https://www.example.com/one',
      'https://www.example.com/two',
      'https://www.example.com/one',
      'https://www.example.com/map-link',
    ]);
  });

  it('gives each link its visible text, trimmed and with whitespace collapsed', () => {
    const html = `
      <a href="/terms">
        <span>Terms</span>  of
        <b>Use</b>
      </a>
      <a href="/legal"><script>var noise = 1;</script>Legal</a>
      <area href="/region" alt="  North   region ">`;
    expect(extractLinks(html, PAGE).map((link) => link.text)).toEqual(['Terms of Use', 'Legal', 'North region']);
  });

  it('does not let an unclosed link swallow the text of the next one', () => {
    const links = extractLinks('<a href="/a">first <a href="/b">second</a> after', PAGE);
    expect(links.map((link) => link.text)).toEqual(['first', 'second']);
  });

  it('ignores links inside <template>, which is not part of the page', () => {
    expect(urls('<template><a href="/inert">x</a></template><a href="/live">y</a>')).toEqual(['https://www.example.com/live']);
  });

  it('finds links in malformed markup', () => {
    const html = `<table><tr><td><a href=/unquoted>u</a><p><a href='/single' class=x>s</a></div></span><a href="/after-junk">a`;
    expect(urls(html)).toEqual([
      'https://www.example.com/unquoted',
      'https://www.example.com/single',
      'https://www.example.com/after-junk',
    ]);
  });
});

describe('discoverLinks', () => {
  const site = 'https://example.com/';

  it('keeps same-site https page links in order, first occurrence only', () => {
    const html = `
      <a href="/b">b</a>
      <a href="https://www.example.com/a">a (www is the same site)</a>
      <a href="/b#section">b again</a>
      <a href="https://EXAMPLE.com/c?x=1">c</a>
      <a href="https://example.com/c?x=1">c again</a>`;
    expect(discoverLinks(extractLinks(html, 'https://example.com/start'), site)).toEqual({
      links: ['https://example.com/b', 'https://www.example.com/a', 'https://example.com/c?x=1'],
      assetsFiltered: 0,
    });
  });

  it('drops other hosts, http links and links with user-info', () => {
    const html = `
      <a href="https://other.example.org/x">other host</a>
      <a href="https://blog.example.com/x">subdomain</a>
      <a href="http://example.com/plain">http</a>
      <a href="https://user:pw@example.com/secret">user-info</a>
      <a href="/kept">kept</a>`;
    expect(discoverLinks(extractLinks(html, 'https://example.com/'), site).links).toEqual(['https://example.com/kept']);
  });

  it('filters assets by path, whatever the query string, and counts each distinct one', () => {
    const html = `
      <a href="/logo.png?v=3">image with cache buster</a>
      <a href="/logo.png?v=3#x">same image</a>
      <a href="/files/report.PDF">pdf</a>
      <a href="/feed/">feed</a>
      <a href="/bundle.js?1700000000">script</a>
      <a href="https://cdn.example.net/x.png">off-site asset: not counted</a>
      <a href="/page?file=photo.png">a page with a query naming a file</a>`;
    expect(discoverLinks(extractLinks(html, 'https://example.com/'), site)).toEqual({
      links: ['https://example.com/page?file=photo.png'],
      assetsFiltered: 4,
    });
  });

  it('resolves against <base href> like extractLinks', () => {
    const html = '<base href="https://example.com/docs/"><a href="intro">i</a>';
    expect(discoverLinks(extractLinks(html, 'https://example.com/other/page'), site).links).toEqual(['https://example.com/docs/intro']);
  });
});

describe('AnchorCollector alongside the export', () => {
  it('collects from the export parse the links extractLinks finds on its own, navigation and malformed markup included, and leaves the export as it was', () => {
    const html = `<!doctype html><html><head><base href="/docs/"><script>var a = '<a href="/in-script">';</script></head><body>
      <nav><a href="/nav">Menu</a></nav>
      <template><a href="/inert">inert</a></template>
      <main><article><h1>Title</h1><p>${'Body text, with commas, long enough to be the article. '.repeat(12)}<a href=relative>rel<b>ative</b></a></p>
      <map><area href="/area" alt="Area"></map><table><tr><td><a href='/in-table'>t</a></div></span></article></main>
      <footer><a href="https://example.com/about">About</a></footer>`;
    const anchors = new AnchorCollector();
    const withObserver = exportPage(html, { url: 'https://example.com/page', onlyMainContent: true, observer: anchors });

    expect(anchors.links('https://example.com/page')).toEqual(extractLinks(html, 'https://example.com/page'));
    expect(discoverLinks(anchors.links('https://example.com/page'), 'https://example.com/').links).toEqual([
      'https://example.com/nav',
      'https://example.com/docs/relative',
      'https://example.com/area',
      'https://example.com/in-table',
      'https://example.com/about',
    ]);
    expect(withObserver).toEqual(exportPage(html, { url: 'https://example.com/page', onlyMainContent: true }));
  });
});
