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

/** The methods of a tide table, as an API reference documents them: name and description. */
const TIDE_MEMBERS = [
  ['nextHigh', 'Returns the time of the next high tide after the given instant, in the harbour\'s own time zone, as the chart predicts it.'],
  ['nextLow', 'Returns the time of the next low tide after the given instant, in the harbour\'s own time zone, as the chart predicts it.'],
  ['heightAt', 'Returns the height of the water above chart datum at the given instant, interpolated between the predicted high and low waters.'],
  ['rangeOn', 'Returns the range between the day\'s lowest and highest water, in metres, for the day that holds the given instant.'],
  ['isSpring', 'Tells whether the tides on the given day are spring tides, the largest of the lunar month, which follow a new or full moon.'],
  ['isNeap', 'Tells whether the tides on the given day are neap tides, the smallest of the lunar month, which follow a quarter moon.'],
];

const paragraphs = (sentences: readonly string[]) => sentences.map((sentence) => `<p>${sentence}</p>`).join('\n');

/** The export holds every sentence of the article and none of `leftOut` (the page's chrome, a box beside it). */
function expectArticleWithout(text: string, ...leftOut: string[]) {
  for (const sentence of ARTICLE) expect(text).toContain(sentence);
  for (const part of leftOut) expect(text).not.toContain(part);
}

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
    expectArticleWithout(text, 'Skip to main content', 'All rights reserved');
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

  it('drops the layers a popup plugin fixes over the page unshown (opacity 0, scaled to nothing), and keeps text that fades in', () => {
    const bios = ['Anna Berg, partner: twenty years of criminal defence, pre-trial investigations, appeals, enforcement proceedings, and the defence of companies, their directors, and their staff.',
      'Max Lind, associate: tax disputes, customs, audits, appeals against assessments, advice to importers, exporters, and carriers, and representation before the tax courts.'];
    const layers = bios.map((bio) => `<div class="pb-data-container" style="position: fixed; opacity: 0; transform: scale(0);"><div class="pb-content">${paragraphs([bio, bio, bio, bio, bio])}</div></div>`).join('');
    const html = `<html><head><title>Ferry timetable approved</title></head><body>
      <div class="story" style="opacity: 0"><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE)}</div>${layers}</body></html>`;
    const { text } = exported(html);
    expectArticleWithout(text, 'Anna Berg', 'Max Lind');
  });

  it("drops text placed far off the screen (a hacked site's hidden link spam, a skip link), and keeps text placed beside the article", () => {
    const spam = ['Spin the reels and unlock bonus features with fair payouts, progressive jackpots and smooth play on every device, tonight and every night.',
      'Step into ancient temples and fiery reels, explore scatter mechanics, multipliers and jackpots, and practise without risking real money.'];
    const hidden = spam.flatMap((line) => [line, line, line]).map((line, i) => `<div style="position: absolute; left: -${16170 + i * 10}px;">${line} <a href="https://slots.example/${i}">free demo</a></div>`).join('\n');
    const html = `${hidden}<!doctype html><html><head><title>Ferry timetable approved</title></head><body>
      <a href="#main" style="position:absolute;top:-9999px">Skip to the timetable</a>
      <main id="main"><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE)}<div class="map" style="position: absolute; left: -40px">Map of the crossings</div></main></body></html>`;
    const { text } = exported(html);
    expectArticleWithout(text, 'Spin the reels', 'ancient temples', 'Skip to the timetable');
    expect(text).toContain('Map of the crossings');
  });

  it('drops a modal marked aria-modal, whatever its name, and keeps a page that sits in a "modal" layer', () => {
    const newsletter = `<div class="nl-box" aria-modal="true"><p>Sign up for the morning briefing, with the news, the weather, the tides, the ferries, and the best of the weekend, every day at six.</p></div>`;
    const html = `<html><head><title>Ferry timetable approved</title></head><body>
      ${newsletter}<div class="modal-layer"><main><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE)}</main></div></body></html>`;
    const { text } = exported(html);
    expectArticleWithout(text, 'morning briefing');
  });
});

describe('a page hidden around its article', () => {
  const consentDialog = `<div role="dialog" aria-modal="true" class="consent"><p>We and our partners use cookies to measure the audience, to show you content and offers that suit you, and to keep the site working.</p><button>Accept all</button></div>`;

  it('keeps the article of a page saved with a dialog open, which marks the whole app aria-hidden', () => {
    const html = `<html><head><title>Ferry timetable approved</title></head><body>
      <div id="app" aria-hidden="true"><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
        <main><article><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE)}</article></main>
        <footer><p>© Harbour News. All rights reserved.</p></footer></div>
      ${consentDialog}</body></html>`;
    const { text } = exported(html);
    expectArticleWithout(text, 'our partners use cookies', 'All rights reserved');
  });

  it('keeps a post shown in a dialog over an empty app, the only text of the page', () => {
    const html = `<html><head><title>Ferry timetable approved</title></head><body>
      <div id="app"><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header><main></main></div>
      <div role="dialog" aria-modal="true" class="post-modal"><button>Close</button><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE)}</div></body></html>`;
    const { text } = exported(html);
    expectArticleWithout(text, 'Home');
  });

  it('keeps a page its scripts show (display: none on the wrapper), and still drops a hidden box beside an article', () => {
    const hiddenPage = `<html><head><title>Ferry timetable approved</title></head><body>
      <div id="page" style="display:none"><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE)}</div></body></html>`;
    for (const sentence of ARTICLE) expect(exported(hiddenPage).text).toContain(sentence);

    const hiddenBox = `<html><head><title>Ferry timetable approved</title></head><body>
      <main><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE)}</main>
      <div class="share-panel" hidden><p>Share this story with your friends, your family, your colleagues, and your neighbours, by email, by text, or on the networks you use.</p></div></body></html>`;
    expect(exported(hiddenBox).text).not.toContain('Share this story');
  });
});

const SEASONS = ['2016-17', '2017-18', '2018-19', '2019-20', '2020-21', '2021-22', '2022-23', '2023-24', '2024-25'];

describe('pages that are only data', () => {
  it('keeps the stats and schedule tables of a player page, not the login widget', () => {
    const stats = SEASONS.map((season, i) => `<tr><td>${season}</td><td>Harbour FC</td><td>${30 + i}</td><td>${12 + i}</td><td>${7 + (i % 4)}</td><td>${2100 + i * 40}</td></tr>`).join('');
    const fixtures = ['Mar 8', 'Mar 15', 'Mar 22', 'Mar 29', 'Apr 5', 'Apr 12'].map((day, i) => `<tr><td>${day}</td><td>${i % 2 ? 'at' : 'vs'} Island Rovers</td><td>${i % 2 ? 'W 2-1' : 'D 0-0'}</td></tr>`).join('');
    const html = `<html><head><title>Sam Keel – Player profile | Harbour League</title></head><body>
      <nav><a href="/">Home</a> <a href="/players">Players</a></nav>
      <div class="profile"><h1>Sam Keel</h1><dl><dt>Position</dt><dd>Forward</dd><dt>Born</dt><dd>4 May 1999</dd></dl></div>
      <div class="stats"><h2>Career statistics</h2><table><thead><tr><th>Season</th><th>Club</th><th>Apps</th><th>Goals</th><th>Assists</th><th>Minutes</th></tr></thead><tbody>${stats}</tbody></table></div>
      <div class="schedule"><h2>Upcoming matches</h2><table><tr><th>Date</th><th>Opponent</th><th>Result</th></tr>${fixtures}</table></div>
      <div class="user-box"><div class="login"><p>Register or Login to follow players</p></div></div>
      </body></html>`;
    const { markdown } = exported(html, 'https://league.example/players/sam-keel');
    expect(markdown).toContain('| Season | Club | Apps | Goals | Assists | Minutes |');
    expect(markdown).toContain('| 2024-25 | Harbour FC | 38 | 20 | 7 | 2420 |');
    expect(markdown).toContain('| Mar 22 | vs Island Rovers | D 0-0 |');
    expect(markdown).toContain('Career statistics');
    expect(markdown).not.toContain('Register or Login');
  });

  it('exports a story cut short by a paywall as it is, not the whole landmark around it (lists of popular stories)', () => {
    const popular = (heading: string) => `<h3>${heading}</h3><ul>${ARTICLE.map((sentence, i) => `<li><a href="/articles/${heading.length}-${i}">${sentence.slice(0, 60)}</a></li>`).join('')}</ul>`;
    const html = `<html><head><title>Ferry timetable approved - Harbour Journal</title></head><body><article class="column">
      <ul class="flags"><li><a href="/news">News</a></li></ul><h1>Ferry timetable approved</h1><h2 class="sub-head">Boats every twenty minutes, and a later last crossing.</h2>
      <div class="byline">By A. Reporter</div><div class="snippet-body"><p>${ARTICLE[0]}</p><p>${ARTICLE[1]?.slice(0, 80)}...</p></div>
      <div class="snippet-promotion"><h4>To Read the Full Story</h4><a href="/subscribe">Subscribe</a> <a href="/login">Sign In</a></div>
      ${popular('Most Popular Videos')}${popular('Most Popular Articles')}</article></body></html>`;
    const { text } = exported(html, 'https://journal.example/articles/ferry-timetable-approved');
    expect(text).toContain(ARTICLE[0]);
    expect(text).not.toContain('Most Popular');
  });
});

const SIGNATORIES = [
  ['Ada Byrne', 'Professor of Marine Biology, University of Harbour'],
  ['Tom Quay', 'Senior Lecturer in Transport Planning, Island College'],
  ['Ines Mola', 'Director, Centre for Coastal Studies, Port Institute'],
  ['Rui Vela', 'Research Fellow, Department of Civil Engineering, University of Harbour'],
  ['Mia Fjord', 'Chair, Harbour Residents Association, Old Town'],
  ['Leo Brandt', 'Reader in Economics, School of Social Sciences, Port Institute'],
  ['Eva Kline', 'Consultant, Maritime Safety, Island Ferry Workers Union'],
  ['Olu Adeyemi', 'Lecturer in Urban Studies, Faculty of Arts, Island College'],
];

describe('a table of names beside the letter', () => {
  it('exports the open letter and its signatories, not the table alone', () => {
    // Enough signatories that the commas of their affiliations outweigh the letter, as they did.
    const rows = Array.from({ length: 12 }, (_, n) => SIGNATORIES.map(([name, role]) => `<tr><td>${name} ${n}</td><td>${role}</td></tr>`).join('')).join('');
    const html = `<html><head><title>Open letter on the ferry timetable</title></head><body>
      <div class="page"><h1>Open letter on the ferry timetable</h1>
      <div class="letter">${paragraphs(ARTICLE)}</div>
      <div class="signatories"><h2>Signed</h2><table><thead><tr><th>Name</th><th>Affiliation</th></tr></thead><tbody>${rows}</tbody></table></div>
      </div><div class="share"><a href="/s">Share</a></div></body></html>`;
    const { markdown, text } = exported(html);
    for (const sentence of ARTICLE) expect(text).toContain(sentence);
    expect(markdown).toContain('| Name | Affiliation |');
    expect(markdown).toContain('| Ada Byrne 0 | Professor of Marine Biology, University of Harbour |');
    expect(markdown).toContain('| Olu Adeyemi 11 | Lecturer in Urban Studies, Faculty of Arts, Island College |');
  });
});

describe('layout tables around data tables', () => {
  it('keeps the data tables and the text between them when the layout puts each in a row of its own', () => {
    const grid = (rows: string[][]) => `<table border="1"><tr><th>Route</th><th>First</th><th>Last</th></tr>${rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('')}</table>`;
    const between = 'On Sundays and public holidays the first boats leave an hour later, and the night crossing does not run, the authority said in its notice.';
    const html = `<html><head><title>Ferry timetable</title></head><body>
      <table width="100%"><tr><td width="150"><a href="/">Home</a><br><a href="/news">News</a></td><td>
      <table width="600">
        <tr><td><h1>Ferry timetable</h1><p>${ARTICLE[0]}</p><p>${ARTICLE[1]}</p><p>${ARTICLE[2]}</p></td></tr>
        <tr><td><b>Weekdays</b>${grid([['North pier', '05:40', '00:00'], ['Island', '06:00', '23:40'], ['Old town', '06:10', '23:20']])}</td></tr>
        <tr><td><p>${between}</p></td></tr>
        <tr><td><b>Weekends</b>${grid([['North pier', '06:40', '22:00'], ['Island', '07:00', '21:40']])}</td></tr>
        <tr><td><a href="/print">Print</a> | <a href="/mail">Email</a></td></tr>
      </table></td></tr></table></body></html>`;
    const { markdown, text } = exported(html);
    expect(markdown).toContain('| North pier | 05:40 | 00:00 |');
    expect(markdown).toContain('| North pier | 06:40 | 22:00 |');
    expect(text).toContain(between);
    expect(text).toContain('Weekends');
    expect(text.indexOf('Weekdays')).toBeLessThan(text.indexOf(between));
  });


  it('keeps both data tables and the text between them', () => {
    const grid = (caption: string, rows: string[][]) => `<table border="1"><tr><th>Route</th><th>First</th><th>Last</th></tr>${rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('')}</table><p class="note">${caption}</p>`;
    const between = 'On Sundays and public holidays the first boats leave an hour later, and the night crossing does not run, the authority said in its notice.';
    const html = `<html><head><title>Ferry timetable</title></head><body>
      <table width="100%"><tr><td width="150"><a href="/">Home</a><br><a href="/news">News</a><br><a href="/contact">Contact</a></td>
      <td><table width="600"><tr><td>
        <h1>Ferry timetable</h1><p>${ARTICLE[0]}</p><p>${ARTICLE[1]}</p>
        ${grid('Weekdays', [['North pier', '05:40', '00:00'], ['Island', '06:00', '23:40'], ['Old town', '06:10', '23:20']])}
        <p>${between}</p>
        ${grid('Weekends', [['North pier', '06:40', '22:00'], ['Island', '07:00', '21:40']])}
        <p><a href="/print">Print</a> | <a href="/mail">Email</a></p>
      </td></tr></table></td></tr></table></body></html>`;
    const { markdown, text } = exported(html);
    expect(markdown).toContain('| North pier | 05:40 | 00:00 |');
    expect(markdown).toContain('| North pier | 06:40 | 22:00 |');
    expect(text).toContain(between);
    expect(text).toContain('Weekends');
  });
});

const LATER = [
  'The new boats are longer and quieter, and each carries forty bicycles, twice as many as the old ones could take on the busiest mornings.',
  'Residents on the island side will get a heated waiting room by the summer, the authority promised, and the pier is to be raised next year.',
];

describe('articles split across sibling blocks', () => {
  it('joins a page builder that puts each paragraph and each heading in a module of its own', () => {
    // As page builders nest them: each widget five blocks deep in a section of its own.
    const module = (inner: string) =>
      `<div class="pb-section"><div class="pb-row"><div class="pb-column"><div class="pb-module"><div class="pb-module-inner">${inner}</div></div></div></div></div>`;
    const html = `<html><head><title>Ferry timetable approved</title></head><body>
      <div id="page-container">
      ${module(`<div class="lead"><strong>${ARTICLE[0]}</strong></div>`)}
      ${module(`<div class="text-block"><p>${ARTICLE.slice(1).join(' ')}</p></div>`)}
      ${module('<h2 class="heading-block">What changes on board</h2>')}
      ${LATER.map((sentence) => module(`<div class="text-block"><p>${sentence}</p></div>`)).join('\n')}
      ${module('<h3>More from Harbour News</h3>')}
      ${module('<ul><li><a href="/a">Bridge works start</a></li><li><a href="/b">New mayor sworn in</a></li></ul>')}
      </div></body></html>`;
    const { text } = exported(html);
    for (const sentence of [...ARTICLE, ...LATER]) expect(text).toContain(sentence);
    expect(text).toContain('What changes on board');
    expect(text.indexOf(ARTICLE[0] as string)).toBeLessThan(text.indexOf('What changes on board'));
    expect(text).not.toContain('More from Harbour News');
    expect(text).not.toContain('Bridge works start');
  });

  it('joins CMS paragraph components that sit beside the block that wins', () => {
    const component = (sentence: string) => `<div class="paragraph paragraph--type--text"><div class="field field--name-body"><div class="field__item"><p>${sentence}</p></div></div></div>`;
    const html = `<html><head><title>Ferry timetable approved</title></head><body>
      <div class="node__content">
      ${component(ARTICLE[0] as string)}
      <div class="paragraph paragraph--type--text"><div class="field field--name-body"><div class="field__item">${paragraphs(ARTICLE.slice(1, 3))}</div></div></div>
      <div class="paragraph paragraph--type--heading"><h2>What changes on board</h2></div>
      ${LATER.map(component).join('\n')}
      </div><aside class="teasers"><p><a href="/x">Read more news from the harbour and the island</a></p></aside></body></html>`;
    const { text } = exported(html);
    for (const sentence of [ARTICLE[0], ARTICLE[1], ARTICLE[2], ...LATER]) expect(text).toContain(sentence);
    expect(text).toContain('What changes on board');
  });
});

const OTHER_STORY = [
  'The council has closed the old bridge for six weeks while engineers replace the bearings, which an inspection found badly corroded.',
  'Buses will run a diversion through the industrial estate, adding about ten minutes to journeys into the old town at rush hour, the council said.',
  'Shops on the bridge road say they have lost half their trade since the works were announced, and they want a cut in business rates.',
  'The council said it would look at relief for the worst-hit traders, but that safety came first and the work could not be put off again.',
  'A footpath across the bridge stays open, with marshals at each end, and cyclists are asked to dismount while the scaffolding is up.',
  'Engineers expect the bridge to reopen before the summer festival, when the old town is at its busiest, barring bad weather in the spring.',
] as const;

describe('pages with several stories', () => {
  const story = (headline: string, href: string, sentences: readonly string[]) =>
    `<article class="story"><h2><a href="${href}">${headline}</a></h2>${paragraphs(sentences)}</article>`;
  const page = (head: string) => `<html><head>${head}</head><body><div class="stories">
      ${story('Old bridge closes for six weeks', '/news/2025/03/03/old-bridge-closes', OTHER_STORY)}
      ${story('Ferry timetable approved', '/news/2025/03/03/ferry-timetable', ARTICLE)}
      </div></body></html>`;

  it('exports the story the page title names, not the longer one beside it', () => {
    const { text } = exported(page('<title>Ferry timetable approved | Harbour News</title>'));
    expectArticleWithout(text, OTHER_STORY[0]);
  });

  it('exports the story the page title names when a long site name follows it', () => {
    const { text } = exported(page('<title>Ferry timetable approved :: The Harbour Island Evening News and Shipping Gazette</title>'));
    expectArticleWithout(text, OTHER_STORY[0]);
  });

  it('exports the story og:title names when the title is the section name', () => {
    const { text } = exported(page('<title>Live: news from the harbour</title><meta property="og:title" content="Ferry timetable approved">'));
    expectArticleWithout(text, OTHER_STORY[0]);
  });

  it('exports the story the canonical URL links to', () => {
    const { text } = exported(page(`<title>Harbour News: today</title><link rel="canonical" href="${URL_OF_PAGE}">`), 'https://harbour.example/news/today');
    expectArticleWithout(text, OTHER_STORY[0]);
  });

  it('keeps a section page whole when no story is named', () => {
    const { text } = exported(page('<title>Harbour News: today</title>'), 'https://harbour.example/news/today');
    expect(text).toContain(OTHER_STORY[0]);
  });
});

/**
 * Where the page's title (or og:title) is said by a heading that is not a story of its own beside
 * the text: the named-story rule must leave the article as the scoring finds it.
 */
describe('a page title said by a heading that is no story of its own', () => {
  const TEASERS = [
    'Engineers have found corroded bearings under the old bridge, and the council has closed it for six weeks while they are replaced.',
    'The harbour authority approved the new timetable after two years of talks, with boats every twenty minutes at the busiest times.',
    'The new mayor was sworn in on Friday and promised a review of parking charges in the old town before the summer season begins.',
  ];
  const STANDFIRST =
    'Boats every twenty minutes, a later last crossing and no rise in fares until the autumn: after two years of consultation, the harbour authority has approved the timetable residents asked for, though the island side says it was not heard and the pier still floods.';

  it('exports the article, not a list of teasers that carries the title as one of its items', () => {
    const html = `<html><head><title>Ferry timetable approved | Harbour News</title></head><body>
      <div class="columns"><div class="main"><div class="article-body">${paragraphs([...ARTICLE, ...LATER, OTHER_STORY[0] as string])}</div></div>
      <div class="rail"><div class="latest">
        <h2><a href="/news/old-bridge">Old bridge closes for six weeks</a></h2><p>${TEASERS[0]}</p>
        <h2><a href="/news/ferry-timetable">Ferry timetable approved</a></h2><p>${TEASERS[1]}</p>
        <h2><a href="/news/new-mayor">New mayor sworn in</a></h2><p>${TEASERS[2]}</p>
      </div><ul class="most-read"><li><a href="/news/a">Harbour festival dates announced</a></li><li><a href="/news/b">Lifeboat crew rescues two sailors</a></li></ul></div>
      </div></body></html>`;
    const { text } = exported(html);
    for (const sentence of [...ARTICLE, ...LATER, OTHER_STORY[0]]) expect(text).toContain(sentence);
    expect(text).not.toContain(TEASERS[0]);
  });

  it('exports the whole text, not the headline box with its standfirst beside it', () => {
    const html = `<html><head><title>Ferry timetable approved | Harbour News</title></head><body>
      <div class="top"><div class="story-lede"><h1>Ferry timetable approved</h1><p class="standfirst">${STANDFIRST}</p></div>
      <div class="share-tools"><a href="/share">Share this story</a></div></div>
      <div class="columns"><div class="col-main"><div class="story-body">
        ${paragraphs(ARTICLE)}<h2>What changes on board</h2>${paragraphs(LATER)}${paragraphs(OTHER_STORY.slice(0, 2))}
      </div></div><div class="col-side"><ul><li><a href="/a">Bridge works start</a></li><li><a href="/b">New mayor sworn in</a></li></ul></div></div>
      </body></html>`;
    const { text } = exported(html);
    for (const sentence of [...ARTICLE, ...LATER]) expect(text).toContain(sentence);
  });

  it('keeps the rest of the named story beside its headline box, subheadings and all', () => {
    const html = `<html><head><title>Ferry timetable approved | Harbour News</title></head><body><div class="story">
      <div class="story-lede"><h1>Ferry timetable approved</h1><p class="standfirst">${STANDFIRST}</p></div>
      <div class="story-body">${paragraphs(ARTICLE.slice(0, 3))}<h2>What changes on board</h2>${paragraphs(LATER)}</div>
      </div></body></html>`;
    const { text } = exported(html);
    for (const sentence of [STANDFIRST, ...ARTICLE.slice(0, 3), ...LATER]) expect(text).toContain(sentence);
  });

  it('reads the heading that says the title most nearly, not a site name the title repeats', () => {
    const html = `<html><head><title>Harbour News: Ferry approved - Harbour News blog</title></head><body>
      <div class="intro"><h1><a href="/">Harbour News blog</a></h1><p>${STANDFIRST}</p></div>
      <div class="post"><h2><a href="/ferry-approved">Harbour News: Ferry approved</a></h2><div class="entry">${paragraphs(ARTICLE)}</div></div>
      </body></html>`;
    const { text } = exported(html);
    for (const sentence of ARTICLE) expect(text).toContain(sentence);
  });

  it('takes the h1 that says the title over a promotion box that repeats the headline', () => {
    const promotion = `${TEASERS[1]} Read how the new timetable changes the crossing for commuters, for the island side and for the night-shift workers who asked for it.`;
    const html = `<html><head><title>Ferry timetable approved | Harbour News</title></head><body>
      <div class="promotion"><h2>Ferry timetable approved</h2><p>${promotion}</p></div>
      <div class="article"><h1>Ferry timetable approved</h1><div class="article-body">${paragraphs(ARTICLE)}</div></div>
      </body></html>`;
    const { text } = exported(html);
    expectArticleWithout(text, promotion);
  });
});

/** A question and its answers (or a thread's first post and the replies), side by side in one column. */
describe('a wrapper named as unlikely that is the whole page', () => {
  it("keeps the article inside a wrapper named for the header that holds nearly all the page (XenForo's headerMover)", () => {
    const story = ['', 'Last year: ', 'Once more: ', 'In short: '].flatMap((lead) => [...ARTICLE, ...OTHER_STORY].map((sentence) => `${lead}${sentence}`));
    const about = 'Harbour News is the independent paper of the harbour towns, written by a team of twelve reporters and photographers who live on both sides of the water. Founded in 1921, it is owned by a trust that keeps it free of any party, business or council. Readers can send news, letters and photographs to the newsroom at any hour, and the editor answers every complaint within a week. Our journalism is paid for by subscribers and by local advertisers, whose advertisements never shape what we report. Every story can be corrected: the readers editor publishes each correction beside the story it corrects.';
    const html = `<html><head><title>Ferry timetable approved | Harbour News</title></head><body><div id="headerMover"><div id="content"><h1>Ferry timetable approved</h1>
      <div class="story">${paragraphs(story)}</div></div><div id="header"><a href="/">Harbour News</a> <a href="/news">News</a></div></div>
      <div class="about"><p>${about}</p></div></body></html>`;
    const { text } = exported(html);
    for (const sentence of story) expect(text).toContain(sentence);
  });
});

describe('a question before its answers', () => {
  const QUESTION =
    'I replaced the pump seal last spring and the leak came back within a month, so I suspect the housing is warped rather than the seal itself. What should I check first?';
  const ANSWERS = [
    'Check the impeller first: a cracked vane will make the pump vibrate, and the vibration wears a new seal out in weeks, whatever the housing.',
    'Mine did the same until I found the mounting bolts loose; once they were torqued to spec the leak stopped and it has been dry for a year now.',
    'If the housing is warped you can see it with a straight edge across the face; anything more than a tenth of a millimetre and it needs replacing.',
    'Thanks all, it was the impeller after all: two vanes cracked at the root. New impeller and seal fitted, and it has run dry for a week.',
  ];
  const answer = (text: string) =>
    `<div class="answer"><div class="votes">3</div><div class="post-text"><p>${text}</p></div><div class="comments"><span>Worked for me too, thanks.</span></div></div>`;
  const html = `<html><head><title>Pump seal keeps leaking after replacement - Boat Forum</title></head><body>
      <header><nav><a href="/">Questions</a> <a href="/tags">Tags</a> <a href="/login">Log in</a></nav></header>
      <aside class="sidebar"><h3>Hot questions</h3><ul><li><a href="/q/1">Best antifouling for 2025?</a></li></ul></aside>
      <main><h1>Pump seal keeps leaking after replacement</h1>
        <div class="question"><div class="post-text"><p>${QUESTION}</p></div></div>
        <div id="answers">${ANSWERS.map(answer).join('')}</div>
      </main>
      <footer><a href="/terms">Terms</a></footer></body></html>`;

  it('keeps the question with the answers that outscore it', () => {
    const { text } = exported(html, 'https://boats.example/q/pump-seal');
    for (const sentence of [QUESTION, ...ANSWERS]) expect(text).toContain(sentence);
    expect(text).not.toContain('Hot questions');
  });
});

describe('an anchor left open around the article', () => {
  it('scores the text after an unclosed <a name>, which wraps all that follows, as text rather than a link', () => {
    const office = [
      'Questions about this page, its figures or the timetable itself can be sent to the harbour office, which answers within a week.',
      'The office is open from nine to five on weekdays, and on Saturday mornings in the summer, at the foot of the pier beside the ticket hall.',
      'Lost property, season tickets and complaints about the crossing are dealt with there too, and the staff can print a timetable for you.',
      'The office is closed on public holidays, when the ferries run to the Sunday timetable and tickets are sold on board only.',
    ];
    const html = `<html><head><title>The ferry timetable explained</title></head><body><div class="page">
      <p><a href="#introduction">Introduction</a></p><p><a href="#changes">What changes</a></p>
      <a name="introduction"><h2>Introduction</h2>${paragraphs(ARTICLE.slice(0, 2))}
      <a name="changes"><h2>What changes</h2>${paragraphs([...ARTICLE.slice(2), ...LATER])}
      </div><div class="info"><div class="contact">${paragraphs(office)}</div></div></body></html>`;
    const { text } = exported(html);
    for (const sentence of [...ARTICLE, ...LATER]) expect(text).toContain(sentence);
    expect(text).not.toContain(office[1]);
  });

  it('still counts a link written without href (a script link) as a link', () => {
    const links = ['Monster HDMI cable, two metres', 'Belkin HDMI cable, one metre', 'PTC premium gold HDMI cable', 'Cables Unlimited HDMI, three metres', 'Monster HDMI 400, four metres', 'Belkin HDMI, gold plated'] as const;
    const offer = (link: string) => `<p><a onclick="window.open('/go')">${link}, in stock, with free delivery, the best price from our partners today, compare, save, buy now</a></p>`;
    const html = `<html><head><title>Ferry timetable approved</title></head><body>
      <div class="offers">${links.map(offer).join('')}</div>
      <div class="story">${paragraphs(ARTICLE)}</div></body></html>`;
    const { text } = exported(html);
    expectArticleWithout(text, links[0]);
  });
});

/** A company's landing page as site builders make it: a run of short sections, each led by its heading. */
describe('a landing page', () => {
  const HERO = 'Websites for small businesses in the valley, designed, built, hosted and looked after by one team.';
  const FEATURES = [
    ['Responsive design', 'Every site we build looks right on phones, tablets and desktops, from the first sketch on.'],
    ['Hosting included', 'We host what we build on fast servers, with backups every night and a certificate for every domain.'],
    ['Support that answers', 'Call or write and a person who knows your site answers the same day, weekends included.'],
  ];
  const ABOUT = [
    'We started the studio in 2014, after ten years of building sites for agencies in the city, because we wanted to work with the shops, farms, clinics and workshops we know by name.',
    'We treat a site as a relationship, not a one-time job: we stay for the updates, the new pages, the questions, and the day something breaks, and we charge a fair monthly fee for it.',
  ];
  const PROCESS = [
    'We begin with a morning in your shop or on your farm, listening to how customers find you, what they ask, and what they never manage to find on your current site.',
    'Then we sketch, build and test in short rounds, showing you each round on your own phone, until the site answers those questions in your words rather than ours.',
  ];
  const QUOTE = 'They rebuilt our booking page in a week and bookings doubled over the summer.';
  const html = `<html><head><title>Valley Web Studio</title></head><body>
    <div class="navbar"><a href="/">Valley Web Studio</a> <a href="/work">Work</a> <a href="/contact">Contact</a></div>
    <div class="section hero"><h1>Handcrafted websites</h1><p>${HERO}</p><a class="button" href="/contact">Get a quote</a></div>
    <div class="section features"><h2>What you get</h2><div class="row">${FEATURES.map(([title, text]) => `<div class="col"><h3>${title}</h3><p>${text}</p></div>`).join('')}</div></div>
    <div class="section about"><h2>About us</h2><div class="about-text">${paragraphs(ABOUT)}</div></div>
    <div class="section testimonials"><h2>What clients say</h2><blockquote>${QUOTE}</blockquote></div>
    <div class="section footer"><p>© Valley Web Studio</p></div></body></html>`;

  it('keeps every section, not only the one that scores best', () => {
    const { text } = exported(html, 'https://valleyweb.example/');
    for (const sentence of [HERO, ...FEATURES.flat(), ...ABOUT, QUOTE]) expect(text).toContain(sentence);
  });

  it('keeps every section when the best-scored one is long (questions and answers of over 1,000 characters)', () => {
    const answers = [
      ['Do you build online shops?', 'Yes: we build shops on the platforms our clients already know, connect them to their payment provider and their stock, and show them how to add products and take orders themselves.'],
      ['How long does a new site take?', 'Most sites take four to six weeks from the first meeting to the launch, depending on how much text and how many photos are ready, and on how quickly the feedback comes back.'],
      ['Can you take over a site someone else built?', 'Usually, yes. We look at it first, tell you honestly what we find, and then either look after it as it is or suggest what to rebuild, with a fixed price for each part.'],
      ['What does hosting cost?', 'Hosting is part of the monthly fee, with nightly backups, certificates and updates; a site with a shop or bookings costs a little more, because it needs more looking after.'],
      ['Do you write the texts?', 'We help with them: we interview you, draft the pages in your words, and leave the last say to you, since nobody knows your customers and your trade better than you do.'],
      ['Will my site be found on search engines?', 'We build every page so that search engines can read it, write its titles and descriptions with you, register the site with them, and send you a short report, every quarter, on what people searched for.'],
      ['What if I want to leave?', 'You own your site, its texts, its photos and its domain: we hand everything over, with the passwords, a copy of the files and a note on how it is built, and we charge nothing for it.'],
    ];
    const faq = `<div class="section faq"><h2>Questions</h2><div class="faq-list">${answers.map(([question, answer]) => `<h3>${question}</h3><p>${answer}</p>`).join('')}</div></div>`;
    const { text } = exported(html.replace('<div class="section testimonials">', `${faq}<div class="section testimonials">`), 'https://valleyweb.example/');
    for (const sentence of [HERO, ...FEATURES.flat(), ...ABOUT, ...answers.flat(), QUOTE]) expect(text).toContain(sentence);
  });

  it("keeps every block of a Squarespace page, whose blocks' headings sit inside two wrappers (sqs-block-content, sqs-html-content)", () => {
    const block = (inner: string) => `<div class="sqs-block html-block sqs-block-html"><div class="sqs-block-content"><div class="sqs-html-content">${inner}</div></div></div>`;
    const button = '<div class="sqs-block button-block sqs-block-button"><div class="sqs-block-content"><a class="sqs-block-button-element" href="/book">Book now</a></div></div>';
    const prices = [['Full set', '£65'], ['Half set', '£45'], ['Infill', '£35']];
    const questions = [['How long does a set last?', 'Three to four weeks.'], ['Can I swim?', 'After a day, yes.']];
    const page = `<html><head><title>Lashes – Valley Beauty</title></head><body>
      <header class="Header"><nav><a href="/">Valley Beauty</a> <a href="/lashes">Lashes</a> <a href="/book">Book</a></nav></header>
      <main class="Index"><section class="Index-page"><div class="sqs-layout"><div class="row sqs-row"><div class="col sqs-col-12 span-12">
        ${block(`<h1>Lashes</h1>${paragraphs(ABOUT)}${paragraphs(PROCESS)}`)}${button}
        ${block(`<h2>Prices</h2><ul>${prices.map(([name, price]) => `<li>${name}: ${price}</li>`).join('')}</ul>`)}${button}
        ${block(`<h2>Questions</h2>${questions.map(([question, answer]) => `<h3>${question}</h3><p>${answer}</p>`).join('')}`)}
      </div></div></div></section></main>
      <footer class="Footer"><p>© Valley Beauty</p></footer></body></html>`;
    const { text } = exported(page, 'https://valleybeauty.example/lashes');
    for (const sentence of [...ABOUT, ...PROCESS, ...prices.map(([name, price]) => `${name}: ${price}`), ...questions.flat()]) expect(text).toContain(sentence);
  });

  it("leaves out a cookie-preferences layer made with Finsweet's cookie consent (fs-cc), which Webflow sites use", () => {
    const categories = ['Necessary: these items are needed for the basic functions of the website, such as remembering what is in your basket.',
      'Marketing: these items are used to show advertising that is more relevant to you and your interests, across the sites you visit.'];
    const preferences = `<div fs-cc="preferences" class="fs-cc-prefs_component w-form"><form class="fs-cc-prefs_form"><div class="fs-cc-prefs_content">
      <h2>Privacy preference centre</h2>${categories.map((category) => `<div class="fs-cc-prefs_option"><p>${category}</p><label><input type="checkbox"> Allow</label></div>`).join('')}
      </div></form></div>`;
    const { text } = exported(html.replace('</body>', `${preferences}</body>`), 'https://valleyweb.example/');
    for (const sentence of [HERO, ...FEATURES.flat(), ...ABOUT, QUOTE]) expect(text).toContain(sentence);
    expect(text).not.toContain('Privacy preference centre');
    expect(text).not.toContain('Marketing: these items');
  });

  // Elementor's optimized markup: a module's content straight inside it, without a widget container.
  const widget = (type: string, inner: string) => `<div class="elementor-element elementor-widget elementor-widget-${type}">${inner}</div>`;
  const container = (inner: string) => `<div class="elementor-element e-flex e-con-boxed e-con e-parent"><div class="e-con-inner">${inner}</div></div>`;

  it("keeps every section of a page built with Elementor's containers, and the lists in its modules (every module is an elementor-widget)", () => {
    const page = `<html><head><title>Valley Web Studio</title></head><body>
      <header class="elementor elementor-location-header"><nav><a href="/">Valley Web Studio</a> <a href="/work">Work</a> <a href="/contact">Contact</a></nav></header>
      <div data-elementor-type="wp-page" class="elementor elementor-12">
        ${container(widget('heading', '<h1 class="elementor-heading-title">Handcrafted websites</h1>') + widget('text-editor', `<p>${HERO}</p>`))}
        ${container(widget('heading', '<h2 class="elementor-heading-title">What you get</h2>') + widget('icon-list', `<ul class="elementor-icon-list-items">${FEATURES.map(([title, text]) => `<li class="elementor-icon-list-item"><span class="elementor-icon-list-text">${title}: ${text}</span></li>`).join('')}</ul>`))}
        ${container(widget('heading', '<h2 class="elementor-heading-title">About us</h2>') + widget('text-editor', paragraphs([...ABOUT, ...PROCESS])))}
        ${container(widget('heading', '<h2 class="elementor-heading-title">What clients say</h2>') + widget('testimonial', `<div class="elementor-testimonial__text">${QUOTE}</div>`))}
      </div>
      <footer class="elementor elementor-location-footer"><p>© Valley Web Studio</p></footer></body></html>`;
    const { text } = exported(page, 'https://valleyweb.example/');
    for (const sentence of [HERO, ...FEATURES.map(([title, text]) => `${title}: ${text}`), ...ABOUT, ...PROCESS, QUOTE]) expect(text).toContain(sentence);
    expect(text).not.toContain('©');
  });

  it("keeps every section of a page built with WPBakery's rows (vc_row), and the text of Divi's call-to-action modules (et_pb_promo)", () => {
    const row = (inner: string) => `<div class="vc_row wpb_row vc_row-fluid"><div class="wpb_column vc_column_container"><div class="vc_column-inner"><div class="wpb_wrapper">${inner}</div></div></div></div>`;
    const promo = ([title, text]: readonly string[]) =>
      `<div class="et_pb_module et_pb_promo et_pb_text_align_center"><div class="et_pb_promo_description"><h3 class="et_pb_module_header">${title}</h3><div><p>${text}</p></div></div><div class="et_pb_button_wrapper"><a class="et_pb_button et_pb_promo_button" href="/contact">Learn more</a></div></div>`;
    const page = `<html><head><title>Valley Web Studio</title></head><body>
      <div class="site-menu"><a href="/">Valley Web Studio</a> <a href="/work">Work</a> <a href="/contact">Contact</a></div>
      <article class="page type-page"><div class="entry-content">
        ${row(`<h1>Handcrafted websites</h1><p>${HERO}</p>`)}
        ${row(`<h2>What you get</h2>${FEATURES.map(promo).join('')}`)}
        ${row(`<h2>About us</h2><div class="wpb_text_column">${paragraphs(ABOUT)}</div>`)}
        ${row(`<h2>What clients say</h2><blockquote>${QUOTE}</blockquote>`)}
      </div></article></body></html>`;
    const { text } = exported(page, 'https://valleyweb.example/');
    for (const sentence of [HERO, ...FEATURES.flat(), ...ABOUT, QUOTE]) expect(text).toContain(sentence);
  });

  it("keeps the answers of a page's questions in a closed accordion (Elementor's, shown on a click), and not a docs page's other tab", () => {
    const questions = [['What does a site cost?', 'A site of five pages costs a fixed price agreed before we start, with hosting for the first year included in it.'],
      ['How long does it take?', 'Most sites go live four to six weeks after the first meeting, depending on how soon the texts and photos are ready.'],
      ['Can I edit the site myself?', 'Yes: every site comes with an editor and an hour of training, and we make the larger changes for you when you ask.']];
    const item = ([question, answer]: string[], i: number) => `<div class="elementor-accordion-item"><div id="elementor-tab-title-${i}" class="elementor-tab-title" role="button" aria-controls="elementor-tab-content-${i}" aria-expanded="false"><a class="elementor-accordion-title">${question}</a></div>
      <div id="elementor-tab-content-${i}" class="elementor-tab-content elementor-clearfix" style="display: none;" role="region" aria-labelledby="elementor-tab-title-${i}"><p>${answer}</p></div></div>`;
    const html = `<html><head><title>Websites - Valley Web Studio</title></head><body><header><nav><a href="/">Home</a> <a href="/contact">Contact</a></nav></header>
      <main><section><h1>Websites</h1><p>${HERO}</p></section><section><h2>Questions and answers</h2><div class="elementor-accordion">${questions.map(item).join('')}</div></section></main></body></html>`;
    const { text } = exported(html, 'https://valley.example/websites/');
    for (const [question, answer] of questions) {
      expect(text).toContain(question);
      expect(text).toContain(answer);
    }

    const tabs = `<html><head><title>Install - Tidepool</title></head><body><main><article><h1>Install</h1>${paragraphs(ARTICLE)}
      <div class="tabs-container"><ul role="tablist"><li role="tab" aria-controls="tab-npm" aria-selected="true">npm</li><li role="tab" aria-controls="tab-yarn" aria-selected="false">yarn</li></ul>
      <div id="tab-npm" role="tabpanel" class="tab-panel"><pre><code>npm install tidepool</code></pre></div><div id="tab-yarn" role="tabpanel" class="tab-panel" hidden><pre><code>yarn add tidepool</code></pre></div></div></article></main></body></html>`;
    const installed = exported(tabs, 'https://docs.example/tidepool/install').text;
    expect(installed).toContain('npm install tidepool');
    expect(installed).not.toContain('yarn add tidepool');
  });
});

/** A help centre's article (Zendesk's layout): the body, then its footer, votes and the articles related to it. */
describe('a help-centre article', () => {
  it('leaves out the list of related articles, though its class names articles', () => {
    const related = ['How do I reset my password?', 'Changing the e-mail address on your account', 'Deleting your account'];
    const html = `<html><head><title>Printing a novel – Help Center</title></head><body>
      <header><nav><a href="/hc">Help Center</a></nav></header>
      <main><article class="article"><header class="article-header"><h1>Printing a novel</h1></header>
        <section class="article-info"><div class="article-body">${paragraphs(ARTICLE)}</div></section>
        <footer><div class="article-votes"><span>Was this article helpful?</span></div></footer>
        <section class="article-relatives"><section class="related-articles"><h3>Related articles</h3>
          <ul>${related.map((title, i) => `<li><a href="/hc/articles/${i}">${title}</a></li>`).join('')}</ul></section></section>
      </article></main></body></html>`;
    const { text } = exported(html, 'https://help.example/hc/articles/42-Printing-a-novel');
    for (const sentence of ARTICLE) expect(text).toContain(sentence);
    for (const title of related) expect(text).not.toContain(title);
  });
});

/** A product page in the shape shop software gives it: the name and price in a buying box, the rest in panels and tabs. */
describe('a product page', () => {
  const DESCRIPTION = [
    'The harbour lantern is cast in recycled brass, with a hand-blown glass chimney, and burns for nine hours on one filling of lamp oil.',
    'Each lantern is finished by hand in our workshop, so the patina varies a little from one to the next, which we think is part of the charm.',
  ];
  const SPECS = [['Height', '32 cm'], ['Weight', '1.4 kg'], ['Fuel', 'Paraffin lamp oil'], ['Burn time', '9 hours']];
  const REVIEWS = [
    'Lovely thing, heavier than it looks, and it has survived two winters on the terrace without the glass cracking or the brass going green.',
    'It smoked a little at first until I trimmed the wick properly; since then it burns clean and bright for a whole evening on the boat.',
  ];
  const OTHERS = ['Brass ship bell with rope', 'Copper storm lantern, small', 'Glass chimney, spare'];
  const shop = (head: string) => `<html><head><title>Harbour lantern – Brass &amp; Glass</title>${head}</head><body>
    <header><nav><a href="/">Shop</a> <a href="/lamps">Lamps</a> <a href="/cart">Cart</a></nav></header>
    <main><div class="product-grid">
      <div class="product__info"><h1 class="product__title">Harbour lantern</h1><div class="price">€89.00</div>
        <form action="/cart/add"><button>Add to cart</button></form></div>
      <div class="product__tabs"><ul role="tablist"><li><a role="tab" href="#tab-description" aria-controls="tab-description">Description</a></li>
        <li><a role="tab" href="#tab-specs" aria-controls="tab-specs">Specifications</a></li><li><a role="tab" href="#tab-reviews">Reviews (2)</a></li></ul>
        <div id="tab-description" role="tabpanel" class="product__description rte quick-add-hidden">${paragraphs(DESCRIPTION)}</div>
        <div id="tab-specs" role="tabpanel" hidden><table class="shop_attributes">${SPECS.map(([name, value]) => `<tr><th>${name}</th><td>${value}</td></tr>`).join('')}</table></div>
        <div id="tab-reviews" class="tab-panel" style="display:none"><div id="comments"><ol class="commentlist">${REVIEWS.map((review) => `<li class="comment"><p class="meta">Verified owner</p><div class="description"><p>${review}</p></div></li>`).join('')}</ol></div></div>
      </div></div>
      <section class="related products"><h2>You may also like</h2><ul>${OTHERS.map((other) => `<li><a href="/p/${other.length}">${other}</a> €45.00</li>`).join('')}</ul></section>
    </main><footer><p>© Brass &amp; Glass</p></footer></body></html>`;
  const productLd = `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"Brass & Glass"},{"@type":["Product"],"name":"Harbour lantern","offers":{"@type":"Offer","price":"89.00","priceCurrency":"EUR"}}]}</script>`;

  it('keeps the name, price, description, the specifications and reviews behind tabs, not the other products', () => {
    const { text, headline } = exported(shop(productLd), 'https://shop.example/lantern');
    expect(`${headline}\n${text}`).toContain('Harbour lantern');
    expect(text).toContain('€89.00');
    for (const sentence of [...DESCRIPTION, ...REVIEWS]) expect(text).toContain(sentence);
    for (const [name, value] of SPECS) expect(text).toMatch(new RegExp(`${name}\\W+${value}`));
    for (const other of OTHERS) expect(text).not.toContain(other);
  });

  it('reads the page as a product page from og:type or microdata too, and keeps hidden panels and comments out of a page that says neither', () => {
    for (const head of ['<meta property="og:type" content="product">', '']) {
      const html = head ? shop(head) : shop('').replace('<div class="product-grid">', '<div class="product-grid" itemscope itemtype="https://schema.org/Product">').replace('<div class="price">', '<div class="price" itemprop="offers" itemscope itemtype="https://schema.org/Offer">');
      expect(exported(html, 'https://shop.example/lantern').text).toContain(REVIEWS[0]);
    }
    const { text } = exported(shop(''), 'https://shop.example/lantern');
    expect(text).not.toContain(REVIEWS[0]);
    expect(text).not.toContain('Burn time');
  });

  /** Shop software's layout: the name, price and short description in a summary beside the gallery, the long description in a tab below. */
  const SUMMARY = [
    'A storm lantern for the boat and the terrace: recycled brass, a hand-blown chimney, nine hours of light on one filling.',
    'Made to order in our workshop in Falmouth and shipped within two weeks, wrapped in wool felt and packed in a wooden crate.',
    'Every lantern comes with a spare wick, a funnel for the oil and a card that tells you how to trim the wick for a clean flame.',
  ];
  const summaryAndTab = (productClass: string) => `<html><head><title>Harbour lantern – Brass &amp; Glass</title>${productLd}</head><body>
    <header><nav><a href="/">Shop</a> <a href="/lamps">Lamps</a></nav></header>
    <main><div id="product-41" class="${productClass}">
      <div class="row"><div class="col images"><img src="/lantern.jpg" alt="Harbour lantern"></div>
        <div class="col"><div class="summary entry-summary"><h1 class="product_title">Harbour lantern</h1><p class="price">€89.00</p>
          <div class="short-description">${paragraphs(SUMMARY)}</div><form class="cart"><button>Add to cart</button></form></div></div></div>
      <div class="tabs-wrapper"><ul class="tabs" role="tablist"><li><a href="#tab-description">Description</a></li></ul>
        <div id="tab-description" class="panel entry-content" role="tabpanel"><h2>Description</h2>${paragraphs([...DESCRIPTION, ...REVIEWS])}</div></div>
      <section class="related products"><h2>You may also like</h2><ul>${OTHERS.map((other) => `<li><a href="/p/${other.length}">${other}</a> €45.00</li>`).join('')}</ul></section>
    </div></main><footer><p>© Brass &amp; Glass</p></footer></body></html>`;

  it('keeps the summary under the name and the long description in the tab below it', () => {
    const { text } = exported(summaryAndTab('product type-product'), 'https://shop.example/lantern');
    expect(text).toContain('€89.00');
    for (const sentence of [...SUMMARY, ...DESCRIPTION]) expect(text).toContain(sentence);
    for (const other of OTHERS) expect(text).not.toContain(other);
  });

  it('leaves out the other products listed beside the description, each a link with its price', () => {
    const teasers = OTHERS.map((other, i) => `<li class="tile"><a href="/p/${i}"><img src="/t${i}.jpg" alt=""><span class="brand">Brass &amp; Glass</span> <span>${other}, hand finished</span></a> <span class="price">UVP € 49,99 € 3${i},50</span></li>`);
    const html = `<html><head><title>Harbour lantern – Brass &amp; Glass</title>${productLd}</head><body><main><div class="pdp">
      <h1>Harbour lantern</h1><p class="price">€ 89,00</p>
      <div class="description">${paragraphs([...SUMMARY, ...DESCRIPTION])}</div>
      <div class="recommendations"><h2>Similar items</h2><ul class="tiles">${[...teasers, ...teasers].join('')}</ul></div>
    </div></main></body></html>`;
    const { text } = exported(html, 'https://shop.example/lantern');
    for (const sentence of [...SUMMARY, ...DESCRIPTION]) expect(text).toContain(sentence);
    for (const other of OTHERS) expect(text).not.toContain(other);
  });

  it('keeps a product whose element is named for how its cart opens (a "popup" form)', () => {
    const notice = `<div class="shipping-note">${paragraphs([
      'Free shipping on orders over €50 to the United Kingdom, Ireland and the rest of Europe, and returns within thirty days of delivery.',
      'Orders placed before noon leave the workshop the same day; orders placed at the weekend leave on Monday, by tracked post or courier.',
      'Gift wrapping, with a handwritten card, is free on every order: say so in the note to the workshop when you check out.',
      'Questions about an order, a delivery or a repair go to the workshop by mail or by phone, weekdays from nine to five.',
    ])}</div>`;
    const html = summaryAndTab('product type-product form-cart-popup').replace('<main>', `${notice}<main>`);
    const { text } = exported(html, 'https://shop.example/lantern');
    for (const sentence of [...SUMMARY, ...DESCRIPTION]) expect(text).toContain(sentence);
  });

  it('leaves out the buying form (sizes, what is out of stock, the cart button) and links that only open a popup, not a form around the whole page', () => {
    const sizes = ['36', '37', '38', '39'];
    const buying = `<form class="product-detail-actions"><fieldset class="size-selector"><legend><h2>Choose a size</h2></legend><ul>${sizes
      .map((size) => `<li><label><input type="radio" name="size" value="${size}">${size}</label> <span>Back soon: we will let you know when it is in stock</span></li>`)
      .join('')}</ul></fieldset><h2><label for="size">Put it in your basket</label></h2><button type="submit">Add</button></form>`;
    const popups = '<ul class="product-info-actions"><li><a href="#" aria-haspopup="true">Composition and care</a></li><li><a href="javascript:void(0)" aria-haspopup="dialog">Check in-store availability</a></li></ul>';
    const html = `<html><head><title>Harbour lantern – Brass &amp; Glass</title>${productLd}</head><body><main><div class="product">
      <h1>Harbour lantern</h1><p class="price">€89.00</p><div class="description">${paragraphs(DESCRIPTION)}</div>${buying}${popups}
      <table class="specs">${SPECS.map(([name, value]) => `<tr><th>${name}</th><td>${value}</td></tr>`).join('')}</table>
    </div></main></body></html>`;
    const { text } = exported(html, 'https://shop.example/lantern');
    for (const sentence of DESCRIPTION) expect(text).toContain(sentence);
    for (const [name, value] of SPECS) expect(text).toMatch(new RegExp(`${name}\\W+${value}`));
    for (const line of ['Choose a size', 'Put it in your basket', 'let you know', 'Composition and care', 'Check in-store availability']) expect(text).not.toContain(line);
    // ASP.NET puts the whole page in one form, the cart button with it.
    const pageInForm = html.replace('<main>', '<form id="aspnetForm" method="post" action="/lantern.aspx"><input type="hidden" name="__VIEWSTATE" value="x"><main>').replace('</main>', '</main><input type="submit" name="addToBasket" value="Add to basket"></form>');
    for (const sentence of DESCRIPTION) expect(exported(pageInForm, 'https://shop.example/lantern.aspx').text).toContain(sentence);
  });

  it("reads a shop's page as a product page by the form that puts the product in the cart, and keeps its reviews in a block sized extra-large", () => {
    const html = `<html><head><title>Harbour lantern – Brass &amp; Glass</title></head><body><div id="page"><div id="dp-container" class="container">
      <div id="centerCol"><h1 id="title">Harbour lantern</h1><div id="feature-bullets"><h2>About this item</h2><ul><li>Recycled brass, hand-blown glass chimney</li><li>Nine hours on one filling</li></ul></div></div>
      <div id="rightCol"><form id="addToCart" method="post" action="/handle-buy-box"><span class="price">€89.00</span><input type="hidden" name="offer" value="x"><input id="add-to-cart-button" name="submit.add-to-cart" type="submit" value="Add to Basket"></form></div>
      <div id="descriptionAndDetails"><div id="productDescription"><h2>Product description</h2>${paragraphs(DESCRIPTION)}</div>
        <ul role="tablist"><li><a role="tab" href="#tab-specs" aria-controls="tab-specs">Specifications</a></li></ul>
        <div id="tab-specs" role="tabpanel" hidden><table class="specs">${SPECS.map(([name, value]) => `<tr><th>${name}</th><td>${value}</td></tr>`).join('')}</table></div></div>
      <div id="reviewsMedley" class="grid spacing-extra-large"><h2>Customer reviews</h2>${REVIEWS.map((review, i) => `<div id="review-${i}" class="review"><span class="name">Owner ${i}</span><p>${review}</p></div>`).join('')}</div>
    </div></div></body></html>`;
    const { text } = exported(html, 'https://shop.example/dp/B0LANTERN');
    for (const sentence of [...DESCRIPTION, ...REVIEWS]) expect(text).toContain(sentence);
    for (const [name, value] of SPECS) expect(text).toMatch(new RegExp(`${name}\\W+${value}`));
  });
});

/** A discussion in the shapes forum software gives it, where the replies are the content, not comments under it. */
describe('a discussion', () => {
  const FIRST_POST = 'Pump seal leaking again after the spring refit: where would you look first?';
  const REPLIES = [
    'Check the impeller first: a cracked vane will make the pump vibrate, and the vibration wears a new seal out in weeks, whatever the housing.',
    'Mine did the same until I found the mounting bolts loose; once they were torqued to spec the leak stopped and it has been dry for a year now.',
    'If the housing is warped you can see it with a straight edge across the face; anything more than a tenth of a millimetre and it needs replacing.',
  ];
  const discussionLd = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Pump seal leaking"}</script>`;
  const thread = (head: string) => `<html><head><title>Pump seal leaking - Boat Forum</title>${head}</head><body>
    <header><nav><a href="/">Forums</a> <a href="/boats">Boats</a></nav></header>
    <main><h1>Pump seal leaking</h1><div class="thread-start"><p>${FIRST_POST}</p></div>
      <ol class="comment-list">${REPLIES.map((reply, i) => `<li class="comment"><div class="comment-author"><a href="/u/${i}">member${i}</a></div><div class="comment-body"><p>${reply}</p></div></li>`).join('')}</ol></main>
    <aside class="sidebar"><h3>Popular threads</h3><ul><li><a href="/t/1">Best antifouling for 2025?</a></li></ul></aside></body></html>`;

  it('keeps a short first post with the replies classed as comments, on a page that says it is a discussion', () => {
    const { text } = exported(thread(discussionLd), 'https://forum.example/t/pump-seal');
    for (const sentence of [FIRST_POST, ...REPLIES]) expect(text).toContain(sentence);
    expect(text).not.toContain('Popular threads');
  });

  it("joins the replies that follow the first post's own wrapper (custom elements, as some forums render them)", () => {
    const html = `<html><head><title>Pump seal leaking</title>${discussionLd}</head><body><main>
      <forum-post><h2 slot="title">Pump seal leaking</h2><div slot="text-body">${paragraphs(ARTICLE)}</div></forum-post>
      <forum-comment-tree>${REPLIES.map((reply, i) => `<forum-comment><div slot="meta"><a href="/u/${i}">member${i}</a> · 2h</div><div slot="comment"><p>${reply}</p></div></forum-comment>`).join('')}</forum-comment-tree>
      </main></body></html>`;
    const { text } = exported(html, 'https://forum.example/t/pump-seal');
    for (const sentence of [...ARTICLE, ...REPLIES]) expect(text).toContain(sentence);
  });

  it('exports the text a script-rendered thread carries in its JSON-LD, when its HTML shows none', () => {
    const ld = JSON.stringify({ '@type': 'DiscussionForumPosting', headline: 'Pump seal leaking', text: FIRST_POST, comment: REPLIES.map((text) => ({ '@type': 'Comment', text })) });
    const html = `<html><head><title>Pump seal leaking</title><script type="application/ld+json">${ld}</script></head><body>
      <div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript><script src="/app.js"></script></body></html>`;
    const { text } = exported(html, 'https://forum.example/t/pump-seal');
    for (const sentence of [FIRST_POST, ...REPLIES]) expect(text).toContain(sentence);
    const article = JSON.stringify({ '@type': 'NewsArticle', articleBody: `<p>${ARTICLE[0]}</p><p>${ARTICLE[1]}</p>` });
    const shell = `<html><head><script type="application/ld+json">${article}</script></head><body><div id="app"></div></body></html>`;
    expect(exported(shell).text).toBe(`${ARTICLE[0]}\n\n${ARTICLE[1]}`);
  });

  // Short replies are posts too; a thread's address, or its software's name, says it is a discussion when its markup does not.
  const SHORT_REPLY = 'Same here, thanks!';
  const ALL_POSTS = [FIRST_POST, ...REPLIES, SHORT_REPLY];

  it('keeps a thread laid out in tables (a news aggregator): the story, then every comment, short ones too, and not the site links', () => {
    const comment = (id: number, text: string) => `<tr class="athing comtr" id="${id}"><td><table><tr><td class="ind"><img src="s.gif" width="0"></td><td class="default">
      <span class="comhead"><a href="user?id=u${id}" class="hnuser">u${id}</a> <a href="item?id=${id}">2 hours ago</a> | <a href="#${id + 1}">next</a> <a class="togg" href="javascript:void(0)">[–]</a></span><br>
      <div class="comment"><div class="commtext c00">${text}</div><div class="reply"><p><a href="reply?id=${id}">reply</a></div></div></td></tr></table></td></tr>`;
    const html = `<html><head><title>Ask: Pump seal leaking? | Harbour Links</title></head><body><center><table id="main">
      <tr><td><span class="pagetop"><a href="news">Harbour Links</a> <a href="newest">new</a> | <a href="ask">ask</a> | <a href="submit">submit</a></span></td></tr>
      <tr><td><table class="fatitem"><tr class="athing submission" id="1"><td class="title"><a href="item?id=1">Ask: Pump seal leaking?</a></td></tr>
        <tr><td class="subtext">120 points by <a href="user?id=op">op</a> | <a href="item?id=1">4 comments</a></td></tr>
        <tr><td><div class="toptext">${FIRST_POST}</div></td></tr><tr><td><form action="comment"><textarea name="text"></textarea><input type="submit" value="add comment"></form></td></tr></table><br>
        <table class="comment-tree">${[...REPLIES, SHORT_REPLY].map((reply, i) => comment(i + 2, reply)).join('')}</table></td></tr>
      <tr><td><span class="yclinks"><a href="guidelines">Guidelines</a> | <a href="faq">FAQ</a> | <a href="legal">Legal</a></span></td></tr></table></center></body></html>`;
    const { text } = exported(html, 'https://links.example/item?id=1');
    for (const post of ALL_POSTS) expect(text).toContain(post);
    expect(text).not.toContain('Guidelines');
  });

  it('keeps a post and the comments under its sort menu and reply form (numbered classes), and not the sidebar box that scores as much as one post, nor their actions', () => {
    const about = 'A place to talk about boats of every kind, their care, their repair and where to take them this summer.';
    const html = `<html><head><title>Pump seal leaking : boats</title></head><body><div id="header"><a href="/">boats</a></div>
      <div class="side"><div class="titlebox"><h1><a href="/r/boats/">boats</a></h1><div class="usertext-body"><div class="md"><p>${about}</p></div></div></div></div>
      <div class="content" role="main"><div class="sitetable" id="siteTable"><div class="thing id-t3_1 link self"><p class="title"><a href="/r/boats/comments/1/pump/">Pump seal leaking</a></p>
        <div class="expando"><div class="usertext-body"><div class="md"><p>${FIRST_POST}</p></div></div></div><ul class="buttons"><li><a href="#c">4 comments</a></li><li><a href="#s">share</a></li></ul></div></div>
        <div class="commentarea"><div class="panestack-title">all 4 comments</div><div class="menuarea">sorted by: best</div><form class="usertext"><textarea></textarea><button>save</button></form>
          <div class="sitetable nestedlisting">${[...REPLIES, SHORT_REPLY].map((reply, i) => `<div class="thing id-t1_${i} comment"><p class="tagline"><a href="/user/u${i}">u${i}</a> 12 points 3 hours ago</p>
            <div class="usertext-body"><div class="md"><p>${reply}</p></div></div><ul class="buttons"><li><a href="#p${i}">permalink</a></li><li><a href="#r${i}">reply</a></li></ul></div>`).join('')}</div></div></div>
      <div class="footer">© 2025 boats. All rights reserved.</div></body></html>`;
    const { text } = exported(html, 'https://social.example/r/boats/comments/1/pump_seal/');
    for (const post of ALL_POSTS) expect(text).toContain(post);
    // Nor each post's row of actions.
    for (const part of [about, 'permalink', 'share']) expect(text).not.toContain(part);
  });

  it("keeps an issue's comments, and not the header's or the sidebar's lines around them", () => {
    const html = `<html><head><title>Pump seal leaking · Issue #42 · harbour/tidepool</title></head><body><header role="banner"><a href="/">Code</a> <a href="/login">Sign in</a></header><main>
      <div class="gh-header"><h1>Pump seal leaking <span>#42</span></h1><div><a href="/op">op</a> opened this issue on Jan 1 · 4 comments</div></div>
      <div class="layout"><div class="layout-main"><div class="js-discussion">${ALL_POSTS.map((post, i) => `<div class="TimelineItem js-comment-container"><div class="timeline-comment comment">
        <h3><a class="author" href="/u${i}">u${i}</a> commented <relative-time>Jan 1</relative-time></h3><table class="d-block"><tr class="d-block"><td class="d-block comment-body markdown-body"><p>${post}</p></td></tr></table></div></div>`).join('')}</div></div>
      <div class="layout-sidebar"><div class="discussion-sidebar-item"><div class="discussion-sidebar-heading">Assignees</div>No one assigned</div><div class="discussion-sidebar-item"><div class="discussion-sidebar-heading">Labels</div><a href="/labels/bug">bug</a></div></div></div></main></body></html>`;
    const { text } = exported(html, 'https://code.example/harbour/tidepool/issues/42');
    for (const post of ALL_POSTS) expect(text).toContain(post);
    expect(text).not.toContain('No one assigned');
  });

  it('keeps posts written as bare text in blockquotes, on a page whose generator names forum software', () => {
    const html = `<html><head><title>Pump seal leaking</title><meta name="generator" content="vBulletin 4.2.5"></head><body><div id="navbar"><a href="/">Forum</a> <a href="/search">Search</a></div>
      <ol id="posts">${ALL_POSTS.map((post, i) => `<li class="postcontainer" id="post_${i}"><div class="userinfo"><a class="username" href="member.php?${i}">member${i}</a> Join Date: Jan 2024</div>
        <div class="postbody"><h2 class="title">Re: Pump seal leaking</h2><div class="content"><div id="post_message_${i}"><blockquote class="postcontent restore">${post}</blockquote></div></div></div>
        <div class="postfoot"><a href="newreply.php?p=${i}">Reply With Quote</a></div></li>`).join('')}</ol>
      <div id="footer">Powered by a forum. All rights reserved.</div></body></html>`;
    const { text } = exported(html, 'https://forum.example/boats/pump-seal');
    for (const post of ALL_POSTS) expect(text).toContain(post);
    expect(text).not.toContain('All rights reserved');
  });

  it('keeps every post of a thread whose posts alternate their class names (windowbg, windowbg2), short ones too, without their signatures', () => {
    const posts = [FIRST_POST, SHORT_REPLY, ...REPLIES];
    const html = `<html><head><title>Pump seal leaking</title></head><body><div id="header"><a href="/index.php">Boat Forum</a></div>
      <div id="forumposts"><form action="/index.php?action=quickmod2" method="post">${posts.map((post, i) => `<div class="windowbg${i % 2 ? '2' : ''}"><div class="post_wrapper">
        <div class="poster"><h4><a href="/index.php?action=profile;u=${i}">member${i}</a></h4><ul><li class="postgroup">Deckhand</li><li class="postcount">Posts: ${100 + i}</li></ul></div>
        <div class="postarea"><div class="keyinfo"><h5><a href="/index.php?topic=1234.msg${i}#msg${i}">Re: Pump seal leaking</a></h5><div class="smalltext">« Reply #${i} on: January 02, 2025 »</div></div>
        <ul class="quickbuttons"><li><a href="/index.php?action=post;quote=${i}">Quote</a></li></ul><div class="post"><div class="inner">${post}</div></div>
        <div class="signature" id="msg_${i}_signature">Fair winds and following seas, member${i}</div></div></div></div>`).join('')}</form></div>
      <div id="footer"><a href="/index.php?action=help">Help</a> | <a href="/index.php?action=terms">Terms and Rules</a></div></body></html>`;
    const { text } = exported(html, 'https://forum.example/index.php?topic=1234.0');
    for (const post of posts) expect(text).toContain(post);
    // Nor the signature under each post, nor the footer.
    for (const part of ['Fair winds', 'Terms and Rules']) expect(text).not.toContain(part);
  });

  it("does not take another list of posts for the thread (other threads' openings beside the first post)", () => {
    const others = [
      'Antifouling for a wooden hull: copper paint, or something gentler that will not lift the old layers when it is applied in spring?',
      'Our outboard stalls at idle after the winter lay-up, even with fresh fuel and a new plug, and the carburettor has been cleaned twice.',
      'Looking for advice on moorings near the island side, where the pier floods at high tide and the waiting room closes early.',
    ];
    const html = `<html><head><title>Pump seal leaking - Boat Forum</title></head><body><main><h1>Pump seal leaking</h1><div class="post first-post">${paragraphs(ARTICLE)}</div></main>
      <aside><h3>Latest discussions</h3>${others.map((other) => `<div class="teaser"><p>${other}</p></div>`).join('')}</aside></body></html>`;
    const { text } = exported(html, 'https://forum.example/t/pump-seal-leaking/1234');
    expectArticleWithout(text, ...others);
  });

  it('reads a thread its app shows only to readers without scripts, in <noscript> (Discourse), and not a plea or markup a browser saved there', () => {
    const posts = [FIRST_POST, ...REPLIES, SHORT_REPLY];
    const html = `<html><head><title>Pump seal leaking - Boat Forum</title></head><body>
      <nav class="site-nav"><a href="/">Boat Forum</a> <a href="/latest">Latest</a> <a href="/top">Top</a> <a href="/categories">Categories</a></nav>
      <noscript data-path="/t/pump-seal-leaking/1234"><header class="d-header"><a href="/">Boat Forum</a></header>
      <div id="main-outlet"><h1><a href="/t/pump-seal-leaking/1234">Pump seal leaking</a></h1>
      ${posts.map((post, i) => `<div class="topic-body crawler-post"><div class="crawler-post-meta"><a href="/u/member${i}">member${i}</a> <time>March ${i + 1}, 2025</time></div><div class="post"><p>${post}</p></div></div>`).join('')}</div>
      <footer class="noscript-footer-nav"><a href="/about">About</a> <a href="/faq">FAQ</a> <a href="/privacy">Privacy</a></footer></noscript>
      <script src="/assets/app.js"></script></body></html>`;
    const { text } = exported(html, 'https://forum.example/t/pump-seal-leaking/1234');
    for (const post of posts) expect(text).toContain(post);
    expect(text).not.toContain('Privacy');
    // Saved by a browser that ran the scripts, a <noscript> holds its markup as text: the article is the page.
    const pixels = Array.from({ length: 12 }, (_, i) => `&lt;div style="position:absolute"&gt;&lt;img width=1 height=1 alt="" src="https://beacon.example/b?p=${'x'.repeat(60)}&amp;t=${i}"&gt;&lt;/div&gt;`).join('');
    const saved = `<html><head><title>Ferry timetable approved</title></head><body><noscript>${pixels}</noscript><article><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE.slice(0, 2))}</article></body></html>`;
    expect(exported(saved).text).toBe(`${ARTICLE[0]}\n\n${ARTICLE[1]}`);
  });

  it("keeps a question and its answers, not the teasers of other questions below them, each headed by a link to its page", () => {
    const others = [
      'Our outboard stalls at idle after the winter lay-up, even with fresh fuel and a new plug, and the carburettor has been cleaned twice since...',
      'Looking for advice on moorings near the island side, where the pier floods at high tide and the waiting room closes early in the evening...',
      'Antifouling for a wooden hull: copper paint, or something gentler that will not lift the old layers when it is applied again in spring...',
      'The bilge alarm goes off every time we heel past fifteen degrees, although the bilge is dry; the float switch is new and sits level...',
      'Which anchor holds best in the soft mud of the estuary? Ours drags whenever the tide turns against the wind, even with plenty of chain...',
      'Has anyone fitted solar panels to the cabin roof of a small cruiser? We would like to run the fridge at anchor without the engine...',
    ];
    const html = `<html><head><title>Pump seal leaking - Boat Forum</title></head><body><main>
      <section itemscope itemtype="https://schema.org/Question"><h1 itemprop="name">Pump seal leaking</h1>
        <article class="posting question"><div class="user">skipper</div><p itemprop="text">${FIRST_POST}</p></article></section>
      <section id="answers">${REPLIES.map((reply, i) => `<article class="posting answer" itemprop="suggestedAnswer"><div class="user">member${i}</div><p>${reply}</p></article>`).join('')}</section>
      <section class="list"><h3>More on this topic</h3>${others.map((other, i) => `<article class="list-posting"><h4><a href="/boats/forum/${100 + i}.php">Question ${i}</a></h4><p>${other} <span>read more</span></p><footer>${i + 1} answers</footer></article>`).join('')}</section>
      </main></body></html>`;
    const { text } = exported(html, 'https://forum.example/boats/forum/1234.php');
    for (const sentence of [FIRST_POST, ...REPLIES]) expect(text).toContain(sentence);
    for (const other of others) expect(text).not.toContain(other.slice(0, 40));
  });

  it('keeps every post of a thread whose posts have no class, only the numbers forum software gives them (vBulletin 3), after a long first post', () => {
    const posts = [[FIRST_POST, ...ARTICLE].join('<br><br>'), ...REPLIES, SHORT_REPLY];
    const html = `<html><head><title>Pump seal leaking - Boat Forum</title></head><body><div class="navbar"><a href="/">Boat Forum</a> &gt; <a href="/forumdisplay.php?f=3">Engines</a></div>
      <div id="posts">${posts.map((post, i) => `<div align="center"><div class="page"><div><table width="100%"><tr><td width="96%"><div id="edit${900 + i}"><table class="tborder" id="post${900 + i}">
        <tr><td class="thead">#${i + 1} Posted March ${i + 1}, 2025</td></tr><tr><td class="alt2"><a class="bigusername" href="member.php?u=${i}">member${i}</a></td></tr>
        <tr><td class="alt1" id="td_post_${900 + i}"><div id="post_message_${900 + i}">${post}</div></td></tr></table></div></td></tr></table></div></div></div>`).join('')}</div>
      <div class="footer"><a href="/sendmessage.php">Contact Us</a> - <a href="/archive/">Archive</a></div></body></html>`;
    const { text } = exported(html, 'https://forum.example/showthread.php?t=1234');
    for (const sentence of [FIRST_POST, ...ARTICLE, ...REPLIES, SHORT_REPLY]) expect(text).toContain(sentence);
    expect(text).not.toContain('Contact Us');
  });

  it("keeps a thread's posts without each author's box (rank, post count, join date), a reply made mostly of links, and not the site's notice above them", () => {
    const linkedReply = 'The part numbers changed in 2023, so check <a href="/wiki/seal-chart">the seal chart for your pump model</a> and <a href="/wiki/pump-manual">the maintenance manual</a> first.';
    const posts = [FIRST_POST, ...REPLIES, linkedReply];
    const html = `<html><head><title>Pump seal leaking - Boat Forum</title></head><body><div id="page-body"><h2>Pump seal leaking</h2>
      <div class="notices"><div class="notice_wrap">If this is your first visit, be sure to check out the FAQ by clicking the link above. You may have to register before you can post.</div></div>
      <div class="topic-actions"><a href="/posting.php?mode=reply&amp;t=1234">Post a reply</a></div>
      ${posts.map((post, i) => `<div id="p${500 + i}" class="post bg${(i % 2) + 1}"><div class="postbody"><h3><a href="#p${500 + i}">Re: Pump seal leaking</a></h3>
        <p class="author">by <a href="/memberlist.php?mode=viewprofile&amp;u=${i}">member${i}</a> » Mon Mar ${i + 3}, 2025</p><div class="content">${post}</div></div>
        <dl class="postprofile" id="profile${500 + i}"><dt><a href="/memberlist.php?mode=viewprofile&amp;u=${i}">member${i}</a></dt><dd><strong>Posts:</strong> ${120 + i}</dd><dd><strong>Joined:</strong> Thu Sep 21, 2017</dd><dd><strong>Location:</strong> Harbour</dd></dl></div><hr class="divider">`).join('')}
      </div><div class="copyright">Powered by phpBB</div></body></html>`;
    const { text } = exported(html, 'https://forum.example/viewtopic.php?f=3&t=1234');
    for (const post of [FIRST_POST, ...REPLIES]) expect(text).toContain(post);
    expect(text).toContain('The part numbers changed in 2023');
    for (const part of ['Joined:', 'Posts: 12', 'first visit']) expect(text).not.toContain(part);
  });

  it("keeps a thread's posts without each post's subject, the thread's title again (\"Re: …\"), and its line saying who wrote it (phpBB), and keeps a heading a post has of its own", () => {
    const partsList = '<h4>Parts list</h4><ul><li>Seal kit for the raw-water pump, the one with the ceramic face</li><li>Two new gaskets</li></ul>';
    const posts = [`<p>${FIRST_POST}</p>`, `<p>${REPLIES[0]}</p>${partsList}`, `<p>${REPLIES[1]}</p>`, `<p>${REPLIES[2]}</p>`];
    const html = `<html><head><title>Pump seal leaking - Boat Forum</title></head><body><div id="page-body"><h2 class="topic-title"><a href="/viewtopic.php?t=1234">Pump seal leaking</a></h2>
      ${posts.map((post, i) => `<div id="p${700 + i}" class="post has-profile bg${(i % 2) + 1}"><div class="inner"><div class="postbody"><div id="post_content${700 + i}"><h3${i === 0 ? ' class="first"' : ''}><a href="#p${700 + i}">${i === 0 ? '' : 'Re: '}Pump seal leaking</a></h3>
        <p class="author"><a href="/viewtopic.php?p=${700 + i}#p${700 + i}" title="Post"><span class="sr-only">Post</span></a><span class="responsive-hide">by <strong><a href="/memberlist.php?u=${i}" class="username">member${i}</a></strong> » </span>Mon Mar ${i + 3}, 2025 9:1${i} am</p>
        <div class="content">${post}</div></div></div></div></div>`).join('')}
      </div></body></html>`;
    const { text } = exported(html, 'https://forum.example/viewtopic.php?f=3&t=1234');
    for (const sentence of [FIRST_POST, ...REPLIES, 'Parts list', 'Two new gaskets']) expect(text).toContain(sentence);
    expect(text).not.toMatch(/Re: Pump seal leaking|by member\d|Mar \d, 2025/);
  });

  it("keeps a short reply whose wrapper is named for the post's details, around the blockquote its words are in (XenForo 1's messageInfo)", () => {
    const posts = [FIRST_POST, ...REPLIES, SHORT_REPLY];
    const html = `<html><head><title>Pump seal leaking | Boat Forum</title></head><body><div class="pageContent"><h1>Pump seal leaking</h1><ol class="messageList" id="messageList">
      ${posts.map((post, i) => `<li id="post-${800 + i}" class="message" data-author="member${i}"><div class="messageUserInfo"><a href="members/member${i}.${i}/" class="username">member${i}</a></div>
        <div class="messageInfo primaryContent"><div class="messageContent"><article><blockquote class="messageText ugc baseHtml">${post}</blockquote></article></div>
        <div class="messageMeta"><a href="threads/pump-seal-leaking.1234/#post-${800 + i}" class="datePermalink">Mar ${i + 3}, 2025</a></div></div></li>`).join('')}
      </ol></div></body></html>`;
    const { text } = exported(html, 'https://forum.example/threads/pump-seal-leaking.1234/');
    for (const post of posts) expect(text).toContain(post);
    expect(text).not.toMatch(/Mar \d, 2025/);
  });

  it("keeps a thread's posts without the line over each that says who wrote it and when", () => {
    const dated = `${REPLIES[2]} The yard can look at it on <time datetime="2025-04-01">1 April</time>.`;
    const posts = [FIRST_POST, REPLIES[0], REPLIES[1], dated, SHORT_REPLY];
    const html = `<html><head><title>Pump seal leaking - Boat Forum</title></head><body><div class="thread">
      ${posts.map((post, i) => `<article class="message"><div class="message-attribution"><span class="username">member${i}</span>, Harbour, posted <time datetime="2025-03-0${i + 1}">March ${i + 1}, 2025</time></div><div class="message-body"><p>${post}</p></div></article>`).join('')}
      </div></body></html>`;
    const { text } = exported(html, 'https://forum.example/threads/pump-seal-leaking.1234/');
    for (const sentence of [FIRST_POST, REPLIES[0], REPLIES[1], SHORT_REPLY]) expect(text).toContain(sentence);
    expect(text).toContain('The yard can look at it on 1 April.');
    expect(text).not.toMatch(/posted|March \d, 2025/);
  });

  it("keeps the quotes and link previews in a thread's posts, which Discourse puts in <aside>", () => {
    const quoted = 'The seal on our old boat went after two seasons as well, always at the same corner of the housing.';
    const preview = 'How to replace the mechanical seal of a raw-water pump, step by step, with the tools it takes.';
    const replies = [`<aside class="quote" data-username="member9"><div class="title">member9:</div><blockquote><p>${quoted}</p></blockquote></aside><p>${REPLIES[0]}</p>`,
      `<p>${REPLIES[1]}</p><aside class="onebox"><header><a href="https://wiki.example/seals">wiki.example</a></header><article><h3>Pump seals</h3><p>${preview}</p></article></aside>`, `<p>${REPLIES[2]}</p>`];
    const html = `<html><head><title>Pump seal leaking - Boat Forum</title><meta name="generator" content="Discourse 3.2.0"></head><body>
      <div id="main-outlet"><h1>Pump seal leaking</h1>${[`<p>${FIRST_POST}</p>`, ...replies].map((post, i) => `<div class="topic-body crawler-post"><div class="crawler-post-meta"><a href="/u/member${i}">member${i}</a></div><div class="post">${post}</div></div>`).join('')}</div>
      <aside class="sidebar"><h3>Suggested topics</h3><p>Antifouling for a wooden hull, and what to use on an old one that has been painted many times.</p></aside></body></html>`;
    const { text } = exported(html, 'https://forum.example/t/pump-seal-leaking/1234');
    for (const sentence of [FIRST_POST, ...REPLIES, quoted, preview]) expect(text).toContain(sentence);
    expect(text).not.toContain('Antifouling');
  });

  it("keeps a thread laid out as a table of posts under a forum's own address, without the label lines about each author beside each post, and keeps a post's own label lines", () => {
    const specs = '<p>Engine: Yanmar</p><p>Pump: Jabsco</p>';
    const posts = [`<p>${FIRST_POST}</p>`, `<p>${REPLIES[0]}</p>`, specs, `<p>${REPLIES[1]}</p>`, `<p>${REPLIES[2]}</p>`];
    const authorBox = (i: number) => `<td class="author"><p class="username"><a href="/user/member${i}/">member${i}</a></p>${i === 0 ? '<div class="member_title">(Thread starter)</div>' : ''}
      <p>Joined:<br>${i + 1} September 2017</p><p class="posts">Posts: <a href="/author/member${i}/">${1040 + i}</a></p><p>Location: Harbour ${i}</p></td>`;
    const html = `<html><head><title>Pump seal leaking › Engines › Boat Forum</title></head><body><div class="navi"><a href="/">Forum</a> › <a href="/category/engines/">Engines</a></div>
      <h2>Pump seal leaking</h2><table class="topic"><tbody>${posts.map((post, i) => `<tr id="post-${9100 + i}">${authorBox(i)}<td class="post"><div class="postinfo"><a href="/post/${9100 + i}/quote/">Quote</a> ${i + 1} June 2025 10:4${i}</div><div class="text">${post}</div></td></tr>`).join('')}</tbody></table></body></html>`;
    const { text } = exported(html, 'https://forum.example/topic/pump-seal-leaking/');
    for (const post of [FIRST_POST, ...REPLIES, 'Engine: Yanmar', 'Pump: Jabsco']) expect(text).toContain(post);
    for (const line of ['Joined:', 'September 2017', 'Posts: 104', 'Location: Harbour']) expect(text).not.toContain(line);
  });

  it("keeps a quote in a post that XenForo 1 puts in an unnamed <aside> in a block named bbCodeQuote", () => {
    const quoted = 'The seal on our old boat went after two seasons as well, always at the same corner of the housing.';
    const quoting = `<div class="bbCodeBlock bbCodeQuote" data-author="member0"><aside><div class="attribution type">member0: <a href="goto/post?id=800#post-800" class="AttributionLink">↑</a></div><blockquote class="quoteContainer"><div class="quote">${quoted}</div></blockquote></aside></div>${REPLIES[1]}`;
    const posts = [FIRST_POST, REPLIES[0], quoting, REPLIES[2]];
    const html = `<html><head><title>Pump seal leaking | Boat Forum</title></head><body><div class="pageContent"><h1>Pump seal leaking</h1><ol class="messageList" id="messageList">
      ${posts.map((post, i) => `<li id="post-${800 + i}" class="message"><div class="messageInfo primaryContent"><div class="messageContent"><article><blockquote class="messageText ugc baseHtml">${post}</blockquote></article></div></div></li>`).join('')}
      </ol></div><aside class="sidebar"><h3>Staff online</h3><blockquote>Welcome aboard: read the rules before you post, and search before you ask a question.</blockquote></aside></body></html>`;
    const { text } = exported(html, 'https://forum.example/threads/pump-seal-leaking.1234/');
    for (const sentence of [FIRST_POST, ...REPLIES, quoted]) expect(text).toContain(sentence);
    expect(text).not.toContain('Welcome aboard');
  });

  /** A health-forum thread (MedsChat's shape): each post's words loose in a wrapper beside its author, its date and its number. */
  const CHEAPER = "Isn't there a cheaper seal that fits the same housing?";
  const chatPost = (id: string, name: string, text: string, number?: number) => `<div class="list_item_b" id="${id}"><div class="list_item_b_content">
    ${number === undefined ? '' : `<div class="post_number">${number}</div>`}<strong>${name}</strong> Says:<br><span class="small soft"><time datetime="2025-06-0${(number ?? 0) + 1}T10:00:00Z">Sun, Jun ${(number ?? 0) + 1} '25, 10:24 AM</time></span><div class="clear_float"></div><br>
    ${text}<br></div><br>
    <div class="small action_bar"><a href="#reply">REPLY</a><span><a href="#" rel="nofollow">SHARE</a></span><a href="/report?p=${id}">REPORT</a><br><div class="share_bar"></div>
    <span><strong>Was&nbsp;this&nbsp;helpful?</strong>&nbsp;&nbsp;&nbsp;&nbsp;<a href="javascript:;">0</a>&nbsp;&nbsp;&nbsp;&nbsp;<a href="javascript:;">0</a></span></div></div>`;
  const chatThread = (more: string) => `<html><head><title>Pump seal leaking - Boat Chat</title></head><body><header><nav><a href="/">Home</a> <a href="/Discuss/">Forums</a></nav></header>
    <div id="content"><h1>Pump seal leaking</h1>${chatPost('op_100', 'skipper', FIRST_POST)}
      <h3>Showing Replies 1 - 4 of 4</h3>${[...REPLIES.slice(0, 1), CHEAPER, ...REPLIES.slice(1)].map((reply, i) => chatPost(`r_10${i + 1}`, `member${i}`, reply, i + 1)).join('\n')}
      ${more}</div></body></html>`;
  const CHAT_URL = 'https://chat.example/Discuss/pump-seal-leaking-100.htm';

  it("keeps a short post whose wrapper holds its date too, and leaves out the date and each post's bar of actions", () => {
    const { text } = exported(chatThread(''), CHAT_URL);
    for (const sentence of [FIRST_POST, ...REPLIES, CHEAPER]) expect(text).toContain(sentence);
    for (const line of ['REPLY', 'helpful', "Jun 2 '25"]) expect(text).not.toContain(line);
  });

  it('leaves out the teasers of other threads after the last reply, each led by its title linked and its opening cut short', () => {
    const teasers = ['Raw-water pump rebuild kit', 'Impeller or seal first?', 'Leaking stern gland'].map((title, i) => `<div class="list_item"><a href="/Discuss/thread-${200 + i}.htm" class="h2">${title}</a><br>
      Asked by a member last winter: the pump on our sailing boat has been dripping since we put her back in the water, and the drip gets worse... <a class="small" href="/Discuss/thread-${200 + i}.htm">${i + 2} replies</a></div>`);
    const { text } = exported(chatThread(`<h2>More Discussions:</h2>${teasers.join('')}`), CHAT_URL);
    for (const sentence of [FIRST_POST, ...REPLIES, CHEAPER]) expect(text).toContain(sentence);
    for (const line of ['Raw-water pump rebuild kit', 'dripping since', 'replies']) expect(text).not.toContain(line);
  });

  it("leaves out each post's box about its author in XenForo 2 (message-user) and bbPress (bbp-reply-author), and keeps the starter's posts, which bbPress marks topic-author", () => {
    const posts = [FIRST_POST, ...REPLIES, 'Update: a new impeller and a new seal did it, and the pump has been dry for a month. Thanks, everyone, for the help.'];
    const xenForo = `<html><head><title>Pump seal leaking | Boat Forum</title></head><body><div class="p-body-main"><h1 class="p-title-value">Pump seal leaking</h1><div class="block-body">
      ${posts.map((post, i) => `<article class="message message--post" data-author="member${i % 2}" id="js-post-${700 + i}"><div class="message-inner">
        <div class="message-cell message-cell--user"><section class="message-user"><div class="message-avatar"><span class="avatar">M</span></div>
          <div class="message-userDetails"><h4 class="message-name"><span class="username">member${i % 2}</span></h4><h5 class="userTitle message-userTitle">Well-known member</h5></div></section></div>
        <div class="message-cell message-cell--main"><header class="message-attribution"><time datetime="2025-06-0${i + 1}T10:00:00Z">0${i + 1}.06.2025</time> <a href="/threads/pump-seal-leaking.1234/post-${700 + i}">#${i + 1}</a></header>
          <div class="message-content"><div class="message-userContent"><article class="message-body"><div class="bbWrapper">${post}</div></article></div></div></div></div></article>`).join('')}
      </div></div></body></html>`;
    const fromXenForo = exported(xenForo, 'https://forum.example/threads/pump-seal-leaking.1234/').text;
    for (const post of posts) expect(fromXenForo).toContain(post);
    for (const line of ['Well-known member', 'member1']) expect(fromXenForo).not.toContain(line);

    const bbPress = `<html><head><title>Pump seal leaking | Boat Forum</title></head><body class="bbpress single-topic"><div id="bbpress-forums" itemscope itemtype="http://schema.org/DiscussionForumPosting">
      <h1 itemprop="headline">Pump seal leaking</h1>${posts.map((post, i) => `<div class="post-${800 + i} reply"><div class="${i % 2 === 0 ? 'topic-author ' : ''}bbp-reply-position-${i + 1} post-${800 + i} reply">
        <div class="bbp-reply-author"><a href="/members/member${i % 2}/" class="bbp-author-avatar"><img src="/a/${i % 2}.jpg" alt=""></a><br><a href="/members/member${i % 2}/" class="bbp-author-name">member${i % 2}</a><div class="bbp-reply-date">${i + 2} months ago</div></div>
        <div class="bbp-reply-content"><p>${post}</p></div></div></div>`).join('')}</div></body></html>`;
    const fromBbPress = exported(bbPress, 'https://community.example/topic/pump-seal-leaking').text;
    for (const post of posts) expect(fromBbPress).toContain(post);
    // The first post's box, beside the title, may stand as the thread's byline; the replies' go.
    for (const line of ['3 months ago', '4 months ago', 'member1']) expect(fromBbPress).not.toContain(line);
  });

  it("leaves out a reply's subject ('Re: …') over each post, though the page's title says more than the subject (phpBB's '(View topic)')", () => {
    const html = `<html><head><title>Pump seal (View topic) &bull; Boat Forum</title></head><body><div id="page-body"><h2><a href="./viewtopic.php?t=77">Pump seal</a></h2>
      ${[FIRST_POST, ...REPLIES].map((post, i) => `<div id="p${900 + i}" class="post bg${(i % 2) + 1}"><div class="inner"><div class="postbody"><h3><a href="#p${900 + i}">${i === 0 ? 'Pump seal' : 'Re: Pump seal'}</a></h3>
        <p class="author">by <strong><a href="./memberlist.php?u=${i}">member${i}</a></strong> &raquo; Sun Jun 0${i + 1}, 2025 1:34 pm</p><div class="content">${post}</div></div>
        <dl class="postprofile"><dt><a href="./memberlist.php?u=${i}">member${i}</a></dt><dd><strong>Posts:</strong> ${120 + i}</dd></dl></div></div>`).join('<hr class="divider">')}</div></body></html>`;
    const { text } = exported(html, 'https://forum.example/viewtopic.php?f=5&t=77');
    for (const post of [FIRST_POST, ...REPLIES]) expect(text).toContain(post);
    expect(text).not.toContain('Re: Pump seal');
  });

  it("keeps a thread in a block whose class says the page has no sidebar (no-sidebar), which is no sidebar, though its posts link to long addresses", () => {
    const html = `<html><head><title>Pump seal leaking - Boat Forum</title></head><body><div id="wrap"><div id="page-header"><div class="navbar"><ul><li><a href="/faq.php">FAQ</a></li><li><a href="/ucp.php?mode=login">Login</a></li></ul></div></div>
      <div id="page-body"><h2><a href="/pump-seal-leaking-t77.html">Pump seal leaking</a></h2><div id="page-body-inner" class="no-sidebar">
        <div class="topic-actions"><div class="buttons"><a href="/posting.php?t=77" title="Reply">Reply</a></div><div class="pagination">4 posts • Page <strong>1</strong> of <strong>1</strong></div></div>
      ${[FIRST_POST, ...REPLIES].map((post, i) => `<div id="p${900 + i}" class="post bg${(i % 2) + 1}"><div class="inner"><div class="postbody"><h3><a href="#p${900 + i}">Re: Pump seal leaking</a></h3>
        <p class="author"><a href="./memberlist.php?u=${i}">member${i}</a> » ${i + 1} June 2025 13:34</p><div class="content">${post}<br>See <a href="https://wiki.example/pumps/raw-water/${i}">https://wiki.example/pumps/raw-water/seals/replacing-the-mechanical-seal-step-by-step-${i}</a></div></div>
        <dl class="postprofile" id="profile${900 + i}"><dt><a href="./memberlist.php?u=${i}">member${i}</a></dt><dd><strong>Posts:</strong> ${12 + i}</dd><dd><strong>Joined:</strong> ${i + 1} September 2019</dd></dl>
        <div class="back2top"><a href="#wrap" class="top">Top</a></div></div></div>`).join('<hr class="divider">')}
      </div></div><div id="page-footer"><a href="/">Board index</a> · <a href="/memberlist.php?mode=team">The team</a></div></div></body></html>`;
    const { text } = exported(html, 'https://forum.example/pump-seal-leaking-t77.html');
    for (const post of [FIRST_POST, ...REPLIES]) expect(text).toContain(post);
    // Cleaned as a thread, not kept whole as the page is when nothing else is found: no "Top" under each post.
    expect(text).not.toMatch(/^(Top|Reply)$/m);
  });

  it("leaves a blog post's comments out, as before", () => {
    const html = thread('<meta property="og:type" content="article">').replace('<div class="thread-start">', `<div class="thread-start">${paragraphs(ARTICLE)}`);
    const { text } = exported(html, 'https://blog.example/pump-seal');
    for (const sentence of ARTICLE) expect(text).toContain(sentence);
    for (const reply of REPLIES) expect(text).not.toContain(reply);
  });
});

/** Documentation pages in the shapes their generators give them. */
describe('a documentation page', () => {
  const INSTALL = 'Install the command-line tool with your package manager; it needs no other service and runs on any machine with Node.';
  const CONFIGURE = 'Write the settings to a file beside your project, and the tool reads them on every run, so nothing has to be passed twice.';
  const USAGE = 'Run the tool in the folder of your project: it finds the settings file, checks the tides, and prints the next crossing.';

  it("keeps a README's headings, each in a wrapper of its own (GitHub's markdown-heading), and not a sidebar box's title", () => {
    const heading = (level: number, text: string) => `<div class="markdown-heading"><h${level} class="heading-element">${text}</h${level}><a class="anchor" href="#${text.toLowerCase()}" aria-label="Permalink: ${text}"></a></div>`;
    const html = `<html><head><title>harbour/tidepool: tides for the command line</title></head><body>
      <div class="repository-content"><article class="markdown-body">
        ${heading(1, 'Tidepool')}<p>${ARTICLE[0]}</p>
        ${heading(2, 'Installation')}<p>${INSTALL}</p><pre><code>npm install -g tidepool</code></pre>
        ${heading(2, 'Configuration')}${heading(3, 'Settings file')}<p>${CONFIGURE}</p>
        ${heading(2, 'Usage')}<p>${USAGE}</p>
        <div class="box"><h3>Sponsors</h3><ul><li><a href="/s/1">Harbour Trust</a></li><li><a href="/s/2">Pier Co</a></li></ul></div>
      </article></div></body></html>`;
    const { text } = exported(html, 'https://code.example/harbour/tidepool');
    for (const line of ['Installation', 'Configuration', 'Settings file', 'Usage', INSTALL, CONFIGURE, USAGE]) expect(text).toContain(line);
    expect(text).not.toContain('Sponsors');
  });

  it('keeps boxes whose utility classes say they clip or scroll (overflow-hidden, overflow-x-auto, scroll-mt-24): they say how a box is drawn, not what it holds', () => {
    const html = `<html><head><title>Configuration – Tidepool</title></head><body><main><article><h1>Configuration</h1>${paragraphs(ARTICLE)}
      <div class="my-6 overflow-hidden rounded-xl border"><h3 id="settings" class="scroll-mt-24">Settings file</h3><p>${CONFIGURE}</p><ul><li>${USAGE}</li><li>${INSTALL}</li></ul></div>
      <div class="overflow-x-auto rounded"><h3>Options</h3><table><tr><th>Option</th><th>Meaning</th></tr><tr><td>--config</td><td>Where the settings file is</td></tr></table><p>Every option can also be set in the file.</p></div>
      </article></main></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/configuration');
    for (const line of [...ARTICLE, 'Settings file', CONFIGURE, USAGE, INSTALL, 'Where the settings file is', 'Every option can also be set in the file.']) expect(text).toContain(line);
  });

  it("keeps the blocks a generator names after itself (Nextra's nextra-callout, nextra-code), which hold 'extra' but are not extras", () => {
    const html = `<html><head><title>Configuration – Tidepool</title></head><body>
      <article class="nextra-body"><main><h1>Configuration</h1>${paragraphs(ARTICLE)}
        <div class="nextra-callout"><p>${CONFIGURE}</p></div>
        <div class="nextra-code"><pre><code>tidepool --config ./tides.json</code></pre></div></main></article></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/configuration');
    for (const line of [...ARTICLE, CONFIGURE, 'tidepool --config ./tides.json']) expect(text).toContain(line);
  });

  it("keeps an API reference's signatures, whose types link to their own pages (links in code are references, not navigation)", () => {
    const methods = [
      ['next_high', 'Tide', 'Time', 'The time of the next high tide.'],
      ['next_low', 'Tide', 'Time', 'The time of the next low tide.'],
      ['height_at', 'Time', 'Metres', 'The height of the water at a time.'],
      ['range', 'Day', 'Metres', 'The range between low and high water.'],
    ];
    const signature = ([name, argument, result]: string[]) =>
      `<h4 class="code-header">pub fn <a href="#method.${name}" class="fn">${name}</a>(at: <a href="struct.${argument}.html">${argument}</a>) -&gt; <a href="struct.${result}.html">${result}</a></h4>`;
    const html = `<html><head><title>Tide in tidepool - Docs</title></head><body>
      <section id="main-content" class="content"><div class="docblock">${paragraphs(ARTICLE)}</div>
        <h2 id="implementations">Implementations</h2>
        <div class="impl-items">${methods.map((method) => `<details class="toggle method-toggle" open><summary>${signature(method)}</summary><div class="docblock"><p>${method[3]}</p></div></details>`).join('')}</div>
        <div class="api-signatures"><pre><code>impl <a href="trait.Display.html">Display</a> for <a href="struct.Tide.html">Tide</a></code></pre></div>
      </section></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/struct.Tide.html');
    for (const method of methods) expect(text).toContain(method[3]);
    expect(text).toContain('pub fn height_at(at: Time) -> Metres');
    expect(text).toContain('impl Display for Tide');
  });

  it("keeps a code block's comments, which syntax highlighters name comment (Prism's token comment, highlight.js's hljs-comment)", () => {
    const line = (tokens: string) => `<div class="token-line">${tokens}<br></div>`;
    const html = `<html><head><title>Configuration – Tidepool</title></head><body><main><article><h1>Configuration</h1>
      <p>${CONFIGURE}</p><pre class="prism-code"><code>${line('<span class="token comment">// Where the settings file is read from.</span>')}${line('<span class="token plain">config = "./tides.json"</span>')}</code></pre>
      <p>${USAGE}</p><pre><code class="hljs"><span class="hljs-comment"># Print the next crossing.</span>\ntidepool next</code></pre><p>${INSTALL}</p></article></main></body></html>`;
    const { text, markdown } = exported(html, 'https://docs.example/tidepool/configuration');
    for (const output of [text, markdown]) {
      for (const comment of ['// Where the settings file is read from.', '# Print the next crossing.']) expect(output).toContain(comment);
    }
  });

  /** An Asciidoctor page (Antora's sites): a preamble, then each section a `sect1` of its heading and its body. */
  const PREAMBLE = 'This guide walks through the settings, one part at a time, with an example of each, and ends with the commands that use them.';
  const sectionedGuide = (head: string, sectionBodies: string[]) => `<html><head>${head}</head><body>
      <nav class="nav-menu"><ul><li><a href="/guide/install.html">Install</a></li><li><a href="/guide/configure.html">Configure</a></li></ul></nav>
      <main class="article"><article class="doc"><h1 class="page">Configure the tool</h1>
        <div id="preamble"><div class="sectionbody"><div class="paragraph"><p>${INSTALL}</p></div><div class="paragraph"><p>${PREAMBLE}</p></div></div></div>
        ${sectionBodies.map((body, index) => `<div class="sect1"><h2 id="_part_${index}"><a class="anchor" href="#_part_${index}"></a>Part ${index + 1}</h2><div class="sectionbody">${body}</div></div>`).join('\n')}
      </article></main></body></html>`;
  const asParagraphs = (sentences: readonly string[]) => sentences.map((sentence) => `<div class="paragraph"><p>${sentence}</p></div>`).join('');

  it('keeps every section of a guide whose sections are blocks of their own beside a longer one, not the longest alone', () => {
    const html = sectionedGuide('<title>Configure the tool :: Tidepool Docs</title>', [asParagraphs([CONFIGURE]), asParagraphs(ARTICLE), asParagraphs([USAGE])]);
    const { text } = exported(html, 'https://docs.example/tidepool/configure.html');
    for (const line of [INSTALL, 'Part 1', CONFIGURE, 'Part 2', ...ARTICLE, 'Part 3', USAGE]) expect(text).toContain(line);
    expect(text).not.toContain('Install\n');
  });

  it("does not take a section for the page's own story because its heading's permalink links to the page", () => {
    const head = '<title>Configure the tool :: Tidepool Docs</title><link rel="canonical" href="https://docs.example/tidepool/configure.html">';
    const html = sectionedGuide(head, [asParagraphs(ARTICLE.slice(0, 2)), asParagraphs([...ARTICLE.slice(2), CONFIGURE, USAGE])]);
    const { text } = exported(html, 'https://docs.example/tidepool/configure.html');
    for (const line of [INSTALL, PREAMBLE, ...ARTICLE, CONFIGURE, USAGE]) expect(text).toContain(line);
  });

  it('keeps a section of commands alone among the prose sections of a guide', () => {
    const commands = '<div class="listingblock"><div class="content"><pre>tidepool clean --all\ntidepool reset --hard</pre></div></div>';
    const html = sectionedGuide('<title>Configure the tool :: Tidepool Docs</title>', [asParagraphs(ARTICLE), asParagraphs([CONFIGURE, USAGE]), commands]);
    const { text } = exported(html, 'https://docs.example/tidepool/configure.html');
    for (const line of [...ARTICLE, CONFIGURE, USAGE, 'Part 3', 'tidepool clean --all', 'tidepool reset --hard']) expect(text).toContain(line);
  });

  it("takes blocks led by an empty anchor before their heading (Sphinx's span id) for sections too", () => {
    const options = [...ARTICLE, ...ARTICLE, ...ARTICLE].map((sentence, index) => `<section id="option-${index}"><span id="id${index + 3}"></span><h3>Option ${index}</h3><p>${sentence}</p></section>`);
    const html = `<html><head><title>Configuration — Tidepool 2.1 documentation</title></head><body>
      <div class="sphinxsidebar" role="navigation"><ul><li><a href="install.html">Install</a></li><li><a href="configuration.html">Configuration</a></li></ul></div>
      <div class="documentwrapper" role="main"><section id="configuration"><h1>Configuration</h1>
        <section id="options"><span id="id1"></span><h2>Options</h2><p>${CONFIGURE}</p>${options.join('')}</section>
        <section id="commands"><span id="id2"></span><h2>Commands</h2><pre>tidepool clean --all</pre></section>
      </section></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/configuration.html');
    for (const line of [...ARTICLE, CONFIGURE, 'Commands', 'tidepool clean --all']) expect(text).toContain(line);
  });

  it("keeps the prose around a long code listing folded in a details box, whose highlighter puts each line in a div (Docusaurus's token-line)", () => {
    const line = (index: number) => `<div class="token-line"><span class="token plain">tide_${index} = predict(harbour, day=${index}, hour=6, units="m", datum="chart")</span><br></div>`;
    const listing = Array.from({ length: 24 }, (_unused, index) => line(index)).join('');
    const html = `<html><head><title>Predictions | Tidepool</title></head><body><main><article><div class="theme-doc-markdown markdown">
      <header><h1>Predictions</h1></header>${paragraphs([...ARTICLE.slice(0, 2), INSTALL])}
      <details class="details"><summary>The whole interface</summary><div class="collapsibleContent">
        <div class="language-python codeBlockContainer"><div class="codeBlockContent"><pre class="prism-code"><code class="codeBlockLines">${listing}</code></pre></div></div></div></details>
      ${paragraphs([...ARTICLE.slice(2), CONFIGURE, USAGE])}</div></article></main></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/predictions');
    for (const sentence of [...ARTICLE, INSTALL, CONFIGURE, USAGE]) expect(text).toContain(sentence);
    expect(text).toContain('tide_23 = predict(harbour, day=23');
  });

  it("keeps every line of a Doxygen code fragment (a div per line, no pre), its linked names and its comments", () => {
    const line = (code: string) => `<div class="line">${code}</div>`;
    const fragment = `<div class="fragment">${[
      `<span class="keyword">namespace </span><a class="code hl_namespace" href="namespacetidepool.html">tidepool</a> {`,
      `<span class="comment">// Where the settings file is read from.</span>`,
      `<a class="code hl_class" href="classSettings.html">Settings</a> settings = <a class="code hl_function" href="group__io.html#ga1">load</a>(<span class="stringliteral">"tides.json"</span>);`,
      '}',
    ].map(line).join('\n')}</div>`;
    const html = `<html><head><title>Tidepool: Configuration</title></head><body>
      <div id="top"><div id="titlearea">Tidepool 2.1</div></div>
      <div><div class="header"><div class="headertitle"><div class="title">Configuration</div></div></div>
        <div class="contents"><div class="textblock">${paragraphs(ARTICLE.slice(0, 2))}<p><b>Example:</b></p>${fragment}${paragraphs(ARTICLE.slice(2))}</div></div></div>
      </body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/configuration.html');
    for (const code of ['namespace tidepool {', '// Where the settings file is read from.', 'Settings settings = load("tides.json");']) expect(text).toContain(code);
    for (const sentence of ARTICLE) expect(text).toContain(sentence);
  });

  it('keeps a Doxygen code fragment whose names are nearly all links to their definitions', () => {
    const names = ['tidepool::Table', 'tidepool::Gauge', 'tidepool::Station', 'tidepool::Listener'];
    const fragment = `<div class="fragment">${[
      '<span class="keyword">import</span> tidepool;',
      ...names.map((name) => `<span class="keyword">using</span> <a class="code hl_class" href="class${name.replace('::', '_')}.html">${name}</a>;`),
    ].map((code) => `<div class="line">${code}</div>`).join('\n')}</div>`;
    const html = `<html><head><title>Tidepool: Modules</title></head><body>
      <div><div class="header"><div class="headertitle"><div class="title">Modules</div></div></div>
        <div class="contents"><div class="textblock">${paragraphs(ARTICLE.slice(0, 2))}${fragment}${paragraphs(ARTICLE.slice(2))}</div></div></div>
      </body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/modules.html');
    for (const name of names) expect(text).toContain(`using ${name};`);
    for (const sentence of ARTICLE) expect(text).toContain(sentence);
  });

  it("keeps a TypeScript API's documentation, which TypeDoc names tsd-comment, and still drops a comment thread", () => {
    const comment = (sentences: readonly string[]) => `<div class="tsd-comment tsd-typography">${paragraphs(sentences)}</div>`;
    const member = (name: string, about: string) => `<section class="tsd-panel tsd-member"><h3 class="tsd-anchor-link">${name}</h3>
      <ul class="tsd-signatures"><li class="tsd-signature">${name}(harbour: string): Promise&lt;Tide&gt;</li><li class="tsd-description">${comment([about])}
      <div class="tsd-parameters"><h4>Parameters</h4><ul class="tsd-parameter-list"><li><span>harbour: string</span>${comment(['The harbour whose tides are wanted.'])}</li></ul></div></li></ul></section>`;
    const html = `<html><head><title>TideClient | tidepool</title></head><body>
      <div class="container container-main"><div class="col-content">
        <div class="tsd-page-title"><h1>Class TideClient</h1></div>
        <section class="tsd-panel tsd-comment">${comment(ARTICLE.slice(0, 2))}</section>
        <section class="tsd-panel-group tsd-member-group"><h2>Methods</h2>
          ${member('nextHigh', CONFIGURE)}${member('nextLow', USAGE)}${member('heightAt', INSTALL)}${member('range', ARTICLE[2] as string)}
        </section>
        <div class="comments"><h3>Comments</h3><p>Great library, thanks! Saved me a day of work on our ferry app, really.</p></div>
      </div></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/classes/TideClient.html');
    for (const line of [...ARTICLE.slice(0, 3), CONFIGURE, USAGE, INSTALL, 'The harbour whose tides are wanted.']) expect(text).toContain(line);
    expect(text).not.toContain('Great library');
  });

  it("keeps a Java class's description and details around its member summary, which links to them on the page (#method)", () => {
    const members = Array.from({ length: 12 }, (_unused, index) => [`tide${index}At`, `Returns the tide of kind ${index} at the given instant as the chart predicts it.`]);
    const html = `<html><head><title>Tide (tidepool 2.1 API)</title></head><body>
      <header role="banner" class="flex-header"><nav><a href="index.html">Overview</a> <a href="package-summary.html">Package</a></nav></header>
      <div class="flex-content"><main role="main"><div class="header"><h1 title="Class Tide" class="title">Class Tide</h1></div>
        <section class="class-description" id="class-description"><div class="type-signature">public final class Tide extends Object</div>
          <div class="horizontal-scroll"><div class="block"><p>${ARTICLE[0]}</p></div></div></section>
        <section class="summary"><ul class="summary-list"><li><section class="method-summary" id="method-summary"><h2>Method Summary</h2>
          <div class="summary-table three-column-summary">${members.map(([name, about]) => `<div class="col-first"><code>static &lt;T extends <a href="Tide.html">Tide</a>&gt; <a href="Time.html">Time</a>&lt;T&gt;</code></div><div class="col-second"><code><a href="#${name}(java.time.Instant)">${name}</a>(<a href="https://docs.example/java/Instant.html">java.time.Instant</a> at)</code></div><div class="col-last"><div class="block">${about}</div></div>`).join('')}</div>
        </section></li></ul></section>
        <section class="details"><ul class="details-list"><li><section class="method-details" id="method-detail"><h2>Method Details</h2><ul class="member-list">
          ${members.map(([name, about]) => `<li><section class="detail" id="${name}(java.time.Instant)"><h3>${name}</h3><div class="horizontal-scroll"><div class="member-signature">public Time ${name}(Instant at)</div><div class="block"><p>${about}</p></div></div></section></li>`).join('')}
        </ul></section></li></ul></section>
      </main></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/api/Tide.html');
    for (const line of [ARTICLE[0] as string, 'Method Summary', 'Method Details', 'public Time tide11At(Instant at)']) expect(text).toContain(line);
  });

  it("keeps a Java class's description and details beside its summary table, whose signatures' commas are code, not clauses", () => {
    const methods = Array.from({ length: 16 }, (_unused, index) => `predict${index}`);
    const parameters = '(java.lang.String harbour, java.time.LocalDate day, int hour, java.lang.String units, java.lang.String datum)';
    const html = `<html><head><title>Tide (tidepool 2.1 API)</title></head><body>
      <div class="topNav"><ul class="navList"><li><a href="overview-summary.html">Overview</a></li><li><a href="package-summary.html">Package</a></li></ul></div>
      <div class="header"><h2 title="Class Tide" class="title">Class Tide</h2></div>
      <div class="contentContainer">
        <div class="description"><ul class="blockList"><li class="blockList"><pre>public class Tide extends java.lang.Object</pre><div class="block">${paragraphs(ARTICLE.slice(0, 2))}</div></li></ul></div>
        <div class="summary"><ul class="blockList"><li class="blockList"><ul class="blockList"><li class="blockList"><h3>Method Summary</h3>
          <table class="memberSummary"><caption><span>Methods</span></caption><tr><th class="colFirst">Modifier and Type</th><th class="colLast">Method and Description</th></tr>
          ${methods.map((name) => `<tr><td class="colFirst"><code>Tide</code></td><td class="colLast"><code><a href="#${name}">${name}</a>${parameters}</code><div class="block">Predicts the tide.</div></td></tr>`).join('')}
          </table></li></ul></li></ul></div>
        <div class="details"><ul class="blockList"><li class="blockList"><ul class="blockList"><li class="blockList"><h3>Method Detail</h3>
          ${methods.map((name) => `<a name="${name}"></a><ul class="blockList"><li class="blockList"><h4>${name}</h4><pre>public Tide ${name}${parameters}</pre><div class="block">Predicts the tide at a harbour.</div></li></ul>`).join('')}
          <ul class="blockListLast"><li class="blockList"><h4>toString</h4><pre>public java.lang.String toString()</pre><div class="block">${paragraphs(ARTICLE.slice(2))}</div></li></ul>
        </li></ul></li></ul></div>
      </div></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/api/Tide.html');
    for (const line of [...ARTICLE, 'Method Summary', 'Method Detail', 'public Tide predict15(java.lang.String harbour']) expect(text).toContain(line);
  });

  it("keeps a Java class's description and summary above its members' details, which win alone but are what the summary links to", () => {
    const methods = Array.from({ length: 30 }, (_unused, index) => `predict${index}`);
    const html = `<html><head><title>Tide (tidepool 2.1 API)</title></head><body>
      <div class="topNav"><ul class="navList"><li><a href="../overview-summary.html">Overview</a></li></ul>
        <ul class="subNavList"><li>Detail:&nbsp;</li><li><a href="#method.detail">Method</a></li></ul></div>
      <div class="header"><h2 title="Class Tide" class="title">Class Tide</h2></div>
      <div class="contentContainer">
        <div class="description"><ul class="blockList"><li class="blockList"><pre>public class Tide extends java.lang.Object</pre><div class="block">${ARTICLE[0]}</div></li></ul></div>
        <div class="summary"><ul class="blockList"><li class="blockList"><ul class="blockList"><li class="blockList"><a name="method.summary"></a><h3>Method Summary</h3>
          <table class="memberSummary"><tr><th class="colFirst">Modifier and Type</th><th class="colLast">Method and Description</th></tr>
          ${methods.map((name) => `<tr><td class="colFirst"><code>Time</code></td><td class="colLast"><code><a href="../tidepool/Tide.html#${name}--">${name}</a>()</code></td></tr>`).join('')}
          </table></li></ul></li></ul></div>
        <div class="details"><ul class="blockList"><li class="blockList">
          <ul class="blockList"><li class="blockList"><a name="field.detail"></a><h3>Field Detail</h3><a name="DATUM"></a><ul class="blockList"><li class="blockList"><h4>DATUM</h4><pre>public static final java.lang.String DATUM</pre></li></ul></li></ul>
          <ul class="blockList"><li class="blockList"><a name="constructor.detail"></a><h3>Constructor Detail</h3><a name="Tide--"></a><ul class="blockList"><li class="blockList"><h4>Tide</h4><pre>public Tide()</pre></li></ul></li></ul>
          <ul class="blockList"><li class="blockList"><a name="method.detail"></a><h3>Method Detail</h3>
          ${methods.map((name, index) => `<a name="${name}--"></a><ul class="blockList"><li class="blockList"><h4>${name}</h4><pre>public Time ${name}()</pre><div class="block">${paragraphs(ARTICLE.slice(1 + (index % 2)))}</div></li></ul>`).join('')}
          </li></ul>
        </li></ul></div>
      </div></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/api/tidepool/Tide.html');
    for (const line of [ARTICLE[0] as string, 'Method Summary', 'public Tide()', 'public Time predict29()']) expect(text).toContain(line);
    expect(text).not.toContain('Overview');
  });

  it("keeps a listing whose highlighter's wrapper has a class that reads as page furniture (VuePress's extra-class)", () => {
    const listing = "const tides = predict('harbour', { days: 7 });\nconsole.log(tides.nextHigh);";
    const html = `<html><head><title>Predicting tides | Tidepool</title></head><body>
      <main class="page"><div class="theme-default-content content__default"><h1>Predicting tides</h1>${paragraphs(ARTICLE.slice(0, 2))}
        <div class="language-js extra-class"><pre class="language-js"><code>${listing}</code></pre></div>${paragraphs(ARTICLE.slice(2))}</div></main>
      </body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/guide/predicting.html');
    for (const line of [...ARTICLE, ...listing.split('\n')]) expect(text).toContain(line);
  });

  it('keeps a short tip set apart in the text, though a link is much of it', () => {
    const html = `<html><head><title>Predicting tides | Tidepool</title></head><body>
      <main class="page"><div class="theme-default-content"><h1>Predicting tides</h1>${paragraphs(ARTICLE.slice(0, 2))}
        <div class="custom-block tip"><p class="custom-block-title">TIP</p><p>Please refer to <a href="https://tides.example/tables">the harbour authority's tide tables</a> for the hours of each high water.</p></div>
        ${paragraphs(ARTICLE.slice(2))}</div></main>
      </body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/guide/predicting.html');
    for (const line of [...ARTICLE, 'TIP', "Please refer to the harbour authority's tide tables for the hours of each high water."]) expect(text).toContain(line);
  });

  it("leaves out what only screen readers hear beside the text (\"(opens new window)\", a permalink's \"Section titled\"), not an icon link's name", () => {
    const html = `<html><head><title>Predicting tides | Tidepool</title></head><body>
      <main class="page"><div class="content"><h1>Predicting tides</h1>
        <h2 id="tables">Tables<a class="anchor-link" href="#tables"><span class="sr-only">Section titled Tables</span></a></h2>${paragraphs(ARTICLE.slice(0, 2))}
        <p>The tables come from <a href="https://tides.example/tables">the harbour authority<span><svg aria-hidden="true"></svg><span class="sr-only">(opens new window)</span></span></a> every month.</p>
        <p>Download them as a spreadsheet: <a href="https://tides.example/tables.csv"><svg aria-hidden="true"></svg><span class="visually-hidden">tide tables (CSV)</span></a>.</p>
        ${paragraphs(ARTICLE.slice(2))}</div></main>
      </body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/guide/predicting.html');
    for (const line of [...ARTICLE, 'The tables come from the harbour authority every month.', 'tide tables (CSV)']) expect(text).toContain(line);
    for (const line of ['opens new window', 'Section titled']) expect(text).not.toContain(line);
  });

  it('keeps a callout marked role="alert" among the text\'s paragraphs, and still drops an alert over the page', () => {
    const html = `<html><head><title>Escalation rules | Tidepool help</title></head><body>
      <div class="alert alert-warning" role="alert">Your session expires in five minutes.</div>
      <div class="post-content"><h1>Escalation rules</h1>${paragraphs(ARTICLE.slice(0, 2))}
        <div class="alert alert-info" role="alert"><p><strong>Order of rules</strong></p><p>Rules run from the shortest delay to the longest, whatever order they were added in.</p></div>
        ${paragraphs(ARTICLE.slice(2))}</div>
      </body></html>`;
    const { text } = exported(html, 'https://help.example/tidepool/escalation-rules.html');
    for (const line of [...ARTICLE, 'Order of rules', 'Rules run from the shortest delay to the longest, whatever order they were added in.']) expect(text).toContain(line);
    expect(text).not.toContain('session expires');
  });

  it("keeps a module's summary, each function's signature a link in a block named as a signature (ExDoc's summary-signature)", () => {
    const functions = ['add_station(station, opts \\\\ [])', 'close(opts \\\\ [])', 'predict(station, day)', 'subscribe(pid, opts \\\\ [])', 'tides(station)'];
    const html = `<html><head><title>Tidepool.Client — tidepool v0.1.0</title></head><body>
      <div class="content-inner"><h1>Tidepool.Client</h1><section id="moduledoc">${paragraphs(ARTICLE.slice(0, 2))}</section>
        <section id="summary" class="details-list"><h1 class="section-heading">Summary</h1><div class="summary-functions summary"><h2><a href="#functions">Functions</a></h2>
          ${functions.map((signature) => `<div class="summary-row"><div class="summary-signature"><a href="#${signature.split('(')[0]}/1">${signature}</a></div><div class="summary-synopsis"><p>Predicts what the station's tide gauge reads.</p></div></div>`).join('')}
        </div></section>
        <section id="functions" class="details-list">${paragraphs(ARTICLE.slice(2))}</section></div>
      </body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/Tidepool.Client.html');
    for (const line of [...ARTICLE, ...functions]) expect(text).toContain(line);
  });

  it('leaves out a list beside the article that links to its headings (a table of contents is no index of members)', () => {
    const sections = ['Tides', 'Currents', 'Charts', 'Datums'];
    const html = `<html><head><title>Reading tides - Tidepool docs</title></head><body>
      <div class="container"><div class="row"><div class="col col-9"><div class="markdown"><h1>Reading tides</h1>
        ${sections.map((name, index) => `<h2 id="${name.toLowerCase()}">${name}</h2>${paragraphs(ARTICLE.slice(index % 2))}`).join('')}</div></div>
      <div class="col col-3"><p>Contents of this page</p><ul>${sections.map((name) => `<li><a href="#${name.toLowerCase()}">${name}</a></li>`).join('')}</ul></div></div></div>
      </body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/reading-tides');
    for (const line of [...ARTICLE, 'Datums']) expect(text).toContain(line);
    expect(text).not.toContain('Contents of this page');
  });

  it("keeps a Java class's description and its members' details, which Javadoc wraps in horizontal-scroll boxes", () => {
    const html = `<html><head><title>Tide (tidepool 2.1 API)</title></head><body>
      <header role="banner" class="flex-header"><nav><a href="index.html">Overview</a> <a href="package-summary.html">Package</a></nav></header>
      <div class="flex-content"><main role="main"><div class="header"><h1 title="Class Tide" class="title">Class Tide</h1></div>
        <section class="class-description" id="class-description"><div class="type-signature">public final class Tide extends Object</div>
          <div class="horizontal-scroll"><div class="block">${paragraphs(ARTICLE.slice(0, 2))}</div></div></section>
        <section class="summary"><ul class="summary-list"><li><section class="method-summary" id="method-summary"><h2>Method Summary</h2>
          <div class="summary-table three-column-summary">${TIDE_MEMBERS.map(([name, about]) => `<div class="col-first">Time</div><div class="col-second"><code><a href="#${name}()">${name}</a>()</code></div><div class="col-last"><div class="block">${about}</div></div>`).join('')}</div>
        </section></li></ul></section>
        <section class="details"><ul class="details-list"><li><section class="method-details" id="method-detail"><h2>Method Details</h2><ul class="member-list">
          ${TIDE_MEMBERS.map(([name, about]) => `<li><section class="detail" id="${name}()"><h3>${name}</h3><div class="horizontal-scroll"><div class="member-signature">public Time ${name}()</div><div class="block"><p>${about}</p><p>${ARTICLE[2]}</p></div></div></section></li>`).join('')}
        </ul></section></li></ul></section>
      </main></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/api/Tide.html');
    for (const line of [...ARTICLE.slice(0, 3), 'public Time heightAt()']) expect(text).toContain(line);
  });

  it('keeps headings named for what they head (section-header, code-header), which read as a page header by name', () => {
    const html = `<html><head><title>Tide in tidepool - Docs</title></head><body>
      <section id="main-content" class="content"><div class="docblock">${paragraphs(ARTICLE)}</div>
        <h2 id="implementations" class="section-header">Implementations</h2>
        <div class="impl-items"><h4 class="code-header">pub fn next_high(&amp;self) -&gt; Time</h4><div class="docblock"><p>${USAGE}</p></div></div>
      </section></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/struct.Tide.html');
    for (const line of ['Implementations', 'pub fn next_high(&self) -> Time', USAGE]) expect(text).toContain(line);
  });
});

describe('documentation sites and help centres of other makes', () => {
  it('keeps a listing that SyntaxHighlighter reads from a textarea named code, as it shows it', () => {
    const listing = 'abstract class Bike {\n  abstract void run();\n}';
    const html = `<html><head><title>Abstract classes - Tidepool tutorial</title></head><body><div id="city"><h1>Abstract classes</h1>
      ${paragraphs(ARTICLE.slice(0, 2))}<div class="codeblock"><textarea name="code" class="java">${listing}</textarea></div>${paragraphs(ARTICLE.slice(2))}
      </div><form class="comments"><textarea name="comment"></textarea></form></body></html>`;
    const { text } = exported(html, 'https://tutorial.example/abstract-class');
    for (const line of [...ARTICLE, ...listing.split('\n')]) expect(text).toContain(line);
  });

  it("keeps the prose before a long listing that a highlighter lays out a div per line without pre (Crayon's crayon-line)", () => {
    const lines = Array.from({ length: 60 }, (_line, i) => `DATA tide_${i} TYPE STANDARD TABLE OF harbour_tides.`);
    const html = `<html><head><title>Reading tides in ABAP – Knowledge base</title></head><body><div id="eckb-article-content-body">
      <p>${ARTICLE[0]}</p><div class="crayon-syntax"><div class="crayon-main"><table class="crayon-table"><tr class="crayon-row">
        <td class="crayon-nums"><div class="crayon-nums-content">${lines.map((_line, i) => `<div class="crayon-num">${i + 1}</div>`).join('')}</div></td>
        <td class="crayon-code"><div class="crayon-pre">${lines.map((line) => `<div class="crayon-line"><span class="crayon-e">${line}</span></div>`).join('')}</div></td>
      </tr></table></div></div></div><div class="sidebar"><p>Popular articles this week</p></div></body></html>`;
    const { text } = exported(html, 'https://kb.example/abap-notes/reading-tides/');
    for (const line of [ARTICLE[0], lines[0], lines[57]]) expect(text).toContain(line);
  });

  it("leaves out a listing's line numbers, in a gutter beside it (SyntaxHighlighter's, Pygments') or before each line (Sphinx's)", () => {
    const lines = ['const tide = next(harbour);', 'print(tide.time);', 'print(tide.height);'];
    const gutter = (cellClass: string) => `<td class="${cellClass}">${lines.map((_line, i) => `<div class="line">${i + 1}</div>`).join('')}</td>`;
    const html = `<html><head><title>Reading tides - Tidepool docs</title></head><body><main><h1>Reading tides</h1>${paragraphs(ARTICLE.slice(0, 2))}
      <div class="syntaxhighlighter js"><table><tr>${gutter('gutter')}<td class="code"><pre>${lines.map((line) => `<div class="line"><code>${line}</code></div>`).join('')}</pre></td></tr></table></div>
      <table class="highlighttable"><tr>${gutter('linenos')}<td class="code"><pre>${lines.join('\n')}</pre></td></tr></table>
      ${paragraphs(ARTICLE.slice(2))}<div class="highlight"><pre>${lines.map((line, i) => `<span class="linenos">${i + 1}</span>${line}`).join('\n')}</pre></div>
      </main></body></html>`;
    const { text, markdown } = exportPage(html, { url: 'https://docs.example/tides', onlyMainContent: true, formats: ['text', 'markdown'] });
    for (const line of [...ARTICLE, ...lines]) expect(text).toContain(line);
    for (const output of [text, markdown]) {
      expect(output).not.toMatch(/^\s*[123]\s*$/m);
      expect(output).not.toMatch(/[123]const tide/);
    }
  });

  it("ends no Markdown heading in the heading's own permalink (Sphinx's ¶, a #, an icon), and keeps a heading that is a link", () => {
    const html = `<html><head><title>Reading tides - Tidepool docs</title></head><body><main><h1>Reading tides<a class="headerlink" href="#reading-tides" title="Permalink">¶</a></h1>
      <h2 id="charts">Charts <a class="anchor" href="#charts">#</a></h2>${paragraphs(ARTICLE.slice(0, 2))}
      <h2 id="datums"><a href="#datums" aria-label="Link to this section"><svg viewBox="0 0 16 16"><path d="M4 4h8"></path></svg></a>Datums</h2>${paragraphs(ARTICLE.slice(2))}
      <h2><a href="#tables">Tide tables</a></h2><p>${ARTICLE[0]}</p></main></body></html>`;
    const { markdown } = exportPage(html, { url: 'https://docs.example/tides', onlyMainContent: true, formats: ['markdown'] });
    expect(markdown).toMatch(/^## Charts$/m);
    expect(markdown).toMatch(/^## Datums$/m);
    expect(markdown).toContain('[Tide tables](https://docs.example/tides#tables)');
    expect(markdown).not.toContain('¶');
    expect(markdown).not.toContain('#charts');
  });

  it("leaves out the sidebar of a section's other articles, though its name begins with article (Zendesk's article-sidebar)", () => {
    const others = ['Changing the e-mail address on your account', 'Deleting your account', 'Printing a novel you posted'];
    const html = `<html><head><title>If you encounter an issue – Help Center</title></head><body><main><div class="container">
      <div class="article-container" id="article-container">
        <section class="article-sidebar"><section class="section-articles collapsible-sidebar"><h3>Articles in this section</h3>
          <ul>${others.map((title, i) => `<li><a href="/hc/articles/${i}">${title}</a></li>`).join('')}</ul></section></section>
        <article class="article"><h1>If you encounter an issue</h1><section class="article-info"><div class="article-content"><div class="article-body">${paragraphs(ARTICLE)}</div></div></section></article>
      </div></div></main></body></html>`;
    const { text } = exported(html, 'https://help.example/hc/articles/7-If-you-encounter-an-issue');
    for (const sentence of ARTICLE) expect(text).toContain(sentence);
    for (const title of ['Articles in this section', ...others]) expect(text).not.toContain(title);
  });

  it("leaves out a list of the category's sections named as navigation by a word of its name (section-nav, sidenav-item)", () => {
    const sections = ['Quickstart and pairing', 'Controlling sound', 'Streaming audio', 'Battery and charging'];
    const html = `<html><head><title>Battery life tips – Help Center</title></head><body><main><div class="container">
      <div class="article-container" id="article-container"><ul id="section-nav">${sections.map((title, i) => `<li><a class="sidenav-item" href="/hc/sections/${i}">${title}</a></li>`).join('')}</ul>
        <article class="article"><h1>Battery life tips</h1><section class="article-info"><div class="article-content"><div class="article-body">${paragraphs(ARTICLE)}</div></div></section></article>
      </div></div></main></body></html>`;
    const { text } = exported(html, 'https://help.example/hc/articles/8-Battery-life-tips');
    for (const sentence of ARTICLE) expect(text).toContain(sentence);
    for (const title of sections) expect(text).not.toContain(title);
  });

  it('leaves out a cookie consent form named only by the address it posts the choice to', () => {
    const html = `<html><head><title>Harbour lantern</title></head><body>
      <span data-action="sp-cc"><form id="sp-cc" method="post" action="/cookieprefs?ref_=portal_banner_all"><div class="sp-cc-text"><h4>Choose your cookie preferences</h4>
        <p>We use cookies and similar tools, which are necessary to enable you to make purchases, to enhance your shopping experiences and to provide our services, as detailed in our cookie notice.</p></div>
        <input type="submit" name="accept" value="Accept cookies"></form></span>
      <div id="dp"><h1>Harbour lantern</h1><div id="productDescription"><p>${ARTICLE[0]}</p></div></div></body></html>`;
    const { text } = exported(html, 'https://shop.example/dp/B00LANTERN');
    expect(text).toContain(ARTICLE[0]);
    expect(text).not.toContain('cookie');
  });
});

describe('an API reference', () => {
  const USAGE = [
    'A table is read once from the authority, and every later question about the tide is answered from memory, without a second request.',
    'Heights are in metres above the chart datum, and times are in the harbour time zone, which changes twice a year with summer time.',
    'Tables for the island pier are published separately, because its gauge stands on the far side of the breakwater and reads higher.',
    'A table older than a year is refused, since the authority corrects its predictions each spring against the readings of the year before.',
  ];

  it("keeps each function's header, its signature and type spec, though the header is named one (ExDoc's detail-header)", () => {
    const detail = ([name, description]: readonly string[]) => `<div class="detail" id="${name}/2">
      <div class="detail-header"><a href="#${name}/2" class="detail-link" title="Link to this function"><span class="sr-only">Link to this function</span></a>
        <span class="signature">${name}(chart, instant)</span><div class="specs"><pre>${name}(Chart.t(), DateTime.t()) :: DateTime.t()</pre></div></div>
      <section class="docstring"><p>${description}</p></section></div>`;
    const html = `<html><head><title>Tidepool.Chart – tidepool v1.2.2</title></head><body>
      <header class="site-header"><a href="/">Tidepool</a> <a href="/api">API</a></header>
      <section id="content"><h1>Tidepool.Chart</h1><section id="moduledoc">${paragraphs(USAGE)}</section>
        <section id="functions" class="details-list"><h1 class="section-heading">Functions</h1>${TIDE_MEMBERS.map(detail).join('')}</section></section></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/Tidepool.Chart.html');
    for (const [name, description] of TIDE_MEMBERS) {
      expect(text).toContain(`${name}(chart, instant)`);
      expect(text).toContain(`${name}(Chart.t(), DateTime.t()) :: DateTime.t()`);
      expect(text).toContain(description);
    }
    expect(text).not.toContain('API');
  });

  it('leaves out where each member is defined in the source (JSDoc\'s "Source: tide.js, line 42")', () => {
    const member = ([name, description]: readonly string[], i: number) => `<h4 class="name" id="${name}">${name}(when)</h4><div class="description">${description}</div>
      <dl class="details"><dt class="tag-source">Source:</dt><dd class="tag-source"><ul class="dummy"><li><a href="tide.js.html">tide.js</a>, <a href="tide.js.html#line${40 + i}">line ${40 + i}</a></li></ul></dd></dl>`;
    const html = `<html><head><title>JSDoc: Class: TideTable</title></head><body><div id="main"><h1 class="page-title">Class: TideTable</h1>
      <section><article><div class="container-overview">${paragraphs(USAGE)}</div><h3 class="subsection-title">Methods</h3>${TIDE_MEMBERS.map(member).join('')}</article></section></div>
      <nav><h2><a href="index.html">Home</a></h2></nav></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/TideTable.html');
    for (const sentence of [...USAGE, ...TIDE_MEMBERS.map(([, description]) => description)]) expect(text).toContain(sentence);
    for (const line of ['Source:', 'tide.js', 'line 40']) expect(text).not.toContain(line);
  });

  it('keeps a module whose id names it with dots, though a word of the path reads as an extra (Sphinx)', () => {
    const html = `<html><head><title>Tide charts - Tidepool docs</title></head><body><main><article>
      <section id="tide-charts"><h1>Tide charts</h1>${paragraphs(ARTICLE)}
        <section id="module-tidepool.extra.charts"><h2>API</h2>${TIDE_MEMBERS.map(([name, description]) => `<dl class="py function"><dt id="tidepool.extra.charts.${name}">tidepool.extra.charts.${name}(when)</dt><dd><p>${description}</p></dd></dl>`).join('')}</section>
      </section></article></main></body></html>`;
    const { text } = exported(html, 'https://docs.example/charts.html');
    for (const [name, description] of TIDE_MEMBERS) {
      expect(text).toContain(`tidepool.extra.charts.${name}(when)`);
      expect(text).toContain(description);
    }
  });

  it("keeps a class's tables of members nested deeper than its description (Dokka), but not teasers of other pages nested as deep", () => {
    const nested = (inner: string) => `<div><div class="title"><div class="platform-hinted"><div class="content">${inner}</div></div></div></div>`;
    const row = ([name, description]: readonly string[]) =>
      `<div class="table-row"><div class="main-subrow"><div><a href="${name}.html">${name}</a></div>${nested(`<div class="symbol">fun ${name}(): Tide</div><p class="paragraph">${description}</p>`)}</div></div>`;
    const html = `<html><head><title>TideTable</title></head><body><div id="main"><div class="main-content" id="content">
      <div class="cover"><h1 class="cover">TideTable</h1><div class="platform-hinted"><div class="content"><div class="symbol">class TideTable</div>${paragraphs([...ARTICLE, ...USAGE])}</div></div></div>
      <div class="tabbedcontent"><div class="tabs-section"><button class="section-tab">Members</button></div><div class="tabs-section-body">
        <div data-togglable="FUNCTION"><h2>Functions</h2><div class="table">${TIDE_MEMBERS.map(row).join('')}</div></div></div></div>
      <div class="more"><div class="tabs-section-body"><div><h3><a href="/api/current-table.html">CurrentTable</a></h3><div class="table">${row(['currentAt', 'Returns the speed and the set of the current at the given instant, read from the nearest station of the survey.'])}</div></div></div></div>
      </div></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/api/tide-table/index.html');
    for (const sentence of [...ARTICLE, ...USAGE]) expect(text).toContain(sentence);
    for (const [name, description] of TIDE_MEMBERS) {
      expect(text).toContain(`fun ${name}(): Tide`);
      expect(text).toContain(description);
    }
    expect(text).not.toContain('current at the given instant');
  });
  it("keeps an item's declaration and facts beside its description (Javadoc's class declaration and implemented interfaces)", () => {
    const html = `<html><head><title>TideTable (Tidepool API)</title></head><body><div class="header"><h2 title="Class TideTable" class="title">Class TideTable</h2></div>
      <div class="contentContainer"><div class="description"><ul class="blockList"><li class="blockList">
        <dl><dt>All Implemented Interfaces:</dt><dd><a href="Table.html">Table</a>, <a href="Serializable.html">Serializable</a></dd></dl><hr><br>
        <pre>public final class <span class="typeNameLabel">TideTable</span>
extends <a href="Object.html">Object</a></pre>
        <div class="block">${paragraphs([...ARTICLE, ...USAGE])}</div></li></ul></div></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/api/TideTable.html');
    for (const part of ['All Implemented Interfaces:', 'Table, Serializable', 'public final class TideTable', ...ARTICLE, ...USAGE]) expect(text).toContain(part);
  });
  it('keeps signatures set in monospace without code elements, whose types link to their pages (Dokka)', () => {
    const types = (names: string[]) => names.map((name) => `<a href="../${name.toLowerCase()}/index.html">${name}</a>`).join(', ');
    const html = `<html><head><title>onTide</title></head><body><div class="main-content" id="content">
      <div class="cover"><h1>onTide</h1><div class="platform-hinted"><div class="content">
        <div class="symbol monospace">open fun <a href="on-tide.html">onTide</a>(table: ${types(['TideTable'])}, gauge: ${types(['Gauge'])}, listener: ${types(['TideListener'])}): ${types(['Unit'])}</div>
        ${paragraphs(ARTICLE)}
        <div class="symbol monospace">open fun <a href="on-tide.html">onTide</a>(table: ${types(['TideTable'])}, station: ${types(['Station'])}): ${types(['Unit'])}</div>
        ${paragraphs(USAGE)}</div></div></div></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/api/tide-listener/on-tide.html');
    for (const sentence of [...ARTICLE, ...USAGE]) expect(text).toContain(sentence);
    expect(text).toContain('open fun onTide(table: TideTable, gauge: Gauge, listener: TideListener): Unit');
    expect(text).toContain('open fun onTide(table: TideTable, station: Station): Unit');
  });
  it("keeps a Java class's inheritance tree, each class in it a link to its page (Javadoc's and DocFX's div.inheritance)", () => {
    const tree = ['java.lang.Object', 'java.lang.Throwable', 'java.lang.Exception', 'java.lang.RuntimeException'].reduceRight(
      (inner, name) => `<div class="inheritance" title="Inheritance Tree"><a href="https://docs.example/java/${name}.html" class="external-link">${name}</a>${inner}</div>`,
      '<div class="inheritance">org.tidepool.TideException</div>',
    );
    const html = `<html><head><title>TideException (Tidepool API)</title></head><body><main role="main"><div class="header"><h1 title="Class TideException" class="title">Class TideException</h1></div>
      ${tree}<section class="class-description"><dl class="notes"><dt>All Implemented Interfaces:</dt><dd><a href="Serializable.html">Serializable</a></dd></dl>
      <div class="type-signature"><span class="modifiers">public class </span><span class="element-name">TideException</span> extends RuntimeException</div>
      <div class="block">${paragraphs(USAGE)}</div></section></main></body></html>`;
    const { text } = exported(html, 'https://docs.example/api/TideException.html');
    for (const part of ['java.lang.Object', 'java.lang.Throwable', 'java.lang.RuntimeException', 'org.tidepool.TideException', 'All Implemented Interfaces:', ...USAGE]) expect(text).toContain(part);
  });

  it("keeps a C++ class's summary of members and their declarations, whose types link to their pages, and a member's short description beside links to its source (Doxygen)", () => {
    const members = [['Tide', 'height', 'The height of the water above the chart datum, in metres.'], ['Tide', 'turn', 'When the tide turns.'],
      ['Gauge', 'gauge', 'The station whose gauge read it.'], ['Table', 'table', 'The table the reading was checked against.']];
    const link = (name: string) => `<a class="el" href="class${name}.html">${name}</a>`;
    const html = `<html><head><title>Tidepool: Reading Class Reference</title></head><body><div id="top"><div id="projectname">Tidepool 1.2</div></div>
      <div class="header"><div class="headertitle"><div class="title">Reading Class Reference</div></div></div>
      <div class="contents"><p>A reading of a gauge. <a href="#details">More...</a></p>
        <table class="memberdecls"><tr class="heading"><td colspan="2"><h2 class="groupheader">Public Attributes</h2></td></tr>
        ${members.map(([type, name, brief]) => `<tr class="memitem:${name}"><td class="memItemLeft" align="right" valign="top">${link(type as string)}&lt; ${link('Unit')} &gt;&#160;</td><td class="memItemRight" valign="bottom"><a class="el" href="#${name}">${name}</a></td></tr><tr class="memdesc:${name}"><td class="mdescLeft">&#160;</td><td class="mdescRight">${brief}<br></td></tr>`).join('')}</table>
        <a name="details" id="details"></a><h2 class="groupheader">Detailed Description</h2><div class="textblock">${paragraphs(USAGE.slice(0, 1))}</div>
        <h2 class="groupheader">Member Data Documentation</h2>
        ${members.map(([type, name, brief]) => `<a id="${name}"></a><h2 class="memtitle">${name}</h2><div class="memitem"><div class="memproto"><table class="memname"><tr><td class="memname">${link(type as string)}&lt; ${link('Unit')} &gt; ${link('Reading')}::${name}</td></tr></table></div>
          <div class="memdoc"><p>${brief}</p><p class="definition">Definition at line <a class="el" href="reading_8hpp_source.html#l00101">101</a> of file <a class="el" href="reading_8hpp_source.html">reading.hpp</a>.</p><p class="reference">Referenced by <a class="el" href="#turn">turn()</a>.</p></div></div>`).join('')}
      </div></body></html>`;
    const { text } = exported(html, 'https://docs.example/api/classReading.html');
    expect(text).toContain(USAGE[0]);
    for (const [type, name, brief] of members) {
      expect(text).toContain(`${type}< Unit > | ${name}`);
      expect(text).toContain(`${type}< Unit > Reading::${name}`);
      expect(text.split(brief as string).length - 1).toBe(2);
    }
  });

  it("keeps a page whose marked content is only an index of links under headings (a namespace's classes), not a line beside it", () => {
    const classes = ['TideTable', 'TideReading', 'GaugeStation', 'ChartDatum', 'HarbourClock', 'CurrentSet', 'Breakwater', 'PierGauge', 'SurveyLog', 'TideListener', 'TideSource', 'Forecast',
      'HighWater', 'LowWater', 'Springs', 'Neaps', 'SlackWater', 'TidalStream', 'Soundings', 'MeanSeaLevel', 'RangeTable', 'Almanac', 'StationIndex', 'Observation'];
    const html = `<html><head><title>Namespace Tidepool.Tables</title></head><body><header><nav><a href="/">Tidepool</a></nav></header>
      <div class="container body-content" role="main"><div class="sidenav"><div class="sidetoggle"><button type="button">Show / Hide Table of Contents</button> <a href="#toc">Show / Hide Table of Contents</a></div></div>
        <div class="article row"><article class="content wrap" id="_content"><h1>Namespace Tidepool.Tables</h1><div class="markdown summary"></div>
          <h3 id="classes">Classes</h3>${classes.map((name) => `<h4><a class="xref" href="Tidepool.Tables.${name}.html">Tidepool.Tables.${name}</a></h4><section></section>`).join('')}
        </article></div></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/api/Tidepool.Tables.html');
    for (const name of classes) expect(text).toContain(`Tidepool.Tables.${name}`);
    expect(text).not.toContain('Show / Hide');
  });

  it("keeps the parts of a page's main landmark under headings of their own beside its longest part, and not teasers in it that link elsewhere", () => {
    const parameters = [['table', 'The tide table to read.'], ['when', 'The instant asked about.'], ['datum', 'Where heights start.']];
    const main = (rest: string) => `<html><head><title>tideAt | Tidepool</title></head><body><nav><a href="/">Home</a> <a href="/api/">API</a></nav><main>
      <div class="intro">${paragraphs([...ARTICLE, ...USAGE])}</div>
      <section class="parameters"><h2>Parameters</h2><dl>${parameters.map(([name, about]) => `<dt><code>${name}</code></dt><dd>${about}</dd>`).join('')}</dl></section>
      ${rest}</main><footer>© Tidepool</footer></body></html>`;
    const example = '<section class="example"><h2>Example</h2><pre><code>const height = tideAt(table, new Date());</code></pre></section>';
    const { text } = exported(main(example), 'https://docs.example/api/tide-at.html');
    for (const part of [...ARTICLE, ...USAGE, 'Parameters', ...parameters.flat(), 'Example', 'const height = tideAt(table, new Date());']) expect(text).toContain(part);

    const teasers = `<section class="more"><h2>More from the harbour</h2><h3><a href="/news/fares">Ferry fares frozen until autumn</a></h3>
      <p>The harbour authority said the change was agreed after a long consultation with residents, traders and the unions, and that it would be reviewed in the spring once the new timetable has run for a full season.</p></section>`;
    const withTeasers = exported(main(teasers), 'https://docs.example/api/tide-at.html').text;
    for (const sentence of [...ARTICLE, ...USAGE]) expect(withTeasers).toContain(sentence);
    expect(withTeasers).not.toContain('Ferry fares frozen');
  });
});

describe("an article's author box", () => {
  const BIO = 'Ann Reporter joined the Harbour Herald in 2017 and covers transport, the port and the island side for the news desk.';
  const article = (bio: string) => `<html><head><title>New ferry timetable approved | Harbour Herald</title></head><body>
    <div class="wrap"><div class="content"><h1>New ferry timetable approved</h1><div class="entry-byline">By Ann Reporter, <time>3 March 2025</time></div>
      ${paragraphs(ARTICLE)}
      ${bio}</div><aside class="sidebar"><a href="/most-read">Most read</a></aside></div></body></html>`;

  it('leaves out the box about who wrote the article under it, not the article', () => {
    const { text } = exported(article(`<div class="entry-author-bio"><p>${BIO}</p><p><a href="/author/ann">More articles from Ann Reporter</a></p></div>`));
    expectArticleWithout(text, BIO, 'More articles from');
    const aboutTheAuthor = exported(article(`<section class="about-the-author"><h3>About the author</h3><p>${BIO}</p></section>`)).text;
    expectArticleWithout(aboutTheAuthor, BIO, 'About the author');
  });
});

describe('share buttons', () => {
  it("leave the page, but a heading whose id is its words about sharing stays (a section's slug is no share widget)", () => {
    const html = `<html><head><title>Share counts | Tidepool</title></head><body><main><section class="markdown-section">
      <h1 id="share-counts">Share counts</h1>${paragraphs(ARTICLE.slice(0, 2))}
      <h3 id="networks-that-share-counts">Networks that share their counts</h3>
      <ul><li><code>mastodon</code> <a href="https://joinmastodon.org">Mastodon</a></li><li><code>reddit</code> <a href="https://reddit.com">Reddit</a></li></ul>
      ${paragraphs(ARTICLE.slice(2))}
      <div class="share-buttons"><a href="https://social.example/share?u=x">Post</a> <a href="mailto:?body=x">Mail</a></div>
    </section></main></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/share-counts.html');
    expectArticleWithout(text, 'Post\n', 'Mail');
    expect(text).toContain('Networks that share their counts');
  });
});

describe('class names a CSS-in-JS library generated', () => {
  it("say nothing of a block: a styled-components hash that spells 'rss' (GitHub's issue body) is no feed box", () => {
    const REPLIES = [
      'Same here since the spring timetable: the island boat leaves before the bus from the estate arrives, so night-shift workers wait an hour.',
      'The authority says the twenty-minute service only runs at peak times; outside them it is every forty minutes, which is where the gap comes from.',
      'A fix is in the next draft: the last crossing moves to midnight and the first to five, and the bus company has agreed to meet every boat.',
      'Thanks, that answers it. I will close this once the new tables are published on the harbour authority site next month.',
    ];
    const html = `<html><head><title>Ferry timetable gap · Issue #56 · harbour/timetable</title></head><body>
      <div class="Box-sc-g0xbh4-0 bkzAXF"><div class="Box-sc-g0xbh4-0 gRssIw"><a href="/ann"><img alt="@ann" src="/a.png"></a>
        <div class="Box-sc-g0xbh4-0 bDlPR react-issue-body">${paragraphs(ARTICLE)}</div></div>
      <div class="react-comments-container">${REPLIES.map((reply, i) => `<div class="Box-sc-g0xbh4-0 dyvxqL timeline-comment" id="issuecomment-${i}"><div class="markdown-body">${paragraphs([reply])}</div></div>`).join('')}</div>
      <div class="Box-sc-g0xbh4-0 cLtwuV sidebar-metadata"><h3>Labels</h3><a href="/labels/bug">bug</a></div></div></body></html>`;
    const { text } = exported(html, 'https://code.example/harbour/timetable/issues/56');
    for (const sentence of [...ARTICLE, ...REPLIES]) expect(text).toContain(sentence);
  });
});

describe('a breadcrumb trail', () => {
  it('leaves the article, named in the singular as much as in the plural (Bootstrap\'s ol.breadcrumb)', () => {
    const html = `<html><head><title>New ferry timetable approved | Harbour Herald</title></head><body>
      <div class="content"><ol class="breadcrumb"><li><a href="/">Harbour Herald</a></li><li><a href="/news">Local news</a></li><li class="active">Ferries</li></ol>
        <h1>New ferry timetable approved</h1>${paragraphs(ARTICLE)}</div></body></html>`;
    expectArticleWithout(exported(html).text, 'Local news', 'Ferries');
  });
});

describe('counts of votes, likes and comments', () => {
  it("leave a Q&A page's posts and an article, but a review's scores stay", () => {
    const ANSWERS = [
      'Run the one test by its dotted name: python -m unittest tests.test_tides.TideTable.test_spring, from the folder above the tests package.',
      'With pytest the same test is tests/test_tides.py::TideTable::test_spring, and -k spring picks every test whose name says spring.',
    ];
    const post = (text: string, votes: number) => `<div class="answer"><div class="votecell"><div class="js-vote-count" itemprop="upvoteCount" data-value="${votes}">${votes}</div></div>
      <div class="answercell"><div class="s-prose">${paragraphs([text])}</div>
      <ul class="comments-list"><li class="comment"><div class="comment-score"><span class="cool">${votes + 7}</span></div><div class="comment-text"><span class="comment-copy">Works here too, thanks.</span></div></li></ul></div></div>`;
    const html = `<html><head><title>Running a single test from the command line - Stack Overflow</title></head><body><div id="mainbar">
      <div class="question">${post(ARTICLE[0] as string, 311)}</div><div id="answers">${ANSWERS.map((answer, i) => post(answer, 256 - i * 100)).join('')}</div></div></body></html>`;
    const { text } = exported(html, 'https://qa.example/questions/15971735/running-single-test');
    for (const sentence of [ARTICLE[0] as string, ...ANSWERS]) expect(text).toContain(sentence);
    for (const count of ['311', '256', '156', '318', '263']) expect(text).not.toContain(count);
    const review = `<html><head><title>Harbour lantern, reviewed | Harbour Herald</title></head><body><article><h1>Harbour lantern, reviewed</h1>${paragraphs(ARTICLE)}
      <table class="ratings"><tr><th>Build</th><td class="ratingsBoxScore">9</td></tr><tr><th>Light</th><td class="ratingsBoxScore">7</td></tr></table>
      <div class="comment-count">14</div></article></body></html>`;
    const reviewed = exported(review).text;
    expect(reviewed).toMatch(/Build\W+9/);
    expect(reviewed).not.toContain('14');
  });
});

describe("a section's id made of its heading's words", () => {
  it('says what the section is about, not what kind of block it is: "related" or "share" in it removes nothing', () => {
    const section = (slug: string, heading: string, sentences: readonly string[]) =>
      `<div class="section" id="${slug}"><h2>${heading}<a class="headerlink" href="#${slug}">¶</a></h2>${paragraphs(sentences)}</div>`;
    const html = `<html><head><title>Tide tables tutorial — Tidepool 2.1 documentation</title></head><body><div class="document"><div class="body" role="main">
      <div class="section" id="tide-tables-tutorial"><h1>Tide tables tutorial</h1>
      ${section('reading-a-tide-table', 'Reading a tide table', [...ARTICLE.slice(0, 2), ...TIDE_MEMBERS.map(([, description]) => description as string)])}
      ${section('default-filtering-of-related-stations', 'Default filtering of related stations', [ARTICLE[2] as string])}
      ${section('amend-a-shared-tide-table', 'Amend a shared tide table', [ARTICLE[3] as string])}
      </div></div></div><div class="related"><h3>Navigation</h3><ul><li><a href="/genindex">Index</a></li><li><a href="/py-modindex">Modules</a></li></ul></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/tutorial.html');
    expectArticleWithout(text, 'Modules');
    expect(text).toContain('Default filtering of related stations');
  });
});

describe('addresses written out as links', () => {
  it("are the text a reader follows (a tutorial's steps to try), not links off the page", () => {
    const steps = ['/tides/', '/tides/?page=2&per_page=1', '/tides/?filter{port}=Harbour'].map(
      (path, i) => `<li><dl><dt><a class="reference external" href="http://localhost:9002${path}">http://localhost:9002${path}</a></dt><dd><ul><li>${['You get the whole table.', 'Pages work.', 'So do filters.'][i]}</li></ul></dd></dl></li>`,
    );
    const html = `<html><head><title>Tutorial — Tidepool 2.1 documentation</title></head><body><div class="document"><div class="body" role="main"><div class="section" id="tutorial"><h1>Tutorial</h1>
      ${paragraphs(ARTICLE.slice(0, 3))}
      <div class="section" id="try-it-out"><h2>Try it out<a class="headerlink" href="#try-it-out">¶</a></h2><p>Try a few addresses (with the server running on port 9002):</p><ul>${steps.join('')}</ul></div>
      ${paragraphs(ARTICLE.slice(3))}</div></div></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/tutorial.html');
    expectArticleWithout(text);
    expect(text).toContain('http://localhost:9002/tides/?page=2&per_page=1');
    expect(text).toContain('So do filters.');
  });
});

describe('a prompt to sign in', () => {
  const prompt = '<div class="blockMessage blockMessage--important">Please, <a href="/login/">Log in</a> or <a href="/register/">Register</a> to view URLs content!</div>';

  it("leaves a thread's posts where the forum put it in place of each link a guest may not see", () => {
    const POSTS = [
      `Today we look at the three kinds of damage. Physical damage is reduced by armour and blocked by ${prompt}, but it passes through ${prompt} and magic immunity.`,
      `Magic damage is reduced by magic resistance alone; the spells that deal it include ${prompt} and ${prompt}, and their damage falls off with distance.`,
      'Pure damage ignores armour and resistance alike, which is why so few spells deal it and why every one of them costs so much mana.',
    ];
    const html = `<html><head><title>Kinds of damage | Game Forum</title></head><body><div class="p-body"><div class="block-container">
      ${POSTS.map((post, i) => `<article class="message message--post" id="post-${i + 1}"><div class="message-cell message-cell--user"><a href="/members/${i}">player${i}</a></div>
        <div class="message-cell message-cell--main"><article class="message-body"><div class="bbWrapper">${post}</div></article></div></article>`).join('')}
      </div></div></body></html>`;
    const { text } = exported(html, 'https://forum.example/threads/kinds-of-damage.1002/');
    for (const words of ['Physical damage is reduced by armour', 'Magic damage is reduced by magic resistance', 'Pure damage ignores armour']) expect(text).toContain(words);
    expect(text).not.toContain('to view URLs content');
  });

  it('is not a step that links to a sign-in page once', () => {
    const STEP = 'First open the console at <a href="https://console.example/login">console.example/login</a> and sign in with the account that owns the harbour.';
    const html = `<html><head><title>Getting started — Tidepool docs</title></head><body><main><h1>Getting started</h1>${paragraphs(ARTICLE.slice(0, 2))}<p>${STEP}</p>${paragraphs(ARTICLE.slice(2))}</main></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/getting-started');
    expectArticleWithout(text);
    expect(text).toContain('sign in with the account that owns the harbour');
  });
});

describe("a copy button's popup", () => {
  it('says "Link copied to clipboard" only once pressed: it is not the text of the members it sits beside on a short page (Dokka\'s)', () => {
    const row = ([name, description]: readonly string[]) => `<div class="table-row"><div class="main-subrow keyValue"><div><span class="inline-flex"><div><a href="${name}.html">${name}</a></div>
      <span class="anchor-wrapper"><span class="anchor-icon"></span><div class="copy-popup-wrapper"><span class="copy-popup-icon"></span><span>Link copied to clipboard</span></div></span></span></div>
      <div><div class="symbol monospace">fun ${name}(instant: Instant): Tide</div><div class="brief"><p class="paragraph">${description}</p></div></div></div></div>`;
    const html = `<html><head><title>TideTable</title></head><body><div id="main"><div class="main-content" id="content"><h1 class="cover">TideTable</h1>
      <h2>Functions</h2><div class="table">${TIDE_MEMBERS.slice(0, 2).map(row).join('')}</div></div></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/tide-table/index.html');
    for (const [name, description] of TIDE_MEMBERS.slice(0, 2)) {
      expect(text).toContain(`fun ${name}(instant: Instant): Tide`);
      expect(text).toContain(description);
    }
    expect(text).not.toContain('copied');
  });
});

describe("a manual's entries, a term and its definition each", () => {
  it("are all the section's, not only the longest (Texinfo's dl for every function, at the page's top level)", () => {
    const entry = ([name, description]: readonly string[], i: number) =>
      `<dl><dt id="index-${name}">Function: <strong>${name}</strong> <em>instant</em></dt><dd><p>${description}</p>${i === 2 ? `${paragraphs(ARTICLE)}<pre class="example">(${name} (current-time))\n     ⇒ 1.8</pre>` : ''}</dd></dl>`;
    const html = `<html><head><title>Tide Functions (Tidepool Manual)</title></head><body>
      <div class="header"><p>Next: <a href="Tide-Tables.html">Tide Tables</a>, Up: <a href="Tides.html">Tides</a></p></div>
      <h3 class="section">3.2 Tide Functions</h3><p>In this section we describe the functions that answer questions about the tide at the harbour.</p>
      ${TIDE_MEMBERS.map(entry).join('\n')}
      <div class="header"><p>Next: <a href="Tide-Tables.html">Tide Tables</a>, Up: <a href="Tides.html">Tides</a></p></div></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/manual/Tide-Functions.html');
    for (const [name, description] of TIDE_MEMBERS) {
      expect(text).toContain(`Function: ${name} instant`);
      expect(text).toContain(description);
    }
    expect(text).not.toContain('Next: Tide Tables');
  });
});

describe("a page's title block in a <header> of its own", () => {
  const description = 'Answer questions about the tide at the harbour from the command line, in five minutes.';

  it("keeps the description under the title (a documentation site's header above the body, outside any article), and still drops the masthead", () => {
    const html = `<html><head><title>Quickstart for the tide tables - Tidepool Docs</title></head><body>
      <header class="masthead"><a href="/" class="logo">Tidepool</a><nav><a href="/docs">Docs</a> <a href="/api">API</a></nav></header>
      <div class="layout"><aside class="sidebar"><a href="/docs/intro">Introduction</a> <a href="/docs/quickstart">Quickstart</a></aside>
      <div id="content-area"><header id="header"><div class="eyebrow">Getting started</div><h1>Quickstart for the tide tables</h1><p class="description">${description}</p></header>
      <div class="prose"><h2>First steps</h2>${paragraphs(ARTICLE)}</div></div></div>
      <footer><p>© Tidepool. All rights reserved.</p></footer></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/quickstart');
    expect(text).toContain(description);
    expectArticleWithout(text, 'All rights reserved', 'API');
  });

  it('is no masthead that names the site in a heading beside its navigation', () => {
    const html = `<html><head><title>Ferry timetable approved | Harbour News</title></head><body>
      <header><h1 class="site-title">Harbour News</h1><p>The island's paper since 1902.</p><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
      <div class="story"><h2>Ferry timetable approved</h2>${paragraphs(ARTICLE)}</div></body></html>`;
    const { text } = exported(html);
    expectArticleWithout(text, "The island's paper since 1902.");
  });
});

describe("a wiki's contents box and edit links", () => {
  const SECTIONS = ['Timetable', 'Fares', 'Consultation', 'Criticism'];

  it('leave the article: the box of links to its own sections, and "[edit]" beside each heading', () => {
    const section = (name: string, i: number) =>
      `<h2><span class="mw-headline" id="${name}">${name}</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?title=Ferry&amp;action=edit&amp;section=${i + 1}" title="Edit section: ${name}">edit</a><span class="mw-editsection-bracket">]</span></span></h2><p>${ARTICLE[i]}</p>`;
    const html = `<html><head><title>Harbour ferry - Tidepool Wiki</title></head><body>
      <div id="content"><h1 id="firstHeading">Harbour ferry</h1><div id="mw-content-text"><div class="mw-parser-output">
      <p>The harbour ferry links the island to the mainland, and has done so since the pier was built in the last century.</p>
      <div id="toc" class="toc"><div class="toctitle"><h2>Contents</h2></div><ul>${SECTIONS.map((name, i) => `<li class="toclevel-1"><a href="#${name}"><span class="tocnumber">${i + 1}</span> <span class="toctext">${name}</span></a></li>`).join('')}</ul></div>
      ${SECTIONS.map(section).join('\n')}</div></div></div></body></html>`;
    const { text } = exported(html, 'https://wiki.example/wiki/Harbour_ferry');
    expectArticleWithout(text, 'Contents', '1 Timetable', 'edit');
    for (const name of SECTIONS) expect(text).toContain(name);
  });

  it("is no reference's summary of members, which says what each one does beside its link", () => {
    const summary = `<table class="memberSummary"><tr><th>Method</th><th>Description</th></tr>${TIDE_MEMBERS.map(([name, description]) => `<tr><td><a href="#${name}()">${name}</a></td><td>${description}</td></tr>`).join('')}</table>`;
    const details = TIDE_MEMBERS.map(([name, description]) => `<section id="${name}()"><h3>${name}</h3><pre>public Instant ${name}(Instant after)</pre><p>${description}</p></section>`).join('');
    const html = `<html><head><title>TideTable - Tidepool API</title></head><body><main><h1>Class TideTable</h1>
      <p>A table of the tides predicted for one harbour, read from the chart the harbour authority publishes each year.</p>${summary}${details}</main></body></html>`;
    const { text } = exported(html, 'https://docs.example/tidepool/api/TideTable.html');
    for (const [name, description] of TIDE_MEMBERS) {
      expect(text).toContain(name);
      expect(text).toContain(description);
    }
  });
});

describe("a section's sentences full of links", () => {
  it("keep the section under its heading: the links are the sentences' references, not a list of links (DokuWiki's div.level2)", () => {
    const linked = [
      'Releases go through a <a href="https://ci.example/pipelines">release pipeline</a> or <a href="https://ci.example/deploy">a deployment service</a>, where the code is first <a href="https://ci.example/staging">deployed to staging</a> and then, once approved, to production.',
      'From here, <a href="https://ci.example/users">end users</a> operate the software and <a href="https://ci.example/bugs">report bugs and feature requests</a>, which tells the team what remains to be done.',
    ];
    const html = `<html><head><title>Pipelines - Tidepool Wiki</title></head><body><div id="dokuwiki__content"><div class="page">
      <h1 class="sectionedit1" id="pipelines">Pipelines</h1><div class="level1">${paragraphs(ARTICLE)}</div>
      <h2 class="sectionedit2" id="deployment">Deployment</h2><div class="level2">${paragraphs(linked)}</div>
      </div></div></body></html>`;
    const { text } = exported(html, 'https://wiki.example/doku.php?id=pipelines');
    expectArticleWithout(text);
    expect(text).toContain('which tells the team what remains to be done.');
  });

  it('are no teasers under a heading, which are links alone', () => {
    const teasers = ['Night ferry gets a second boat', 'Pier repairs start in June', 'Students ride free in August'].map((title, i) => `<p><a href="/news/${i}">${title}</a></p>`);
    const html = `<html><head><title>Ferry timetable approved</title></head><body><div class="story"><h1>Ferry timetable approved</h1>${paragraphs(ARTICLE)}
      <h3>More from the harbour</h3><div class="more">${teasers.join('')}<p>Read all of our harbour news in one place, every day.</p></div></div></body></html>`;
    const { text } = exported(html);
    expectArticleWithout(text, 'Night ferry gets a second boat');
  });
});
