import { describe, expect, it } from 'vitest';
import { pageKind, structuredText } from '../../../lambdas/core/export/structured-data.js';
import { parseHtml } from '../../../lambdas/core/html.js';

function kindOf(head: string, body = '<p>Text</p>') {
  const { document, jsonLd } = parseHtml(`<html><head>${head}</head><body>${body}</body></html>`);
  return pageKind(document, jsonLd);
}

const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('pageKind', () => {
  it('reads a product from JSON-LD, at the top, in an array, in @graph, with a type list or a full IRI', () => {
    const offers = { '@type': 'Offer', price: '89.00', priceCurrency: 'EUR' };
    expect(kindOf(ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Lantern', offers }))).toBe('product');
    expect(kindOf(ld([{ '@type': 'BreadcrumbList' }, { '@type': 'ProductGroup', hasVariant: [{ '@type': 'Product', offers }] }]))).toBe('product');
    expect(kindOf(ld({ '@graph': [{ '@type': 'WebPage' }, { '@type': ['Product', 'Thing'], offers }] }))).toBe('product');
    expect(kindOf(ld({ '@type': 'http://schema.org/Product', offers }))).toBe('product');
  });

  it('reads a discussion from JSON-LD or from the microdata of a top-level item', () => {
    expect(kindOf(ld({ '@type': 'DiscussionForumPosting', headline: 'Pump seal' }))).toBe('discussion');
    expect(kindOf(ld({ '@type': 'QAPage', mainEntity: { '@type': 'Question' } }))).toBe('discussion');
    expect(kindOf('', '<div itemscope itemtype="https://schema.org/QAPage"><p>Question</p></div>')).toBe('discussion');
  });

  it("reads a discussion from where forum software puts a thread, or from the software's own name, when the markup says nothing", () => {
    const at = (url: string, head = '') => {
      const { document, jsonLd } = parseHtml(`<html><head>${head}</head><body><p>Text</p></body></html>`);
      return pageKind(document, jsonLd, new URL(url));
    };
    for (const url of [
      'https://forum.example/t/pump-seal-leaking/1234',
      'https://forum.example/forum/t/pump-seal-leaking.1234/',
      'https://forum.example/threads/pump-seal-leaking.1234/',
      'https://forum.example/viewtopic.php?t=1234',
      'https://forum.example/showthread.php?1234-Pump-seal',
      'https://forum.example/topic/1234-pump-seal/',
      'https://forum.example/d/1234-pump-seal',
      'https://forum.example/discussion/1234/pump-seal',
      'https://forum.example/index.php?topic=1234.0',
      'https://social.example/r/boats/comments/abc123/pump_seal/',
      'https://news.example/item?id=1234',
      'https://code.example/harbour/tidepool/issues/42',
      'https://code.example/harbour/tidepool/-/merge_requests/7',
      'https://qa.example/questions/1234/which-seal',
      'https://forum.example/pump-seal-leaking-t1234.html',
      'https://forum.example/read.php?2,1234',
      'https://forum.example/cgi-bin/forum/topic_show.pl?id=1234',
      'https://forum.example/gassing/topic.asp?t=1234',
      // A forum's own host or folder, and a page in it named by a number or after a topic folder.
      'https://forum.example/topic/pump-seal-leaking/',
      'https://forums.example/engines/1234-pump-seal-leaking.html',
      'https://www.example/forum/42-engines/1234-pump-seal-leaking',
      'https://www.example/Discuss/pump-seal-leaking-1234.htm',
      'https://community.example/engines/pump-seal-leaking-1234',
    ]) {
      expect(at(url), url).toBe('discussion');
    }
    expect(at('https://forum.example/boats', '<meta name="generator" content="Discourse 3.2.0">')).toBe('discussion');
    expect(at('https://forum.example/boats', '<meta name="generator" content="vBulletin 4.2.5">')).toBe('discussion');
    // A blog, a news site's topic page, a magazine's issue, a shop's item: no thread.
    for (const url of ['https://blog.example/2025/01/pump-seal/', 'https://news.example/topics/climate?topic=energy', 'https://magazine.example/issues/2025/spring/pump-seals', 'https://shop.example/item?id=42&colour=red', 'https://news.example/2025/03/ferry-timetable-12345.html', 'https://docs.example/read.php?page=intro', 'https://forum.example/', 'https://forums.example/engines/', 'https://www.example/forum/', 'https://www.example/about/board/minutes/2024-09-21.html', 'https://news.example/topic/climate']) {
      expect(at(url), url).toBeUndefined();
    }
    expect(at('https://blog.example/pump-seal', '<meta name="generator" content="WordPress 6.5">')).toBeUndefined();
    // What the markup says comes first; forum software that calls its threads articles (og:type) still puts them where threads go.
    expect(at('https://shop.example/threads/red-cotton-1234', ld({ '@type': 'Product', offers: { price: '4.50' } }))).toBe('product');
    expect(at('https://forum.example/threads/pump-seal-leaking.1234/', '<meta property="og:type" content="article">')).toBe('discussion');
    expect(at('https://news.example/2025/pump-seals', '<meta property="og:type" content="article">')).toBeUndefined();
  });

  it("reads a discussion from MyBB's own thread addresses and its SEO plugin's, not from a thread count in a shop's name", () => {
    const at = (url: string) => {
      const { document, jsonLd } = parseHtml('<html><body><p>Text</p></body></html>');
      return pageKind(document, jsonLd, new URL(url));
    };
    expect(at('https://forum.example/Thread-Pump-seal-leaking-again')).toBe('discussion');
    expect(at('https://forum.example/thread-1234.html')).toBe('discussion');
    expect(at('https://shop.example/products/sheet-400-thread-count')).toBeUndefined();
  });

  it('reads og:type product and microdata Product', () => {
    expect(kindOf('<meta property="og:type" content="product">')).toBe('product');
    expect(kindOf('<meta property="og:type" content="product.item">')).toBe('product');
    expect(kindOf('', '<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Lantern</span><div itemprop="offers" itemscope itemtype="http://schema.org/Offer">€89</div></div>')).toBe('product');
  });

  it("reads a product from the shop's one form that puts it in the cart, named so by the shop's software, when no markup says more", () => {
    const buyBox = (form: string) => `<h1>Harbour lantern</h1><p>€89.00</p>${form}<p>Cast in recycled brass.</p>`;
    expect(kindOf('', buyBox('<form method="post" action="/cart/add"><input type="hidden" name="asin" value="B0"><input id="add-to-cart-button" name="submit.add-to-cart" type="submit" value="Add to Basket"></form>'))).toBe('product');
    expect(kindOf('', buyBox('<form class="cart"><button type="submit" name="add-to-cart" value="41" class="single_add_to_cart_button">Add to cart</button></form>'))).toBe('product');
    // Out of stock: the form has no button, its name still says what it is for.
    expect(kindOf('', buyBox('<form id="addToCart" method="post" action="/handle-buy-box"><span>Currently unavailable.</span></form>'))).toBe('product');
    // The words alone say less (a shop's widget in a blog post), and a listing has a form per product.
    expect(kindOf('', buyBox('<form action="/cart/add"><button>Add to cart</button></form>'))).toBeUndefined();
    const listing = ['Lantern', 'Ship bell', 'Storm lamp'].map((name, i) => `<li><a href="/p/${i}">${name}</a><form data-role="tocart-form"><button class="action tocart" id="product-addtocart-button-${i}">Add to Cart</button></form></li>`);
    expect(kindOf('', `<h1>Lamps</h1><ul>${listing.join('')}</ul>`)).toBeUndefined();
    expect(kindOf('<meta property="og:type" content="article">', buyBox('<form id="addToCart"></form>'))).toBeUndefined();
  });

  it('is no kind for an article, even one whose review describes or rates a product, nor for broken or absent markup', () => {
    expect(kindOf('')).toBeUndefined();
    expect(kindOf(ld({ '@type': 'NewsArticle' }))).toBeUndefined();
    expect(kindOf(`<meta property="og:type" content="article">${ld({ '@type': 'Product', offers: { price: '89.00' } })}`)).toBeUndefined();
    expect(kindOf('', '<article itemscope itemtype="https://schema.org/Review"><div itemprop="itemReviewed" itemscope itemtype="https://schema.org/Product"></div></article>')).toBeUndefined();
    expect(kindOf('<script type="application/ld+json">{"@type": "Product",</script>')).toBeUndefined();
    // A rating plugin's "Product" on a blog post: a rating, nothing on sale.
    expect(kindOf(ld({ '@type': 'Product', name: 'Ten ways to plan a crossing', aggregateRating: { ratingValue: 4.5 } }))).toBeUndefined();
    expect(kindOf('', '<div itemscope itemtype="http://schema.org/Product"><span itemprop="aggregateRating">4.5</span></div>')).toBeUndefined();
    expect(kindOf('<script>var page = {"@type": "Product"};</script>')).toBeUndefined();
  });
});

describe('structuredText', () => {
  const texts = (data: unknown) => structuredText([JSON.stringify(data)]);

  it("gives an article's body, a post's text with its comments, a question's with its answers, each once", () => {
    expect(texts({ '@type': 'NewsArticle', headline: 'Ferry', articleBody: 'The harbour authority approved the timetable.' })).toEqual(['The harbour authority approved the timetable.']);
    const thread = {
      '@type': 'DiscussionForumPosting',
      text: 'Pump seal leaking again?',
      comment: [{ '@type': 'Comment', text: 'Check the impeller.', comment: { '@type': 'Comment', text: 'It was the impeller.' } }, { '@type': 'Comment', text: 'Check the impeller.' }],
    };
    expect(texts(thread)).toEqual(['Pump seal leaking again?', 'Check the impeller.', 'It was the impeller.']);
    const qa = { '@type': 'QAPage', mainEntity: { '@type': 'Question', text: 'Which seal?', acceptedAnswer: { text: 'The lip seal.' }, suggestedAnswer: [{ text: 'A face seal.' }] } };
    expect(texts(qa)).toEqual(['Which seal?', 'The lip seal.', 'A face seal.']);
  });

  it('gives nothing for items without text, and skips scripts that are not JSON', () => {
    expect(texts({ '@type': 'Organization', name: 'Harbour News' })).toEqual([]);
    expect(structuredText(['{"articleBody": "cut', JSON.stringify({ '@graph': [{ articleBody: 'Whole text.' }] })])).toEqual(['Whole text.']);
  });
});
