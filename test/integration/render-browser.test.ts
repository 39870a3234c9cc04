import { beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../../lambdas/net/fetcher.js';
import { parseHostOverrides } from '../../lambdas/net/host-overrides.js';
import { errors } from 'playwright-core';
import { exportPage } from '../../lambdas/core/export.js';
import { AnchorCollector, discoverLinks } from '../../lambdas/core/links.js';
import { createRenderer, launchBrowser } from '../../lambdas/render/browser.js';
import { RenderError, type Renderer } from '../../lambdas/render/contract.js';
import type { FetchDocument } from '../../lambdas/core/fetch-types.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { testLifecycle } from '../helpers/lifecycle.js';

/**
 * The browser module against a loopback HTTPS site: the Lambda build of Chromium, each request
 * answered through the service's fetcher (which pins site.test to the fixture) or refused. The
 * fixture's own log is the proof of what reached it.
 */
const SHELL = `<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div>
<script>fetch('/api/products').then((r) => r.json()).then((products) => {
  document.getElementById('root').innerHTML = '<h1>Products</h1><ul>' + products.map((p) => '<li><a href="/p/' + p.id + '">' + p.name + '</a></li>').join('') + '</ul>';
});</script></body></html>`;

let port = 0;
const pages: Record<string, (url: URL) => { status?: number; type?: string; body?: string; location?: string }> = {
  '/shell': () => ({ body: SHELL }),
  '/api/products': () => ({ type: 'application/json', body: JSON.stringify([{ id: 1, name: 'Teapot' }, { id: 2, name: 'Kettle' }]) }),
  '/hostile': () => ({
    body: `<!doctype html><html><head><title>Hostile</title>
      <link rel="prefetch" href="https://127.0.0.1:${port}/prefetched"><link rel="preconnect" href="https://127.0.0.1:${port}">
      <link rel="stylesheet" href="/style.css"></head><body><p id="out">static</p>
      <img src="/image.png"><img src="https://127.0.0.1:${port}/image-by-address.png">
      <iframe src="/to-loopback"></iframe>
      <script>
        const tries = [
          fetch('https://127.0.0.1:${port}/secret'),
          fetch('https://localhost:${port}/secret'),
          fetch('https://[::1]:${port}/secret'),
          fetch('http://127.0.0.1:${port}/secret'),
          fetch('http://127.0.0.1:9001/2018-06-01/runtime/invocation/next'),
          fetch('/to-loopback'),
          fetch('/submit', { method: 'POST', body: 'x' }),
        ];
        navigator.sendBeacon('/beacon', 'x');
        new EventSource('/events');
        for (const url of ['wss://site.test/socket', 'wss://127.0.0.1:${port}/socket']) { try { new WebSocket(url); } catch {} }
        window.open('https://site.test/popup');
        navigator.serviceWorker && navigator.serviceWorker.register('/sw.js').catch(() => {});
        Promise.allSettled(tries).then((results) => {
          document.getElementById('out').textContent = 'settled ' + results.map((r) => r.status).join(',');
          location.href = 'https://site.test/elsewhere';
        });
      </script></body></html>`,
  }),
  '/to-loopback': () => ({ status: 302, location: `https://127.0.0.1:${port}/secret-after-redirect` }),
  '/endless': () => ({ body: '<html><head><title>Busy</title></head><body><p>before</p><script>while (true) {}</script></body></html>' }),
  '/scripts': () => ({ body: `<html><body><div id="root"></div>${[1, 2, 3, 4].map((i) => `<script src="/s${i}.js"></script>`).join('')}</body></html>` }),
  '/components': () => ({
    body: `<!doctype html><html><head><title>Components</title></head><body>
      <article-card><span slot="title">Slotted title</span><p>Slotted body text.</p><p slot="nowhere">Unrendered light text.</p></article-card>
      <closed-box></closed-box>
      <script>
        customElements.define('article-card', class extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: 'open' }).innerHTML =
              '<h2><slot name="title">Fallback title</slot></h2><inner-note></inner-note><slot></slot><p><a href="/from-shadow">Shadow link</a></p>';
          }
        });
        customElements.define('inner-note', class extends HTMLElement {
          constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<p>Nested shadow text, <slot>with its fallback</slot>.</p>'; }
        });
        customElements.define('closed-box', class extends HTMLElement {
          constructor() { super(); this.attachShadow({ mode: 'closed' }).innerHTML = '<p>Closed shadow text.</p>'; }
        });
      </script></body></html>`,
  }),
  '/big-dom': () => ({ body: `<html><body><script>for (let i = 0; i < 500; i++) document.body.appendChild(document.createElement('div'));</script></body></html>` }),
};

let site: FixtureSite;
let fetcher: FetchDocument;
let renderer: Renderer;

const lifecycle = testLifecycle();
beforeAll(async () => {
  site = lifecycle.site(await startFixtureSite(['site.test', 'other.test'], (request, response) => {
    const url = new URL(request.url ?? '/', 'https://site.test');
    const answer = pages[url.pathname]?.(url);
    if (url.pathname.startsWith('/s') && url.pathname.endsWith('.js')) {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(`document.getElementById('root').insertAdjacentHTML('beforeend', '<p>${url.pathname}</p>');`);
      return;
    }
    if (!answer) {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<p>missing</p>');
      return;
    }
    response.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'text/html; charset=utf-8', ...(answer.location ? { location: answer.location } : {}) });
    response.end(answer.body ?? '');
  }));
  port = site.port;
  fetcher = createFetcher({ hostOverrides: parseHostOverrides(`site.test=127.0.0.1:${port},other.test=127.0.0.1:${port}`) });
  renderer = lifecycle.client(createRenderer({ fetch: fetcher, budgets: { wallMs: 8_000 } }));
}, 120_000);

async function renderPath(path: string, target: Renderer = renderer, fetch: FetchDocument = fetcher) {
  const document = await fetch(`https://site.test${path}`);
  return target.render({ url: document.finalUrl, status: document.status, headers: document.headers, body: document.body });
}

function requestedPaths(): string[] {
  return site.requests.map((request) => `${request.headers.upgrade ? 'upgrade ' : ''}${request.method} ${request.headers.host?.replace(/:\d+$/, '')}${request.url}`);
}

describe('rendering in the browser', () => {
  it('renders a shell its scripts fill from a same-site JSON API', { timeout: 60_000 }, async () => {
    const rendered = await renderPath('/shell');

    expect(rendered.html).toContain('<h1>Products</h1>');
    expect(rendered.html).toContain('<a href="/p/2">Kettle</a>');
    expect(rendered).toMatchObject({ fetched: 1, refused: [] });
  });

  it('reaches nothing the fetcher would refuse: addresses, redirects, frames, images, sockets, beacons, popups, navigation', { timeout: 60_000 }, async () => {
    // A fetcher of its own, so its connections are new ones the fixture sees.
    const freshFetcher = createFetcher({ hostOverrides: parseHostOverrides(`site.test=127.0.0.1:${port}`) });
    const fresh = createRenderer({ fetch: freshFetcher, budgets: { wallMs: 8_000 } });
    site.requests.length = 0;
    site.connections.length = 0;

    const rendered = await renderPath('/hostile', fresh, freshFetcher).finally(() => fresh.close());

    expect(rendered.html).toContain('settled rejected,rejected,rejected,rejected,rejected,rejected,rejected');
    // The fixture saw the page itself and the one same-site request whose redirect the fetcher refused.
    expect(requestedPaths()).toEqual(['GET site.test/hostile', 'GET site.test/to-loopback']);
    // Every connection it got came from the fetcher, which names the host (SNI); a browser going
    // to an address directly would name none.
    expect(site.connections.length).toBeGreaterThan(0);
    expect(site.connections.every((connection) => connection.servername === 'site.test')).toBe(true);
    const refused = rendered.refused.map((entry) => entry.url);
    expect(refused).toEqual(
      expect.arrayContaining([
        `https://127.0.0.1:${port}/secret`,
        'https://site.test/to-loopback',
        'https://site.test/image.png',
        'https://site.test/submit',
        'wss://site.test/socket',
        `wss://127.0.0.1:${port}/socket`,
        'https://site.test/elsewhere',
      ]),
    );
  });

  it('ends a page whose script never returns, and the browser renders the next page', { timeout: 60_000 }, async () => {
    const error = await renderPath('/endless').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(RenderError);
    expect(error).toMatchObject({ reason: 'render_timeout', retryable: false });
    expect((await renderPath('/shell')).html).toContain('Teapot');
  });

  it('reads text and links inside open shadow roots, nested ones too, with slotted content in its rendered place', { timeout: 60_000 }, async () => {
    const { html } = await renderPath('/components');
    const anchors = new AnchorCollector();
    const markdown = exportPage(html, { url: 'https://site.test/components', onlyMainContent: false, formats: ['markdown'], observer: anchors }).markdown;
    // The crawl follows the link a shadow tree holds, as it follows any other.
    expect(discoverLinks(anchors.links('https://site.test/components'), 'https://site.test/').links).toEqual(['https://site.test/from-shadow']);

    const order = ['Slotted title', 'Nested shadow text, with its fallback.', 'Slotted body text.', '[Shadow link](https://site.test/from-shadow)'];
    for (const text of order) expect(markdown).toContain(text);
    expect(order.map((text) => markdown.indexOf(text))).toEqual(order.map((text) => markdown.indexOf(text)).sort((a, b) => a - b));
    // A light child no slot takes is not shown; a slot with content shows no fallback; a closed root is out of reach.
    expect(markdown).not.toContain('Unrendered light text');
    expect(markdown).not.toContain('Fallback title');
    expect(markdown).not.toContain('Closed shadow text');
  });

  it('fails at once, and for good, when the browser cannot start; a launch that timed out may be tried again', { timeout: 60_000 }, async () => {
    const missing = createRenderer({ fetch: fetcher, launch: () => launchBrowser() });
    process.env.CRAWL_CHROMIUM_EXECUTABLE = '/nonexistent/chromium';
    try {
      const started = Date.now();
      const error = await renderPath('/shell', missing).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ reason: 'browser_unavailable', retryable: false, message: expect.stringContaining('/nonexistent/chromium') });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      delete process.env.CRAWL_CHROMIUM_EXECUTABLE;
      await missing.close();
    }

    const slow = createRenderer({ fetch: fetcher, launch: () => Promise.reject(new errors.TimeoutError('browserType.launch: Timeout 60000ms exceeded.')) });
    await expect(renderPath('/shell', slow)).rejects.toMatchObject({ reason: 'browser_unavailable', retryable: true });
  });

  it('keeps to the request and DOM budgets', { timeout: 60_000 }, async () => {
    const small = createRenderer({ fetch: fetcher, budgets: { wallMs: 8_000, maxSubresources: 2, maxDomElements: 100 } });
    try {
      const rendered = await renderPath('/scripts', small);
      expect(rendered.fetched).toBe(2);
      expect(rendered.refused.map((entry) => entry.reason)).toEqual(['over the budget of 2 requests', 'over the budget of 2 requests']);
      expect(rendered.html).toContain('<p>/s2.js</p>');
      expect(rendered.html).not.toContain('/s3.js</p>');
      await expect(renderPath('/big-dom', small)).rejects.toMatchObject({ reason: 'too_large' });
    } finally {
      await small.close();
    }
  });
});
