/**
 * The pages of `npm run demo`'s local site, `https://demo.test/`: a static article, a docs page with
 * a table and code, a page a script builds in the browser, a sitemap and a robots.txt, so every
 * quick-start command has something real to crawl without the network.
 */
export const DEMO_HOST = 'demo.test';

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} · Demo site</title></head>
<body>
<header><nav><a href="/">Home</a> · <a href="/articles/first-crawl">Article</a> · <a href="/docs/configuration">Docs</a> · <a href="/app">App</a></nav></header>
<main>
${body}
</main>
<footer><p>A local demo site served by npm run demo.</p></footer>
</body></html>`;

const HOME = layout(
  'Home',
  `<h1>Demo site</h1>
<p>This site runs on your machine beside the crawl service, over HTTPS with a certificate from a local CA the service trusts.</p>
<ul>
<li><a href="/articles/first-crawl">Your first crawl</a>: a static article</li>
<li><a href="/docs/configuration">Configuration</a>: a docs page with a table and code</li>
<li><a href="/app">Dashboard</a>: a page built by a script, rendered in a headless browser</li>
</ul>`,
);

const ARTICLE = layout(
  'Your first crawl',
  `<article>
<h1>Your first crawl</h1>
<p class="byline">By the demo team</p>
<p>A crawl starts from one page and follows its links, level by level, up to a depth and a number of pages you choose.
Each page becomes a section of one document: its URL and title first, then its main content as markdown.</p>
<h2>What is left out</h2>
<p>Navigation, headers and footers repeated on every page are dropped, so the document holds what each page says.</p>
<blockquote><p>One document for the whole site, ready for a reader or a language model.</p></blockquote>
</article>`,
);

const DOCS = layout(
  'Configuration',
  `<h1>Configuration</h1>
<p>A job takes these fields:</p>
<table>
<thead><tr><th>Field</th><th>Default</th><th>Meaning</th></tr></thead>
<tbody>
<tr><td><code>max_depth</code></td><td>3</td><td>links away from the seed</td></tr>
<tr><td><code>max_pages</code></td><td>50</td><td>pages at most, the seed included</td></tr>
<tr><td><code>concurrency</code></td><td>5</td><td>fetches at once</td></tr>
</tbody>
</table>
<h2>Example</h2>
<pre><code class="language-json">{
  "url": "https://demo.test/",
  "mode": "full",
  "max_depth": 1
}</code></pre>`,
);

// static HTML with nothing to read: the crawler's render decision sends it to the browser
const APP = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dashboard · Demo site</title></head>
<body><div id="root"></div>
<script>document.getElementById('root').innerHTML = '<main><h1>Dashboard</h1><p>This text was built by a script in the browser: the crawler rendered this page.</p></main>';</script>
</body></html>`;

export const DEMO_PATHS = ['/', '/articles/first-crawl', '/docs/configuration', '/app'];

const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${DEMO_PATHS.map((path) => `  <url><loc>https://${DEMO_HOST}${path}</loc></url>`).join('\n')}
</urlset>`;

const ROBOTS = `User-agent: *
Disallow: /private/
Sitemap: https://${DEMO_HOST}/sitemap.xml
`;

const HTML = 'text/html; charset=utf-8';

/** Path → content type and body. */
export const DEMO_PAGES: Record<string, { type: string; body: string }> = {
  '/': { type: HTML, body: HOME },
  '/articles/first-crawl': { type: HTML, body: ARTICLE },
  '/docs/configuration': { type: HTML, body: DOCS },
  '/app': { type: HTML, body: APP },
  '/sitemap.xml': { type: 'application/xml', body: SITEMAP },
  '/robots.txt': { type: 'text/plain', body: ROBOTS },
};
