import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cssSelectorProblem, exportPage } from '../../../lambdas/core/export.js';
import { c0Controls } from '../../helpers/characters.js';

const URL_OF_PAGE = 'https://example.com/guide/page.html';

function markdownOf(body: string, onlyMainContent = false): string {
  return exportPage(`<html><body>${body}</body></html>`, { url: URL_OF_PAGE, onlyMainContent, formats: ['markdown'] }).markdown;
}

function textOf(body: string, onlyMainContent = false): string {
  return exportPage(`<html><body>${body}</body></html>`, { url: URL_OF_PAGE, onlyMainContent, formats: ['text'] }).text;
}

function linesOf(output: string): string[] {
  return output.split('\n');
}

describe('markdown export', () => {
  it('writes tables as GFM tables, the first row as header, cells padded and pipes escaped', () => {
    const markdown = markdownOf(`
      <table>
        <caption>Prices</caption>
        <tr><td>Plan</td><td>Price</td><td>Notes</td></tr>
        <tr><td>Basic</td><td>5 | 6 EUR</td></tr>
        <tr><td colspan="2">Pro, all inclusive</td><td>best</td></tr>
      </table>`);
    expect(markdown).toBe(
      ['Prices', '', '| Plan | Price | Notes |', '| --- | --- | --- |', '| Basic | 5 \\| 6 EUR |  |', '| Pro, all inclusive |  | best |'].join('\n'),
    );
  });

  it('keeps a header row from <thead>/<th> and flattens line breaks inside cells', () => {
    const markdown = markdownOf(`
      <table><thead><tr><th>Name</th><th>Role</th></tr></thead>
      <tbody><tr><td>Ann</td><td><p>Lead</p><p>since 2020</p></td></tr></tbody></table>`);
    expect(markdown).toBe(['| Name | Role |', '| --- | --- |', '| Ann | Lead since 2020 |'].join('\n'));
  });

  it('turns layout tables (nested tables, single column) into plain blocks', () => {
    const markdown = markdownOf(`
      <table><tr><td><p>Column text.</p><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table></td></tr></table>
      <table><tr><td>Only</td></tr><tr><td>one column</td></tr></table>`);
    expect(markdown).toBe(['Column text.', '', '| A | B |', '| --- | --- |', '| 1 | 2 |', '', 'Only', '', 'one column'].join('\n'));
  });

  it('fences code blocks with their language, from the <code> or the <pre> class', () => {
    const markdown = markdownOf(`
      <pre><code class="language-typescript">const a: number = 1;
console.log(a);</code></pre>
      <pre class="lang-py">print("hi")<br>print("there")</pre>
      <pre><code>plain</code></pre>`);
    expect(markdown).toBe(
      ['```typescript', 'const a: number = 1;', 'console.log(a);', '```', '', '```py', 'print("hi")', 'print("there")', '```', '', '```', 'plain', '```'].join('\n'),
    );
  });

  it('keeps code exactly as written, consecutive blank lines included', () => {
    const code = 'def a():\n    return 1\n\n\ndef b():\n    return 2';
    expect(markdownOf(`<pre><code class="language-python">${code}</code></pre>`)).toBe(`\`\`\`python\n${code}\n\`\`\``);
    expect(textOf(`<pre>${code}</pre>`)).toBe(code);
  });

  it('uses a longer fence when the code itself contains one', () => {
    const markdown = markdownOf('<pre><code>```\nnested\n```</code></pre>');
    expect(markdown).toBe(['````', '```', 'nested', '```', '````'].join('\n'));
  });

  it('writes absolute link and image URLs, resolved against <base href>', () => {
    const markdown = exportPage(
      '<html><head><base href="https://cdn.example.com/assets/"></head><body><p>See <a href="../docs/intro">the intro</a> and <img src="img/chart.png" alt="Chart  of sales">.</p><p><img data-src="/lazy.jpg" src="data:image/gif;base64,R0lGOD" alt="lazy"></p></body></html>',
      { url: URL_OF_PAGE, onlyMainContent: false, formats: ['markdown'] },
    ).markdown;
    expect(markdown).toBe(
      'See [the intro](https://cdn.example.com/docs/intro) and ![Chart of sales](https://cdn.example.com/assets/img/chart.png).\n\n![lazy](https://cdn.example.com/lazy.jpg)',
    );
  });

  it('drops empty links and images without a usable source, and unwraps javascript: links', () => {
    const markdown = markdownOf(
      '<p>Start <a href="/empty"></a><a href="/blank">  </a><a href="javascript:share()">Share this</a> <img src="data:image/png;base64,AAAA"> end.</p>',
    );
    expect(markdown).toBe('Start Share this end.');
  });

  it('writes in-page horizontal rules as * * * and headings in ATX style', () => {
    const markdown = markdownOf('<h1>Title</h1><p>Before</p><hr><h2>Part two</h2><p>After</p>');
    expect(markdown).toBe(['# Title', '', 'Before', '', '* * *', '', '## Part two', '', 'After'].join('\n'));
  });

  it('writes lists with - and numbered markers, nested lists indented under their item', () => {
    const markdown = markdownOf('<ul><li>one</li><li>two<ul><li>two.a</li></ul></li></ul><ol start="4"><li>four</li><li>five</li></ol>');
    expect(markdown).toBe(['- one', '- two', '  - two.a', '', '4. four', '5. five'].join('\n'));
  });

  it('escapes what would read as markdown in text, and leaves other text as it is', () => {
    expect(markdownOf('<p>1. one</p><p># two</p><p>- three</p><p>a*b_c [d] `e` \\f</p><p>plain text, no marks</p>')).toBe(
      ['1\\. one', '\\# two', '\\- three', 'a\\*b\\_c \\[d\\] \\`e\\` \\\\f', 'plain text, no marks'].join('\n\n'),
    );
  });

  it('reads the content as an HTML parser would: line breaks as LF, one text where markup was removed, SVG links not written as links', () => {
    expect(markdownOf('<pre>\nfirst\r\nsecond\rthird</pre>')).toBe('```\nfirst\nsecond\nthird\n```');
    // The empty <span> goes in normalization; what is left either side is one text, so "- b" is not the start of a line.
    expect(markdownOf('<p>a <span></span>- b</p>')).toBe('a - b');
    expect(markdownOf('<p>x <svg><a href="/s"><text>icon</text></a></svg> <a href="/t">link</a></p>')).toBe('x icon [link](https://example.com/t)');
  });

  it('never writes a line that is exactly ---, which separates pages in the result', () => {
    const page = `
      <h2>Setext-looking</h2><p>text</p>
      <pre><code>---
title: front matter
---</code></pre>
      <p>---</p>
      <table><tr><th>a</th></tr><tr><td>---</td></tr><tr><td>x</td></tr></table>`;
    for (const onlyMainContent of [false, true]) {
      const { markdown, text } = exportPage(`<html><body>${page}</body></html>`, { url: URL_OF_PAGE, onlyMainContent });
      expect(linesOf(markdown).filter((line) => line.trim() === '---')).toEqual([]);
      expect(linesOf(text).filter((line) => line.trim() === '---')).toEqual([]);
    }
    expect(markdownOf('<pre><code>---\nkey: value</code></pre>')).toContain('- - -\nkey: value');
  });
});

describe('plain text export', () => {
  it('separates paragraphs and headings with blank lines, without markup', () => {
    const text = textOf('<h1>The <em>title</em></h1><p>First   paragraph\n with <b>bold</b> and <a href="/x">a link</a>.</p><div>A div block</div><h2>Next</h2><p>Second.</p>');
    expect(text).toBe(['The title', '', 'First paragraph with bold and a link.', '', 'A div block', '', 'Next', '', 'Second.'].join('\n'));
  });

  it('writes list items with - and numbers, nested items indented', () => {
    const text = textOf('<p>Steps:</p><ol><li>Open</li><li>Close<ul><li>gently</li></ul></li></ol><ul><li><p>Para item</p></li></ul>');
    expect(text).toBe(['Steps:', '', '1. Open', '2. Close', '  - gently', '', '- Para item'].join('\n'));
  });

  it('writes table rows on one line each, cells separated by |', () => {
    const text = textOf('<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>31</td></tr></table><p>After.</p>');
    expect(text).toBe(['Name | Age', 'Ann | 31', '', 'After.'].join('\n'));
  });

  it('keeps preformatted text as it is, line breaks included, and drops horizontal rules', () => {
    const text = textOf('<p>Code:</p><pre>\nif (x) {\n    y();\n}</pre><hr><p>Done<br>here.</p>');
    expect(text).toBe(['Code:', '', 'if (x) {', '    y();', '}', '', 'Done', 'here.'].join('\n'));
  });

  it('keeps form controls apart from the words around them', () => {
    expect(textOf('<form><label>Email</label><input type="email"><button>Subscribe</button></form>')).toBe('Email Subscribe');
  });
});

describe('main content versus the whole page', () => {
  const page = readFileSync(new URL('../../fixtures/html/article-with-boilerplate.html', import.meta.url), 'utf8');
  const url = 'https://coast.example/2024/tide-pools';
  const boilerplate = ['We use cookies', 'Accept all', 'Guides', 'Popular guides', 'Birds of the estuary', 'newsletter', 'Copyright 2024', 'Terms of use', 'HIDDEN-TEXT'];

  it('keeps the article and leaves out navigation, banners, sidebars, forms, footers and hidden text', () => {
    const { markdown, text } = exportPage(page, { url, onlyMainContent: true });
    for (const output of [markdown, text]) {
      expect(output).toContain('Tide pools form where the sea retreats');
      expect(output).toContain('put things back exactly as they were.');
      expect(output).toContain('Shore crabs');
      for (const phrase of boilerplate) expect(output).not.toContain(phrase);
      expect(output).not.toContain('SCRIPT-TEXT');
    }
    expect(markdown).toContain('## What lives there');
  });

  it("keeps an article's own <header> (its standfirst), unlike the page's", () => {
    const paragraph = 'The harbour wall was rebuilt this year, stone by stone, by the same families who have fished from it for a century. ';
    const html = `<body><header><p>Site masthead with a long enough tagline to look like text, really quite long indeed.</p></header>
      <article><header><p class="standfirst">A village restores its harbour, and with it a way of life that many thought was gone for good.</p></header>
      <p>${paragraph.repeat(3)}</p><p>${paragraph.repeat(2)}</p></article></body>`;
    const { text } = exportPage(html, { url, onlyMainContent: true, formats: ['text'] });
    expect(text).toContain('A village restores its harbour');
    expect(text).not.toContain('Site masthead');
  });

  it('keeps the whole body with onlyMainContent false, except scripts and styles', () => {
    const { markdown, text } = exportPage(page, { url, onlyMainContent: false });
    for (const output of [markdown, text]) {
      for (const phrase of ['We use cookies', 'Popular guides', 'Copyright 2024', 'Tide pools form']) expect(output).toContain(phrase);
      expect(output).not.toContain('SCRIPT-TEXT');
      expect(output).not.toContain('font-family');
    }
    expect(markdown).toContain('[Terms of use](https://coast.example/terms)');
  });
});

describe('title and formats', () => {
  it('takes the <title>, whitespace collapsed', () => {
    expect(exportPage('<title>\n  My   page \n</title><h1>Heading</h1>', { url: URL_OF_PAGE, onlyMainContent: false }).title).toBe('My page');
  });

  it('falls back to og:title, then to the first <h1>, else has none', () => {
    const og = '<head><meta property="og:title" content="Shared title"></head><body><h1>Heading</h1></body>';
    expect(exportPage(og, { url: URL_OF_PAGE, onlyMainContent: false }).title).toBe('Shared title');
    expect(exportPage('<body><h1> The <i>heading</i> </h1></body>', { url: URL_OF_PAGE, onlyMainContent: false }).title).toBe('The heading');
    expect(exportPage('<p>No title here</p>', { url: URL_OF_PAGE, onlyMainContent: false }).title).toBeUndefined();
  });

  it('ignores the <title> of an inline SVG icon', () => {
    const html = '<body><svg><title>icon</title></svg><h1>Real heading</h1></body>';
    expect(exportPage(html, { url: URL_OF_PAGE, onlyMainContent: false }).title).toBe('Real heading');
  });

  it('produces only the formats asked for, both by default', () => {
    const html = '<p>Hello</p>';
    expect(Object.keys(exportPage(html, { url: URL_OF_PAGE, onlyMainContent: false, formats: ['text'] })).sort()).toEqual(['text', 'title', 'truncated']);
    const both = exportPage(html, { url: URL_OF_PAGE, onlyMainContent: false });
    expect([both.markdown, both.text]).toEqual(['Hello', 'Hello']);
    expect(both.truncated).toBe(false);
  });

  it('keeps no C0 control but tab and line feed in the title, markdown and text, however the page wrote it', () => {
    const html = '<title>Tab\u0001le &#x1B;[31m</title><p>bell&#x7; back\u0008space&#x0B;&#x1F; &#x0C;row\r\nend</p><pre>a\tb\r\nc\rd</pre>';
    const exported = exportPage(html, { url: URL_OF_PAGE, onlyMainContent: false });
    for (const field of [exported.title, exported.markdown, exported.text]) expect(c0Controls(field ?? '')).toEqual([]);
    expect(exported.title).toBe('Table [31m');
    expect(exported.text).toBe('bell backspace row end\n\na\tb\nc\nd');
  });

  it('exports content that broken markup left after </body>, and pages without <body>', () => {
    expect(textOf('<p>inside</p></body></html><p>after the end</p>')).toBe('inside\n\nafter the end');
    expect(exportPage('<div>no body element</div>', { url: URL_OF_PAGE, onlyMainContent: false }).text).toBe('no body element');
  });
});

describe('Firecrawl page options: tag selectors and details', () => {
  const html = `<html lang="fr"><head><title>T</title><meta name="description" content=" A page. "></head>
<body><nav>Menu</nav><article><h1>T</h1><p>Body text of the article, <a href="/x">a link</a>.</p><aside class="promo">Promo</aside></article><footer>Foot</footer></body></html>`;

  it('drops what excludeTags selects before anything else', () => {
    const exported = exportPage(html, { url: 'https://example.com/p', onlyMainContent: false, formats: ['markdown'], selectors: { exclude: ['nav', '.promo'] } });
    expect(exported.markdown).not.toContain('Menu');
    expect(exported.markdown).not.toContain('Promo');
    expect(exported.markdown).toContain('Foot');
  });

  it('keeps only what includeTags selects, outermost first, in document order', () => {
    const exported = exportPage(html, { url: 'https://example.com/p', onlyMainContent: false, formats: ['markdown'], selectors: { include: ['footer', 'article', 'article p'] } });
    expect(exported.markdown).toBe('# T\n\nBody text of the article, [a link](https://example.com/x).\n\nPromo\n\nFoot');
  });

  it('gives the content as HTML with absolute links, the meta description and the language, when asked', () => {
    const exported = exportPage(html, { url: 'https://example.com/p', onlyMainContent: true, formats: ['markdown'], details: true });
    expect(exported.details).toMatchObject({ description: 'A page.', language: 'fr' });
    expect(exported.details?.html).toContain('<a href="https://example.com/x">a link</a>');
    expect(exported.details?.html).not.toContain('Menu');
    expect(exportPage(html, { url: 'https://example.com/p', onlyMainContent: true, formats: ['markdown'] }).details).toBeUndefined();
  });

  it('names a selector it cannot use', () => {
    expect(cssSelectorProblem('div.promo > p')).toBeUndefined();
    expect(cssSelectorProblem('[[')).toMatch(/^is not a CSS selector/);
  });
});
