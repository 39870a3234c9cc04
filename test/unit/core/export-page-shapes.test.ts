import { describe, expect, it } from 'vitest';
import { exportPage } from '../../../lambdas/core/export.js';

/**
 * Page shapes where the main content used to go wrong on pages outside the benchmarks the
 * extraction was tuned on, one class each. The pages are built here, in the shape the class has.
 */

const URL_OF_PAGE = 'https://harbour.example/news/2025/03/03/ferry-timetable';

function exported(html: string, url = URL_OF_PAGE) {
  return exportPage(html, { url, onlyMainContent: true });
}

const ARTICLE = [
  'The harbour authority approved the new ferry timetable on Monday, after two years of consultation with residents, traders and the unions.',
  'Boats will leave every twenty minutes at peak times, and the last crossing moves from ten to midnight, which night-shift workers had asked for.',
  'Fares stay the same until the autumn, the authority said, although a review of concessions for students and pensioners is due in June.',
  'Critics said the consultation had ignored the island side, where the pier still floods at high tide and the waiting room closes at six.',
];

const paragraphs = (sentences: readonly string[]) => sentences.map((sentence) => `<p>${sentence}</p>`).join('\n');

describe('a landmark that swallows the article', () => {
  it('keeps an article that markup left inside an unclosed <header role="banner">', () => {
    const html = `<html><head><title>Ferry timetable approved | Harbour News</title></head><body>
      <header role="banner" class="site-header"><a href="/" class="logo">Harbour News</a>
        <a href="#main" class="skip-link">Skip to main content</a>
        <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
      <main id="main"><article><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE)}</article></main>
      <footer><p>© Harbour News. All rights reserved.</p></footer>
      </body></html>`;
    const { text } = exported(html);
    for (const sentence of ARTICLE) expect(text).toContain(sentence);
    expect(text).not.toContain('Skip to main content');
    expect(text).not.toContain('All rights reserved');
  });

  it('keeps an article inside a navigation landmark left open, and still drops a closed one', () => {
    const html = `<html><head><title>Ferry timetable approved</title></head><body>
      <nav class="menu"><a href="/">Home</a> <a href="/news">News</a></nav>
      <div role="navigation" class="breadcrumbs"><a href="/">Home</a> › <a href="/news">News</a>
      <div class="content"><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE)}</div>
      </body></html>`;
    const { text } = exported(html);
    for (const sentence of ARTICLE) expect(text).toContain(sentence);
    expect(text.startsWith('Home')).toBe(false);
  });
});
