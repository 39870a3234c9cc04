import { describe, expect, it, vi } from 'vitest';
import {
  checkTermsOfService,
  findProhibitingClause,
  findTermsCandidates,
  MAX_EVIDENCE_CHARS,
  type TermsText,
} from '../../../lambdas/core/tos.js';

const SEED = 'https://shop.example.com/';

describe('findTermsCandidates', () => {
  it('puts terms of service before a bare "terms" link and both before "legal"', () => {
    const links = [
      { url: 'https://shop.example.com/about', text: 'About us' },
      { url: 'https://shop.example.com/legal-notice', text: 'Legal' },
      { url: 'https://shop.example.com/help/terms', text: 'Terms' },
      { url: 'https://shop.example.com/policies/user-terms', text: 'Terms of Service' },
      { url: 'https://shop.example.com/privacy', text: 'Privacy policy' },
    ];

    const candidates = findTermsCandidates(SEED, links);

    expect(candidates.slice(0, 3)).toEqual([
      'https://shop.example.com/policies/user-terms',
      'https://shop.example.com/help/terms',
      'https://shop.example.com/legal-notice',
    ]);
    expect(candidates).not.toContain('https://shop.example.com/about');
    expect(candidates).not.toContain('https://shop.example.com/privacy');
  });

  it('recognises terms links by their address when the text says nothing', () => {
    const links = [
      { url: 'https://shop.example.com/blog', text: 'Blog' },
      { url: 'https://shop.example.com/terms-of-use', text: 'Read this' },
    ];

    expect(findTermsCandidates(SEED, links)[0]).toBe('https://shop.example.com/terms-of-use');
  });

  it('keeps page order between links of equal strength', () => {
    const links = [
      { url: 'https://shop.example.com/user-agreement', text: 'User Agreement' },
      { url: 'https://shop.example.com/tos', text: 'Terms of Use' },
    ];

    expect(findTermsCandidates(SEED, links).slice(0, 2)).toEqual([
      'https://shop.example.com/user-agreement',
      'https://shop.example.com/tos',
    ]);
  });

  it('falls back to well-known paths, most likely first, when the page links no terms', () => {
    const candidates = findTermsCandidates('https://shop.example.com/catalogue/shoes?page=2', []);

    expect(candidates.slice(0, 3)).toEqual([
      'https://shop.example.com/terms',
      'https://shop.example.com/terms-of-service',
      'https://shop.example.com/terms-of-use',
    ]);
    expect(candidates).toContain('https://shop.example.com/tos');
    expect(candidates).toContain('https://shop.example.com/legal');
    expect(candidates).toContain('https://shop.example.com/terms-and-conditions');
  });

  it('ignores terms on other sites but accepts the www. form of the same site', () => {
    const links = [
      { url: 'https://payments.example.net/terms', text: 'Terms of Service' },
      { url: 'https://www.shop.example.com/conditions-of-use', text: 'Conditions of use' },
    ];

    const candidates = findTermsCandidates(SEED, links);

    expect(candidates[0]).toBe('https://www.shop.example.com/conditions-of-use');
    expect(candidates.some((url) => url.includes('example.net'))).toBe(false);
  });

  it('lists each page once: fragments and a linked well-known path collapse', () => {
    const links = [
      { url: 'https://shop.example.com/terms#scraping', text: 'Terms and Conditions' },
      { url: 'https://shop.example.com/terms', text: 'Terms' },
    ];

    const candidates = findTermsCandidates(SEED, links);

    expect(candidates.filter((url) => url === 'https://shop.example.com/terms')).toHaveLength(1);
    expect(candidates[0]).toBe('https://shop.example.com/terms');
  });

  it('skips terms published as a PDF and links that are not web pages', () => {
    const links = [
      { url: 'https://shop.example.com/docs/terms.pdf', text: 'Terms of Service (PDF)' },
      { url: 'mailto:legal@shop.example.com', text: 'Legal department' },
    ];

    const candidates = findTermsCandidates(SEED, links);

    expect(candidates[0]).toBe('https://shop.example.com/terms');
    expect(candidates.some((url) => url.endsWith('.pdf') || url.startsWith('mailto:'))).toBe(false);
  });
});

describe('findProhibitingClause: prohibitions', () => {
  it.each([
    ['a modal negation', 'You must not use any crawler, scraper or similar tool to copy pages from Example Shop.'],
    ['a passive ban', 'Automated access to the website, including by means of bots or scripts, is strictly forbidden.'],
    ['"not permitted"', 'Data mining of our catalogue is not permitted.'],
    ['an imperative', 'Do not programmatically download product listings.'],
    ['the service prohibiting in its own voice', 'We prohibit the use of spiders to index member pages.'],
    ['"no" before the tool', 'No robots or scrapers may visit the members area.'],
    ['consent required', 'Copying listings with automated software without our prior written consent is a breach of these Terms.'],
    ['a consequence', 'Any use of automated tools to reach this forum will result in a permanent ban of your account.'],
    ['an inline enumeration', 'You shall not (a) resell the service, (b) use robots to access it, or (c) frame it.'],
    ['systematic collection', 'Members may not systematically collect reviews from the service, whether by hand or with software.'],
    ['a site for people only', 'This library catalogue is for human visitors only.'],
    ['a licence that leaves automation out', 'This licence does not include any use of robots or similar data gathering tools.'],
    ['the tools as the subject', 'Crawlers and other automated agents may not access the archive.'],
    ['"under no circumstances"', 'Under no circumstances may you scrape the marketplace.'],
    ['"nor may you"', 'Nor may you deploy any robot or crawler against the booking engine.'],
    ['"refrain from"', 'Guests must refrain from using bots to reach the reservation pages.'],
    ['a passive ban on use', 'The catalogue may not be crawled or copied by automated tools.'],
    ['consent required for crawling', 'Any crawling of this site requires our prior written consent.'],
    ['a text and data mining reservation', 'Text and data mining of the articles on this site is expressly reserved.'],
  ])('blocks %s', (_case, sentence) => {
    expect(findProhibitingClause(`Welcome to Example Shop.\n\n${sentence}\n\nThank you for reading.`)).toEqual({ sentence });
  });

  it('reads list items under a prohibiting lead-in', () => {
    const text = [
      'While using the marketplace you agree not to:',
      '- post unlawful or misleading content;',
      '- gather seller data with bots or other automated means;',
      '- impersonate another person.',
    ].join('\n');

    expect(findProhibitingClause(text)).toEqual({ sentence: 'gather seller data with bots or other automated means;' });
  });

  it('reads a conduct item even when its lead-in is out of sight', () => {
    const text = '(c) crawl, scrape or spider any page of the marketplace;';

    expect(findProhibitingClause(text)?.sentence).toBe(text);
  });

  it('finds a prohibition behind a permission in the same sentence', () => {
    const text = 'Indexing by public search engines is welcome, but scraping listings is prohibited.';

    expect(findProhibitingClause(text)?.sentence).toBe(text);
  });

  it('quotes the deciding sentence verbatim, non-breaking spaces and curly quotes included', () => {
    const sentence = 'You won’t use any\u00a0“robot” or\u00a0“spider” to\u00a0copy our recipes.';
    const text = `# Terms\n\nRecipes are for personal use. ${sentence} Enjoy cooking!`;

    const found = findProhibitingClause(text);

    expect(found?.sentence).toBe(sentence);
    expect(text).toContain(found?.sentence);
  });

  it('keeps the evidence short when a run-on clause goes on for pages', () => {
    const filler = 'modify, adapt, translate, sublicense, distribute, rent, lease, lend or sell the materials, ';
    const text = `You agree that you will not ${filler.repeat(20)}or use any robot or scraper to access the materials, ${filler.repeat(20)}without our consent.`;

    const found = findProhibitingClause(text);

    expect(found).toBeDefined();
    expect(found?.sentence.length).toBeLessThanOrEqual(MAX_EVIDENCE_CHARS);
    expect(found?.sentence).toContain('use any robot or scraper to access the materials');
    expect(text).toContain(found?.sentence);
  });

  it('quotes the clause, not the whole list, when a long sentence strings prohibitions with semicolons', () => {
    const items = Array.from({ length: 12 }, (_, i) => `post content that breaks rule number ${i + 1} of the community guide`);
    const text = `You may not: ${items.join('; ')}; harvest reviews by automated means; ${items.join('; ')}.`;

    expect(findProhibitingClause(text)).toEqual({ sentence: 'harvest reviews by automated means' });
  });
});

describe('findProhibitingClause: mentions that do not prohibit', () => {
  it.each([
    ['the service describing its own automation', 'We use automated systems to detect spam and abuse.'],
    ['the service describing its own crawler', 'Our crawler respects robots.txt and identifies itself as ExampleBot.'],
    ['a company whose name contains spider', 'SpiderOak Inc. may update these terms from time to time.'],
    ['a title that starts with a spider', 'Spider on the bridge by a light-art collective'],
    ['a permission with a condition', 'You may use bots provided that you do not run more than one crawler at a time.'],
    ['a welcome to search engines', 'Search engines are welcome to crawl our public pages.'],
    ['automatic renewal', 'Subscriptions renew automatically each month unless cancelled.'],
    ['a promise about its own data', 'We will never sell data collected by automated means.'],
    ['moderation of prohibited content', 'Content that is prohibited is removed by our automated tools.'],
    ['a right of the user', 'You have the right not to be subject to decisions made solely by automated means.'],
    ['crawling allowed as robots.txt says', 'You may crawl this site only as permitted by our robots.txt file.'],
    ['a ban on fake engagement only', 'You must not use bots to artificially inflate likes or followers.'],
    ['a ban on harvesting addresses only', 'You must not harvest e-mail addresses of other members.'],
    ['a ban on game cheats', 'Do not use bots, macros or other cheats in ranked matches.'],
    ['a ban on heavy automated load', 'Do not access the service with automated tools in a way that puts excessive load on our servers.'],
    ['a ban on using the data for spam', 'You may not use scraped contact details for spamming purposes.'],
    ['a statement, not a ban, after "will not be"', 'You will not be charged for traffic generated by bots.'],
    ['a definition of scraping', 'Scraping refers to extracting information from a website with an automated process.'],
    ['a permission for search engines', 'Search engines may crawl and index the public pages of this site.'],
    ['the service\'s own bots', 'Please do not use the contact form to report bugs in our bots.'],
    ['its own tools catching content that may break the rules', 'Our moderators and automated tools remove content that may violate these Terms.'],
  ])('allows %s', (_case, sentence) => {
    expect(findProhibitingClause(sentence)).toBeUndefined();
  });

  it('does not join a negation in one sentence to a bot in the next', () => {
    const text = 'You may not share your password. Our bots moderate the forum around the clock.';

    expect(findProhibitingClause(text)).toBeUndefined();
  });

  it('does not read an item under a permitting lead-in as a prohibition', () => {
    const text = ['With a developer key you may:', '- use scripts and other automated tools to access your own orders;', '- download invoices automatically.'].join('\n');

    expect(findProhibitingClause(text)).toBeUndefined();
  });

  it('ends a lead-in at the next paragraph', () => {
    const text = ['You agree not to:', '- resell tickets.', '', 'Bots answer support questions and access order history for you.'].join('\n');

    expect(findProhibitingClause(text)).toBeUndefined();
  });
});

describe('checkTermsOfService', () => {
  const BLOCKING = 'You must not scrape or crawl this shop.';

  function site(pages: Record<string, string>): { fetchTermsText: (url: string) => Promise<TermsText | undefined>; fetched: string[] } {
    const fetched: string[] = [];
    const fetchTermsText = vi.fn(async (url: string) => {
      fetched.push(url);
      const text = pages[url];
      return text === undefined ? undefined : { finalUrl: url, text };
    });
    return { fetchTermsText, fetched };
  }

  it('blocks with the terms URL and the sentence of the first prohibiting candidate, and fetches no further', async () => {
    const { fetchTermsText, fetched } = site({
      'https://shop.example.com/terms-of-service': 'Be kind to other shoppers.',
      'https://shop.example.com/legal': `Imprint. ${BLOCKING}`,
      'https://shop.example.com/terms': 'Spiders and robots are forbidden.',
    });
    const seedLinks = [
      { url: 'https://shop.example.com/terms-of-service', text: 'Terms of Service' },
      { url: 'https://shop.example.com/legal', text: 'Legal' },
    ];

    const result = await checkTermsOfService({ seedUrl: SEED, seedLinks, fetchTermsText });

    expect(result).toEqual({
      blocked: true,
      termsUrl: 'https://shop.example.com/legal',
      sentence: BLOCKING,
      checked: ['https://shop.example.com/terms-of-service', 'https://shop.example.com/legal'],
    });
    expect(fetched).toHaveLength(2);
  });

  it('fetches at most three candidates, counting the ones that failed', async () => {
    const { fetchTermsText, fetched } = site({ 'https://shop.example.com/tos': BLOCKING });

    const result = await checkTermsOfService({ seedUrl: SEED, seedLinks: [], fetchTermsText });

    expect(result).toEqual({
      blocked: false,
      checked: ['https://shop.example.com/terms', 'https://shop.example.com/terms-of-service', 'https://shop.example.com/terms-of-use'],
    });
    expect(fetched).toHaveLength(3);
  });

  it('reports the page the candidate redirected to as the terms URL', async () => {
    const fetchTermsText = async (): Promise<TermsText> => ({ finalUrl: 'https://shop.example.com/legal/terms-2024', text: BLOCKING });

    const result = await checkTermsOfService({ seedUrl: SEED, seedLinks: [], fetchTermsText });

    expect(result).toMatchObject({ blocked: true, termsUrl: 'https://shop.example.com/legal/terms-2024', checked: ['https://shop.example.com/terms'] });
  });

  it('lets the crawl go on when the terms only mention automation without prohibiting it', async () => {
    const { fetchTermsText } = site({
      'https://shop.example.com/terms': 'We use automated systems to detect fraud. Orders ship within two days.',
    });

    const result = await checkTermsOfService({ seedUrl: SEED, seedLinks: [], fetchTermsText });

    expect(result.blocked).toBe(false);
    expect(result.checked).toHaveLength(3);
  });
});
