import { isTag, type Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { exportPage } from '../../../../lambdas/core/export.js';
import { HTML_DOCUMENT_END, htmlDocument, htmlDocumentStart, htmlPageSection, htmlPrintParts, type PrintPartLimits } from '../../../../lambdas/core/formats/html.js';
import { sectionPieces } from '../../../../lambdas/core/formats/html-pieces.js';
import { RUN_CHARACTERS } from '../../../../lambdas/core/formats/html-runs.js';
import { notXmlCharacters } from '../../../helpers/characters.js';

/** A page whose text and markup try every way into a document: text that looks like tags, script links, images from elsewhere. */
const HOSTILE_PAGE = `<html><head><title>Hostile &lt;b&gt;page</title></head><body><main>
<h1>Hostile</h1>
<p>Try &lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=http://evil.test/x.png onerror=alert(2)&gt; here.</p>
<p><a href="javascript:alert(3)">click me</a>, <a href="data:text/html,&lt;script&gt;alert(4)&lt;/script&gt;">data</a>, <a href="https://example.com/ok?a=1&amp;b=2">a real link</a>.</p>
<p><img src="http://evil.test/tracker.png" alt="tracker"> <img src="https://example.com/figure.png" alt="Figure 1"></p>
<pre><code>&lt;iframe src="https://evil.test/"&gt;&lt;/iframe&gt;</code></pre>
<p>&lt;div onclick="alert(5)"&gt;</p>
<p>Config: &lt;key name="snake_case"&gt;</p>
<p>&lt;style&gt;body{background:url(https://evil.test/bg.png)}&lt;/style&gt;</p>
</main></body></html>`;

function pageMarkdown(html: string, url: string): string {
  return exportPage(html, { url, onlyMainContent: false, formats: ['markdown'] }).markdown;
}

function elements(html: string): Element[] {
  const found: Element[] = [];
  const visit = (nodes: ReturnType<typeof parseDocument>['children']) => {
    for (const node of nodes) {
      if (!isTag(node)) continue;
      found.push(node);
      visit(node.children);
    }
  };
  visit(parseDocument(html).children);
  return found;
}

const ALLOWED_ELEMENTS = new Set(['html', 'head', 'meta', 'title', 'style', 'body', 'nav', 'ol', 'ul', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'header', 'p', 'hr', 'pre', 'code', 'em', 'strong', 'del', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'blockquote', 'br', 'input']);

describe('HTML result', () => {
  const hostile = { url: 'https://example.com/hostile', title: 'Hostile <b>page', markdown: pageMarkdown(HOSTILE_PAGE, 'https://example.com/hostile') };
  // Markdown no export writes, as a last line of defence: link targets the page could not have given.
  const crafted = {
    url: 'https://example.com/next',
    title: 'Next',
    markdown: 'Second page: [script link](javascript:alert(3)) [data link](data:text/html,x) [relative](/elsewhere) <javascript:alert(6)> ![shot](javascript:alert(7)) [mail](mailto:team@example.com)',
  };
  const document = htmlDocument('Crawl of https://example.com/', [hostile, crafted]);

  it('shows what a page wrote as tags as text, and never as markup', () => {
    const all = elements(document);
    for (const element of all) {
      expect(ALLOWED_ELEMENTS, `<${element.name}>`).toContain(element.name);
      for (const name of Object.keys(element.attribs)) expect(name, `<${element.name} ${name}>`).not.toMatch(/^on/i);
      expect(element.attribs.src, `<${element.name} src>`).toBeUndefined();
    }
    expect(all.filter((element) => element.name === 'style')).toHaveLength(1);
    expect(document).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(document).toContain('&lt;iframe src=&quot;https://evil.test/&quot;&gt;&lt;/iframe&gt;');
    expect(document).toContain('&lt;div onclick=&quot;alert(5)&quot;&gt;');
    // As the page showed it: not with the backslash the markdown escaped its underscore with.
    expect(document).toContain('&lt;key name=&quot;snake_case&quot;&gt;');
  });

  it('links only to http(s) and mailto targets and to its own sections, and loads nothing', () => {
    const targets = elements(document)
      .filter((element) => element.name === 'a')
      .map((element) => element.attribs.href ?? '');
    expect(targets.every((href) => /^(https?:|mailto:|#page-\d+$)/.test(href)), targets.join(' ')).toBe(true);
    expect(targets).toContain('https://example.com/ok?a=1&b=2');
    expect(targets).toContain('mailto:team@example.com');
    expect(document).toContain('script link data link relative');
    expect(document).toContain('[Image: shot]');
    // Images become links to the image: opening the document fetches nothing.
    expect(targets).toContain('https://example.com/figure.png');
    expect(document).toContain('[Image: Figure 1]');
    expect(document).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
  });

  it('gives each page a section with its title and URL, a contents entry, and an <hr> between pages', () => {
    const sections = elements(document).filter((element) => element.name === 'section');
    expect(sections.map((section) => section.attribs.id)).toEqual(['page-1', 'page-2']);
    expect(document).toContain('<header><h1><a class="permalink" href="#page-1">Hostile &lt;b&gt;page</a></h1><p class="url"><a href="https://example.com/hostile">https://example.com/hostile</a></p></header>');
    expect(document).toContain('<li><a href="#page-2">Next</a></li>');
    expect(document.match(/<hr class="page-separator">/g)).toHaveLength(1);
    expect(document.indexOf('<hr class="page-separator">')).toBeGreaterThan(document.indexOf('id="page-1"'));
    expect(document.indexOf('<hr class="page-separator">')).toBeLessThan(document.indexOf('id="page-2"'));
  });

  it('holds the markdown export’s structure: headings under the page title, lists, tables, code', () => {
    const markdown = '# Guide\n\n## Install\n\n- one\n  - nested\n\n3. third\n4. fourth\n\n| Key | Value |\n| --- | --- |\n| a | 1 |\n\n```sh\nnpm ci\n```\n\nSome **bold**, _italic_ and `code`.';
    const section = htmlPageSection({ url: 'https://example.com/g', title: 'Guide' }, markdown, 0);
    expect(section).toContain('<h2>Guide</h2>');
    expect(section).toContain('<h3>Install</h3>');
    expect(section).toMatch(/<li>one<ul>\s*<li>nested<\/li>/);
    expect(section).toContain('<ol start="3">');
    expect(section).toMatch(/<th>Key<\/th>[\s\S]*<td>1<\/td>/);
    expect(section).toContain('<pre><code class="language-sh">npm ci\n</code></pre>');
    expect(section).toContain('<strong>bold</strong>, <em>italic</em> and <code>code</code>');
  });

  it('holds no character XML forbids, from the title, the page list or the markdown', () => {
    const odd = 'F\uFFFEG\uFFFFH\u0001I\uD800J';
    const page = { url: 'https://example.com/odd', title: `Odd ${odd}`, markdown: `Text ${odd}\n\n\`${odd}\`\n\n| ${odd} | b |\n| --- | --- |\n| c | d |` };
    const built = htmlDocument(`Crawl ${odd}`, [page]);
    expect(notXmlCharacters(built)).toEqual([]);
    expect(built).toContain('Text FGHI\uFFFDJ');
  });

  it('streams as start, sections and end, the same document as built at once', () => {
    const pages = [
      { url: 'https://example.com/1', title: undefined, markdown: 'one' },
      { url: 'https://example.com/2', title: 'Two', markdown: 'two' },
    ];
    const streamed = htmlDocumentStart('Crawl', pages) + pages.map((page, index) => htmlPageSection(page, page.markdown, index)).join('') + HTML_DOCUMENT_END;
    expect(streamed).toBe(htmlDocument('Crawl', pages));
    // A page without a title is listed by its URL.
    expect(streamed).toContain('<li><a href="#page-1">https://example.com/1</a></li>');
  });

  it('splits for printing into whole documents, the contents in the first, the sections numbered through', async () => {
    const pages = [1, 2, 3].map((n) => ({ url: `https://example.com/${n}`, title: `Page ${n}`, markdown: `Text ${n}.` }));
    const parts = await printParts(pages, { pages: 2, bytes: Number.POSITIVE_INFINITY });
    expect(parts).toHaveLength(2);
    for (const part of parts) expect(part.startsWith('<!DOCTYPE html>') && part.endsWith(HTML_DOCUMENT_END)).toBe(true);
    expect(parts.map((part) => elements(part).filter((element) => element.name === 'nav').length)).toEqual([1, 0]);
    expect(parts.map((part) => elements(part).filter((element) => element.name === 'section').map((section) => section.attribs.id))).toEqual([['page-1', 'page-2'], ['page-3']]);
    expect(parts[0]).toContain('<li><a href="#page-3">Page 3</a></li>');
    // the first part holds a stand-in target for the section printed later, so its contents entry is a link
    expect(elements(parts[0] as string).filter((element) => element.name === 'a' && element.attribs.id).map((element) => element.attribs.id)).toEqual(['page-3']);
  });

  it('ends a printed part at its bytes as well as its pages, a page larger than that being cut across parts', async () => {
    const sizes = [200, 200, 6000, 200, 200, 200];
    const pages = sizes.map((size, n) => ({ url: `https://example.com/${n}`, title: `Page ${n}`, markdown: Array.from({ length: size }, (_, word) => `w${n}x${word}`).join(' ') }));
    const parts = await printParts(pages, { pages: 50, bytes: 16_000 });
    const sectionsOf = (part: string) => elements(part).filter((element) => element.name === 'section').map((section) => section.attribs.id ?? `…${section.attribs['data-continues']}`);
    expect(parts.map(sectionsOf)).toEqual([['page-1', 'page-2'], ['page-3'], ['…page-3'], ['…page-3', 'page-4', 'page-5', 'page-6']]);
    // each part within its bytes but for the last run that reached them (10,000 characters at most)
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThan(16_000 + RUN_CHARACTERS + 200);
    // every word once, in order, and the first part's targets only for the pages it does not hold
    const words = parts.map((part) => part.replace(/<nav[\s\S]*?<\/nav>|<header>[\s\S]*?<\/header>|<[^>]*>/g, ' ')).join(' ').split(/\s+/).filter((word) => /^w\d+x\d+$/.test(word));
    expect(words).toEqual(pages.flatMap((page) => page.markdown.split(' ')));
    expect(elements(parts[0] as string).filter((element) => element.name === 'a' && element.attribs.id).map((element) => element.attribs.id)).toEqual(['page-3', 'page-4', 'page-5', 'page-6']);
  });
});

describe('a page cut into pieces for the printer (sectionPieces)', () => {
  const page = { url: 'https://example.com/large', title: 'Large' };
  const piecesOf = (markdown: string, maxBytes: number) => sectionPieces(htmlPageSection(page, markdown, 0, 'print'), maxBytes);
  /** The elements each piece opens and closes, which must balance. */
  const balanced = (piece: string) => {
    const open: string[] = [];
    for (const [, end, name] of piece.matchAll(/<(\/?)([a-z][a-z0-9]*)[^>]*>/g)) {
      if (['br', 'hr', 'img', 'input', 'wbr'].includes(name as string)) continue;
      if (!end) open.push(name as string);
      else if (open.pop() !== name) return false;
    }
    return open.length === 0;
  };

  it('leaves a section within the bytes whole', () => {
    const section = htmlPageSection(page, 'A short page.', 0, 'print');
    expect(sectionPieces(section, 10_000)).toEqual([section]);
  });

  it('cuts a long paragraph between its runs, the section continuing without its id', () => {
    const markdown = Array.from({ length: 30_000 }, (_, index) => `word${index}`).join(' ');
    const pieces = piecesOf(markdown, 40_000);
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces.every(balanced)).toBe(true);
    expect(pieces.map((piece) => /<section class="page" (id|data-continues)="page-1">/.exec(piece)?.[1])).toEqual(['id', ...pieces.slice(1).map(() => 'data-continues')]);
    expect(pieces.join('').replace(/<[^>]*>/g, ' ').split(/\s+/).filter((word) => word.startsWith('word'))).toEqual(markdown.split(' '));
  });

  it('repeats a tall table\'s head in each piece, and counts an ordered list on', () => {
    const table = `| name | value |\n| --- | --- |\n${Array.from({ length: 3000 }, (_, row) => `| r${row} | ${'v'.repeat(20)} |`).join('\n')}`;
    const tablePieces = piecesOf(table, 30_000);
    expect(tablePieces.length).toBeGreaterThan(2);
    expect(tablePieces.every(balanced)).toBe(true);
    for (const piece of tablePieces) expect(piece).toContain('<thead>\n<tr><th>name</th><th>value</th></tr>\n</thead>');
    expect(tablePieces.flatMap((piece) => [...piece.matchAll(/<td>(r\d+)<\/td>/g)].map((match) => match[1]))).toEqual(Array.from({ length: 3000 }, (_, row) => `r${row}`));

    const list = Array.from({ length: 3000 }, (_, item) => `${item + 1}. item ${item + 1} ${'z'.repeat(20)}`).join('\n');
    const listPieces = piecesOf(list, 30_000);
    expect(listPieces.length).toBeGreaterThan(2);
    expect(listPieces.every(balanced)).toBe(true);
    // each piece's list starts at the number of its first item
    for (const piece of listPieces.slice(1)) {
      const [, start, first] = /<ol start="(\d+)">\n?<li>item (\d+) /.exec(piece) ?? [];
      expect(start).toMatch(/^\d+$/);
      expect(start).toBe(first);
    }
  });
});

async function printParts(pages: Array<{ url: string; title: string; markdown: string }>, limits: PrintPartLimits): Promise<string[]> {
  const parts: string[] = [];
  for await (const part of htmlPrintParts('Crawl', pages, (index) => pages[index]?.markdown ?? '', limits)) parts.push(part);
  return parts;
}

describe('HTML that every printer can lay out', () => {
  const page = { url: 'https://example.com/long', title: 'Long' };

  it('cuts a paragraph of a long word into runs of whole characters, each a block of the same paragraph', () => {
    const section = htmlPageSection(page, `Before.\n\n${'abcdefghij'.repeat(3000)}&amp;\n\nAfter.`, 0);
    const paragraph = /<p>((?:<span class="run">[^<]*<\/span>)+)<\/p>/.exec(section)?.[1] ?? '';
    const runs = [...paragraph.matchAll(/<span class="run">([^<]*)<\/span>/g)].map((match) => match[1] as string);
    expect(runs).toHaveLength(4);
    expect(runs.every((run) => run.length <= RUN_CHARACTERS)).toBe(true);
    expect(runs.join('')).toBe(`${'abcdefghij'.repeat(3000)}&amp;`);
    expect(section).toContain('<p>Before.</p>');
  });

  it('keeps the inline markup whole in every run: emphasis and links end with a run and open again in the next', () => {
    const words = Array.from({ length: 4000 }, (_, index) => `word${index}`).join(' ');
    const section = htmlPageSection(page, `**${words}** [${words}](https://example.com/x) \`${words}\``, 0);
    const runs = [...section.matchAll(/<span class="run">([\s\S]*?)<\/span>/g)].map((match) => match[1] as string);
    expect(runs.length).toBeGreaterThan(6);
    for (const run of runs) {
      const opened = (run.match(/<(strong|a|code)[ >]/g) ?? []).length;
      expect((run.match(/<\/(strong|a|code)>/g) ?? []).length, run.slice(0, 80)).toBe(opened);
      expect(run.replace(/<[^>]*>/g, '').length).toBeLessThanOrEqual(RUN_CHARACTERS);
    }
    // every word is there once in each of the three, in order
    expect(runs.join('').replace(/<[^>]*>/g, '')).toBe(`${words} ${words} ${words}`);
  });

  it('cuts code blocks, table cells and list items too, at line breaks where it can', () => {
    const lines = Array.from({ length: 2000 }, (_, index) => `line ${index}`).join('\n');
    const code = htmlPageSection(page, `\`\`\`\n${lines}\n\`\`\``, 0);
    const runs = [...code.matchAll(/<span class="run">([^<]*)<\/span>/g)].map((match) => match[1] as string);
    expect(runs.length).toBeGreaterThan(1);
    for (const run of runs.slice(0, -1)) expect(run.endsWith('\n')).toBe(true);
    expect(htmlPageSection(page, `| a | b |\n| --- | --- |\n| ${'x'.repeat(25_000)} | y |`, 0)).toMatch(/<td><span class="run">x+<\/span><span class="run">/);
    expect(htmlPageSection(page, `- ${'y'.repeat(25_000)}\n- short`, 0)).toMatch(/<li><span class="run">y+<\/span><span class="run">/);
  });

  it('prints a table wider than the paper as tables of the columns that fit, each led by the first column; on screen it scrolls', () => {
    const header = Array.from({ length: 40 }, (_, column) => `h${column}`);
    const row = Array.from({ length: 40 }, (_, column) => `c${column}`);
    const markdown = `| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |\n| ${row.join(' | ')} |`;
    const printed = htmlPageSection(page, markdown, 0, 'print');
    const tables = [...printed.matchAll(/<table class="split">([\s\S]*?)<\/table>/g)].map((match) => match[1] as string);
    expect(tables.length).toBeGreaterThan(2);
    for (const table of tables) expect(table).toMatch(/^\n<thead>\n<tr><th>h0<\/th>/);
    const printedCells = tables.flatMap((table) => [...table.matchAll(/<td>(c\d+)<\/td>/g)].map((match) => match[1]));
    expect(new Set(printedCells)).toEqual(new Set(row));
    const screen = htmlPageSection(page, markdown, 0);
    expect(screen).toContain('<div class="table">\n<table>\n<thead>');
    expect(screen.match(/<table/g)).toHaveLength(1);
  });
});
