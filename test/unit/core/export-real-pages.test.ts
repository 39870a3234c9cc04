import { describe, expect, it } from 'vitest';
import { exportPage } from '../../../lambdas/core/export.js';

/** Page shapes seen on real news, blog and general pages where the main content used to go wrong. */

const URL_OF_PAGE = 'https://news.example.com/2025/03/03/harbour.html';

function exported(html: string) {
  return exportPage(html, { url: URL_OF_PAGE, onlyMainContent: true });
}

const SENTENCES = [
  'The harbour authority approved the new ferry timetable on Monday, after two years of consultation with residents, traders and the unions.',
  'Boats will leave every twenty minutes at peak times, and the last crossing moves from ten to midnight, which night-shift workers had asked for.',
  'Fares stay the same until the autumn, the authority said, although a review of concessions for students and pensioners is due in June.',
  'Critics said the consultation had ignored the island side, where the pier still floods at high tide and the waiting room closes at six.',
];

const RELATED = `<table class="related"><tr>
  <td><a href="/a">Council approves budget</a></td><td><a href="/b">New cycle lanes open</a></td>
  <td><a href="/c">Weather: storm warning</a></td><td><a href="/d">Schools reopen</a></td></tr></table>`;

describe('main content on real page shapes', () => {
  it('reads an article written as <br><br>-separated text in <font> tags, not the related-stories row', () => {
    const html = `<html><head><title>Ferry timetable approved</title></head><body>
      <table width="760"><tr><td><font face="Arial" size="2">${SENTENCES.join('<br><br>\n')}</font></td></tr></table>
      ${RELATED}</body></html>`;
    const { text } = exported(html);
    for (const sentence of SENTENCES) expect(text).toContain(sentence);
    expect(text).not.toContain('Council approves budget');
    // Each <br><br> run became a paragraph break.
    expect(text.split('\n\n')).toHaveLength(SENTENCES.length);
  });

  it('keeps text that sits straight under <body>, beside a short menu', () => {
    const html = `<html><head><title>Notes</title></head><body>
      <ul><li><a href="/">Home</a></li><li><a href="/about">About</a></li></ul>
      ${SENTENCES.join('\n<p>')}
      </body></html>`;
    const { text } = exported(html);
    for (const sentence of SENTENCES) expect(text).toContain(sentence);
  });

  it('reads pages as a browser does: no <body> tag, a stray second <html><body>, text after </html>', () => {
    const [first, second, third, fourth] = SENTENCES;
    const html = `<html><head><title>Ferry timetable approved</title></head>
      <div class="story"><p>${first}</p><p>${second}</p>
      <html><body><p>${third}</p></body></html></div>
      </html><div class="story-end"><p>${fourth}</p></div>`;
    const { text } = exported(html);
    for (const sentence of [first, second, third]) expect(text).toContain(sentence);
  });

  it("starts the markdown at the article's title heading and byline, the text at the byline", () => {
    const html = `<html><head><title>Ferry timetable approved | Harbour News</title></head><body>
      <header><a href="/">Harbour News</a></header>
      <article><h1>Ferry timetable approved</h1><p class="byline">By Jane Doe · March 3, 2025</p>
      ${SENTENCES.map((sentence) => `<p>${sentence}</p>`).join('')}</article>
      <aside><h2>Most read</h2><p>Storm warning for the weekend</p></aside></body></html>`;
    const { markdown, text } = exported(html);
    expect(markdown.split('\n\n').slice(0, 3)).toEqual(['# Ferry timetable approved', 'By Jane Doe · March 3, 2025', SENTENCES[0]]);
    // The section's Title: line names the page; the byline and date are the text's first line.
    expect(text.split('\n\n').slice(0, 2)).toEqual(['By Jane Doe · March 3, 2025', SENTENCES[0]]);
  });

  it('unwraps a one-row layout table holding the article and a form table; a data table stays a table', () => {
    const html = `<html><head><title>Ferry timetable</title></head><body>
      <table><tr><td class="content"><h2>Timetable</h2>${SENTENCES.map((sentence) => `<p>${sentence}</p>`).join('')}
        <table><thead><tr><th>Route</th><th>First</th><th>Last</th></tr></thead>
        <tbody><tr><td>North pier</td><td>05:40</td><td>00:00</td></tr><tr><td>Island</td><td>06:00</td><td>23:40</td></tr></tbody></table>
        <form><table><tr><td>Name</td><td><input name="n"></td></tr><tr><td>Email</td><td><input name="e"></td></tr>
        <tr><td>Message</td><td><textarea></textarea></td></tr><tr><td></td><td></td></tr></table></form>
      </td><td width="1"></td></tr></table></body></html>`;
    const { markdown } = exported(html);
    expect(markdown).toContain(`## Timetable\n\n${SENTENCES[0]}`);
    expect(markdown).toContain('| Route | First | Last |\n| --- | --- | --- |\n| North pier | 05:40 | 00:00 |\n| Island | 06:00 | 23:40 |');
    expect(markdown.match(/^\|/gm)).toHaveLength(4);
    expect(markdown).not.toMatch(/\|\s*\|\s*$/m);
  });

  it('drops the empty rows of a data table (spacer rows between groups) and keeps its rows of data', () => {
    const html = `<html><head><title>Fares</title></head><body><article><h1>Fares</h1><p>${SENTENCES[2]}</p>
      <table><thead><tr><th>Ticket</th><th>Adult</th><th>Child</th></tr></thead><tbody>
      <tr><td>Single</td><td>2.40</td><td>1.20</td></tr><tr><td></td><td> </td><td>&nbsp;</td></tr>
      <tr><td>Return</td><td>4.50</td><td>2.20</td></tr><tr></tr></tbody></table></article></body></html>`;
    const { markdown } = exported(html);
    expect(markdown).toContain('| Ticket | Adult | Child |\n| --- | --- | --- |\n| Single | 2.40 | 1.20 |\n| Return | 4.50 | 2.20 |');
    expect(markdown).not.toMatch(/^\|(\s*\|)+\s*$/m);
  });

  it('writes no non-breaking spaces', () => {
    const html = `<html><body><p>Fares&nbsp;stay the same until the autumn, the authority said on&nbsp;Monday.</p>
      <table><tr><th>Route</th><th>Fare</th></tr><tr><td>North&nbsp;pier</td><td>&nbsp;</td></tr></table></body></html>`;
    const { markdown, text } = exportPage(html, { url: URL_OF_PAGE, onlyMainContent: false });
    expect(markdown).not.toContain('\u00a0');
    expect(text).not.toContain('\u00a0');
    expect(text).toContain('Fares stay the same until the autumn, the authority said on Monday.');
  });

  it('returns a short blog post, not the longer comment thread under it', () => {
    const comment = (n: number) =>
      `<li class="comment"><p class="comment-author">Reader ${n}</p><p>I took the ferry every morning for years, and the new evening crossings would have changed my life, honestly, so this is welcome news.</p></li>`;
    const html = `<html><head><title>A short note on the ferry</title></head><body>
      <div class="post"><p>${SENTENCES[0]}</p><p>${SENTENCES[1]}</p></div>
      <div id="comments"><h3>12 comments</h3><ol class="commentlist">${[1, 2, 3, 4, 5, 6].map(comment).join('')}</ol></div>
      </body></html>`;
    const { text } = exported(html);
    expect(text).toContain(SENTENCES[0]);
    expect(text).not.toContain('Reader 1');
  });

  it("returns a manual's page, not its readers' notes under it (php.net's user notes)", () => {
    const note = (n: number) =>
      `<div class="note" id="${n}"><div class="votes"><a href="/vote-note.php?id=${n}&amp;vote=up">up</a><div class="tally">${n}</div></div>
      <a href="#${n}" class="name"><strong class="user"><em>reader${n} at example dot com</em></strong></a><div class="date">12 years ago</div>
      <div class="text"><code>Pay attention that the function will not check the harbour's timetable for the holidays, so do it yourself first.</code></div></div>`;
    const html = `<html><head><title>tide_next - Manual</title></head><body>
      <div id="layout-content"><div class="refentry"><h1 class="refname">tide_next</h1><p>${SENTENCES[0]}</p><p>${SENTENCES[1]}</p></div>
      <section id="usernotes"><div class="head"><h3 class="title">User Contributed Notes <span class="count">6 notes</span></h3></div>
      <div id="allnotes">${[1, 2, 3, 4, 5, 6].map(note).join('')}</div></section></div>
      </body></html>`;
    const { text } = exported(html);
    expect(text).toContain(SENTENCES[0]);
    expect(text).not.toContain('reader1 at example dot com');
    expect(text).not.toContain('Pay attention');
  });
});
