import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { exportPage } from '../../../lambdas/core/export.js';
import { createElement } from '../../../lambdas/core/export/dom.js';
import { toPlainText } from '../../../lambdas/core/export/text.js';
import { parseHtml } from '../../../lambdas/core/html.js';

/**
 * The markdown export keeps every word the text export keeps, as a markdown reader shows it: shapes
 * where the markdown's own syntax used to hide, split or glue words.
 */

const URL_OF_PAGE = 'https://example.com/guide/page.html';

function exported(body: string) {
  return exportPage(`<html><body>${body}</body></html>`, { url: URL_OF_PAGE, onlyMainContent: false });
}

const reader = new Marked({ gfm: true });

/** The words a reader of the rendered markdown sees, read by the text export's writer. */
function wordsShown(markdown: string): string[] {
  const { document } = parseHtml(reader.parse(markdown, { async: false }));
  return toPlainText(createElement('div', [...document.children])).match(/[\p{L}\p{N}_]+/gu) ?? [];
}

function expectSameWords(body: string): { markdown: string; text: string } {
  const { markdown, text } = exported(body);
  expect(wordsShown(markdown)).toEqual(text.match(/[\p{L}\p{N}_]+/gu) ?? []);
  return { markdown, text };
}

/** Pages whose whole markdown is known: each keeps the text's words and reads as written. */
const WRITTEN_AS: Array<{ name: string; html: string; markdown: string }> = [
  {
    // A glossary link in bold, then an icon and the term's tooltip, with no space between.
    name: 'leaves out emphasis whose delimiter could not open or close: a link at its edge, a word right outside',
    html: '<p>einer <strong><a href="/glossar">intergeschlechtlichen</a></strong><i class="icon"></i><span class="tooltip">Intergeschlechtliche Menschen</span> Person. Read<b><a href="/a">the guide</a></b> now.</p>',
    markdown: 'einer [intergeschlechtlichen](https://example.com/glossar)Intergeschlechtliche Menschen Person. Read[the guide](https://example.com/a) now.',
  },
  {
    name: 'writes emphasis with asterisks, so emphasis inside a word stays one word',
    html: '<p>The anniversary tour tre</em>k and the <em>tre</em>k and <b>Game D</b>ay.</p>',
    markdown: 'The anniversary tour trek and the *tre*k and **Game D**ay.',
  },
  {
    name: 'joins emphasis split into adjacent elements, whose delimiters would meet inside a word',
    html: '<p>Call Me <em>b</em><em>y Your Name</em>, <b>Game D</b><strong>ay</strong> and <i>a</i><em>b</em>.</p>',
    markdown: 'Call Me *by Your Name*, **Game Day** and *ab*.',
  },
  {
    name: 'writes emphasis that meets another of its kind across elements without delimiters of its own',
    html: '<p>the rest <font><b>ar</b></font><font><b>ea.</b></font> Use it.</p>',
    markdown: 'the rest **ar**ea. Use it.',
  },
  {
    name: 'writes a strikethrough that meets another across elements without tildes of its own, so they do not pair wrongly',
    html: '<p>he c<strike>es he co</strike><b><strike>me</strike>s the ichor</b> permeates all</p>',
    markdown: 'he c~es he co~**mes the ichor** permeates all',
  },
  {
    name: 'moves punctuation that starts or ends emphasis beside a letter outside the delimiters',
    html: '<p>ever run on</em> Kotaku<em>. <strong>Warning:</strong> this one</em> and “<em>quoted”</em>s.</p>',
    markdown: 'ever run on Kotaku. ***Warning:** this one* and “*quoted*”s.',
  },
  {
    name: 'escapes a bare URL inside a link’s text, which a reader does not link there and so reads its escapes',
    html: '<p><a href="https://cdn.example/assets/product%5C_images/1.jpg">https://cdn.example/assets/product\\_images/1.jpg</a> beside https://cdn.example/a_b plain.</p>',
    markdown: '[https://cdn.example/assets/product\\\\\\_images/1.jpg](https://cdn.example/assets/product%5C_images/1.jpg) beside https://cdn.example/a_b plain.',
  },
  {
    name: 'keeps the blank lines around a code block at the edge of nested spans or custom elements',
    html: '<p>Tabs</p><x-tabs><span>component</span></x-tabs> <x-area> <x-file> <pre><code>a = 1\n</code></pre> </x-file> </x-area><span>more</span><p>After.</p>',
    markdown: 'Tabs\n\ncomponent\n\n```\na = 1\n```\n\nmore\n\nAfter.',
  },
  {
    name: 'does not let a "!" before a link make it an image',
    html: '<p>Thank you!!<a href="https://shop.example/">Visit the shop</a> now!</p>',
    markdown: 'Thank you!\\![Visit the shop](https://shop.example/) now!',
  },
  {
    name: 'keeps a link around a table apart from the words before it',
    html: '<p>© 1999 The Society<a href="/"><table><tr><td>M R S</td><td>Journal</td></tr></table></a></p>',
    markdown: '© 1999 The Society\n\n[M R S Journal](https://example.com/)',
  },
  {
    name: 'writes no emphasis around several blocks, where its delimiters would show',
    html: '<div>Frontier Life<i><p>Galileo (High School)</p><p>Gardening Unit</p></i></div>',
    markdown: 'Frontier Life\n\nGalileo (High School)\n\nGardening Unit',
  },
  {
    name: 'writes code right after code as one span, whose backticks would otherwise meet and show',
    html: '<div><code class="name">theme</code><code class="type">string</code></div><p>Set <code>theme</code> or <code>mode</code>.</p>',
    markdown: '`themestring`\n\nSet `theme` or `mode`.',
  },
  {
    // A wiki's command with a placeholder in italics, and shell lines in one inline code element.
    name: 'writes inline code as its text: emphasis inside it would show as asterisks, line breaks as spaces',
    html: '<p>Start <code>notify_mail_<i>name</i>@backup.service</code> by hand, then run <code>cd repo<br>git pull<br/><b>make</b></code> again.</p>',
    markdown: 'Start `notify_mail_name@backup.service` by hand, then run `cd repo git pull make` again.',
  },
  {
    name: 'writes an output element among the words around it, as the text export and a browser do',
    html: '<form><label>Monthly savings<output>$0</output></label><label>Annual savings<output>$12</output></label></form>',
    markdown: 'Monthly savings$0Annual savings$12',
  },
  {
    // A seller box's two calls to action, buttons with no space between them.
    name: 'keeps buttons apart from each other and the words beside them, as the text export does',
    html: '<div><button type="button"><span>Other items</span></button><button type="button"><span>Contact</span></button>seller</div>',
    markdown: 'Other items Contact seller',
  },
];

/** Pages where one part of the markdown is the point: each keeps the text's words and holds these. */
const HOLDING: Array<{ name: string; html: string; contains: string[] }> = [
  {
    // A numbered FAQ whose numbers are paragraphs of their own above each question's heading.
    name: 'escapes a number alone on a line, or before a space, which markdown would read as an empty list item',
    html: '<h2>Questions</h2><p>1.</p><h3>Which plan is cheapest?</h3><p>The basic one.</p><p>2)</p><h3>Can I cancel?</h3><p>Yes.</p><p>3. <b>Last</b></p>',
    contains: ['1\\.\n\n### Which plan is cheapest?', '2\\)\n\n### Can I cancel?'],
  },
  {
    // A product tile's variant picker: a legend, then links to each variant; a disclosure widget.
    name: 'keeps a legend or a summary apart from the words after it, as the text export does',
    html: '<form><fieldset><legend>More options<span class="sr-only">HALDEN</span></legend><label><input type="radio"><a href="/p/1"><span>Option: HALDEN, shelf, birch</span><img src="/i/1.jpg" alt="A birch shelf"></a></label></fieldset></form><details><summary>Sizes</summary>Small and large</details>',
    contains: ['More optionsHALDEN\n\n[Option: HALDEN, shelf, birch', 'Sizes\n\nSmall and large'],
  },
  {
    // A shop's search box: the categories to search in, a select of options.
    name: "keeps a select's options apart from each other, as the text export has them, one a line",
    html: '<form><label>Shop by category</label><select name="cat"><option>All Categories</option><option>Antiques</option><option>Art</option></select><button>Search</button></form>',
    contains: ['All Categories\n\nAntiques\n\nArt'],
  },
  {
    // A shop's old price, struck through between the new price and the saving, with no space between them.
    name: 'leaves out a strikethrough whose tildes a reader could not read, the words beside it touching them, as it does emphasis',
    html: '<p><span>$111.99</span><s>$141.99</s><span>21% Off</span></p><p>A <del>struck</del> word</p>',
    contains: ['$111.99$141.9921% Off', 'A ~struck~ word'],
  },
  {
    name: 'escapes a "!" that ends an inline element just before a link, where it would make the link an image',
    html: '<p><b>Thanks!</b><a href="/shop">Shop the sale</a></p><ul><li><span>Would hire again! </span><a href="/book">One-time cleaning</a></li></ul>',
    contains: ['**Thanks**\\![Shop the sale](https://example.com/shop)', 'again\\! [One-time cleaning](https://example.com/book)'],
  },
  {
    name: 'escapes a "!" just before an inline element that opens with a link (YARD writes a type `!<span><a>Target</a></span>`)',
    html: '<h3>#target ⇒ <tt>!<span class="object_link"><a href="/Target.html">Target</a></span></tt></h3>',
    contains: ['\\![Target](https://example.com/Target.html)'],
  },
  {
    // A forum post of TeX formulas, where a reader would strike out what lies between two tildes.
    name: 'escapes tildes, which a reader reads as strikethrough, gluing the words at either end to their neighbours',
    html: '<p>1+\\frac~xn and \\int^x~e^{-t} dt, ~~struck~~ or not</p><p>~~~</p><p>A <del>struck</del> word and https://example.com/~user/notes</p>',
    contains: ['1+\\\\frac\\~xn and \\\\int^x\\~e^{-t} dt, \\~\\~struck\\~\\~ or not', '\\~\\~\\~', 'A ~struck~ word', 'https://example.com/~user/notes'],
  },
];

describe('markdown keeps the words of the text', () => {
  it.each(WRITTEN_AS)('$name', ({ html, markdown }) => {
    expect(expectSameWords(html).markdown).toBe(markdown);
  });

  it.each(HOLDING)('$name', ({ html, contains }) => {
    const { markdown } = expectSameWords(html);
    for (const part of contains) expect(markdown).toContain(part);
  });

  it('keeps line breaks and spaces that sit in inline elements of their own', () => {
    const { markdown, text } = expectSameWords(
      '<p><b>December 26, 2006<br></b><font><b><br></b></font><b>Why now</b> in<font> </font>Green <span> – Main Gym<br></span><span>7899 Road</span></p>',
    );
    expect(text).toBe('December 26, 2006\nWhy now in Green – Main Gym\n7899 Road');
    expect(markdown).toBe('**December 26, 2006**  \n  \n**Why now** in Green – Main Gym  \n7899 Road');
  });

  it('writes bare URLs as they stand (a reader links them), escapes text that looks like markup', () => {
    const { markdown } = expectSameWords(
      '<p>More: https://twitter.com/AP_Sports and snake_case, Reporting &amp;amp; Guidance, <code>x</code> and &lt;?php session_start(); ?&gt;</p>',
    );
    expect(markdown).toBe('More: https://twitter.com/AP_Sports and snake\\_case, Reporting \\&amp; Guidance, `x` and \\<?php session\\_start(); ?>');
  });

  it('numbers list items as the browser does: a paragraph left open in a list, a list straight in a list', () => {
    const { markdown, text } = expectSameWords('<ol><li>one</li><p><li>two</li><p><li>three</li><ol><li>three a</li></ol><li>four</li></ol>');
    expect(markdown).toBe('1. one\n2. two\n3. three\n   1. three a\n4. four');
    expect(text).toBe('1. one\n2. two\n3. three\n  1. three a\n4. four');
  });

  it('keeps the words apart where a run of line breaks ends an inline element (main content)', () => {
    const answer = (n: number) => `<strong><em>A. Answer ${n}, with enough words in it to be read as a paragraph of the article. </em><a href="/report">See the report</a><br><br></strong>`;
    const html = `<html><body><div>${[1, 2, 3].map((n) => `${answer(n)}<strong><em>Q. Question ${n + 1}?</em></strong><br>`).join('')}</div></body></html>`;
    const { text, markdown } = exportPage(html, { url: URL_OF_PAGE, onlyMainContent: true });
    expect(text).toContain('See the report\nQ. Question 2?');
    expect(wordsShown(markdown)).toEqual(text.match(/[\p{L}\p{N}_]+/gu));
  });

  it('writes an ordered list right after another with the other delimiter, so a reader does not number on', () => {
    // A breadcrumb the page carries twice, each in a block of its own, and a list after a paragraph.
    const crumbs = '<ol><li><a href="/women">Women</a></li><li>Knitwear</li></ol>';
    const { markdown } = expectSameWords(`<div>${crumbs}</div>\n<div>${crumbs}</div><div>${crumbs}</div><p>Then:</p><ol><li>wash cold</li></ol>`);
    expect(markdown).toBe('1. [Women](https://example.com/women)\n2. Knitwear\n\n1) [Women](https://example.com/women)\n2) Knitwear\n\n1. [Women](https://example.com/women)\n2. Knitwear\n\nThen:\n\n1. wash cold');
  });

  it('keeps the lines of code apart when each is a block of its own (a highlighter\'s divs, paragraphs)', () => {
    const lines = ['function identity<T>(arg: T): T {', '  return arg', '}', 'console.log(identity(10)) // 10'];
    const { markdown } = expectSameWords(`<p>Here it is:</p><pre><code class="language-ts">${lines.map((line) => `<div class="token-line"><span class="token">${line.replace(/</g, '&lt;')}</span></div>`).join('')}</code></pre>`);
    expect(markdown).toContain(`\`\`\`ts\n${lines.join('\n')}\n\`\`\``);
    expect(expectSameWords('<pre><p>first()</p><p>second()</p></pre>').markdown).toBe('```\nfirst()\n\nsecond()\n```');
  });

  it('keeps the blank lines of code written with runs of line breaks (main content, which makes such runs paragraphs)', () => {
    const prose = '<p>The script below opens the apps of a working day in turn, one after the other, and waits between them for a few seconds.</p>';
    const code = '#!/usr/bin/env python3<br><br>import subprocess<br>import time<br><br>def open_app(name):<br> subprocess.Popen(["open", "-a", name])';
    const html = `<html><body><article>${prose}<div class="block"><p><pre>${code}</pre></p></div>${prose}</article></body></html>`;
    const { text, markdown } = exportPage(html, { url: URL_OF_PAGE, onlyMainContent: true });
    expect(markdown).toContain('```\n#!/usr/bin/env python3\n\nimport subprocess\nimport time\n\ndef open_app(name):\n subprocess.Popen(["open", "-a", name])\n```');
    expect(wordsShown(markdown)).toEqual(text.match(/[\p{L}\p{N}_]+/gu));
  });
});
