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

const COUNTRIES = ['Austria', 'Belgium', 'Canada', 'Denmark', 'Estonia', 'Finland', 'France', 'Germany', 'Greece', 'Ireland', 'Italy', 'Japan', 'Latvia', 'Norway', 'Poland', 'Portugal', 'Spain', 'Sweden', 'Switzerland', 'United Kingdom', 'United States'];

describe('overlays and modal walls', () => {
  const product = [
    'The harbour lantern is cast in recycled brass, with a hand-blown glass chimney, and burns for nine hours on one filling of lamp oil.',
    'Each lantern is finished by hand in our workshop, so the patina varies a little from one to the next, which we think is part of the charm.',
  ];

  it('exports a short product text, not the larger shipping-country overlay shown over it', () => {
    const html = `<html><head><title>Harbour lantern – Brass &amp; Glass</title></head><body>
      <div class="page"><div class="product"><h1>Harbour lantern</h1><div class="price">€89</div>
        <div class="description">${paragraphs(product)}</div></div></div>
      <div id="shipping-country" class="country-selector-overlay is-visible"><div class="overlay-inner">
        <h2>Choose your shipping country</h2>
        <p>We ship to ${COUNTRIES.join(', ')}, and prices, taxes, duties, delivery times, returns and payment methods depend on the country you choose.</p>
        <ul>${COUNTRIES.map((country) => `<li>${country}, prices in local currency, delivery in three to five working days</li>`).join('')}</ul>
      </div></div></body></html>`;
    const { text } = exported(html, 'https://shop.example/lantern');
    for (const sentence of product) expect(text).toContain(sentence);
    expect(text).not.toContain('Choose your shipping country');
  });

  it('exports a short article, not the registration wall at the foot of the page', () => {
    const [first, second] = ARTICLE;
    const html = `<html><head><title>Ferry timetable approved</title></head><body>
      <div class="story"><h1>Ferry timetable approved</h1><p>${first}</p><p>${second}</p></div>
      <div class="registration-wall"><h2>Create a free account to keep reading</h2>
        <p>Register now for unlimited access to our journalism, with newsletters, podcasts, events, offers, puzzles, and the archive, on any device, at no cost, and cancel any time.</p>
        <p>Already registered? Sign in with your email address, or with your account at one of our partners, to continue reading, commenting, saving, and sharing.</p>
        <form><label>Email</label><input name="email"><label>Password</label><input type="password" name="password"></form></div>
      </body></html>`;
    const { text } = exported(html);
    expect(text).toContain(first);
    expect(text).toContain(second);
    expect(text).not.toContain('Create a free account');
    expect(text).not.toContain('Already registered');
  });

  it('drops a modal marked aria-modal, whatever its name, and keeps a page that sits in a "modal" layer', () => {
    const newsletter = `<div class="nl-box" aria-modal="true"><p>Sign up for the morning briefing, with the news, the weather, the tides, the ferries, and the best of the weekend, every day at six.</p></div>`;
    const html = `<html><head><title>Ferry timetable approved</title></head><body>
      ${newsletter}<div class="modal-layer"><main><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE)}</main></div></body></html>`;
    const { text } = exported(html);
    for (const sentence of ARTICLE) expect(text).toContain(sentence);
    expect(text).not.toContain('morning briefing');
  });
});
