import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goesStraightToBrowser, judgeStaticHtml, mayHoldScripts, shellHostMark } from '../../../lambdas/core/render-decision.js';
import { page } from '../../helpers/site.js';

const SHELLS = path.resolve(import.meta.dirname, '../../fixtures/render-shells');
const URL = 'https://app.example/docs/';
const ARTICLE = `<p>${'A paragraph a reader came for, long enough to be the page. '.repeat(40)}</p>`;

describe('judgeStaticHtml (render: auto)', () => {
  it.each(readdirSync(SHELLS))('finds the script-built shell of %s', (file) => {
    expect(judgeStaticHtml(readFileSync(path.join(SHELLS, file), 'utf8'), URL).shell).toBe(true);
  });

  it('leaves a short static page without scripts alone', () => {
    const verdict = judgeStaticHtml('<html><body><h1>Thanks</h1><p>We got your message.</p></body></html>', URL);
    expect(verdict).toMatchObject({ shell: false, signals: [] });
  });

  it('leaves a page with content, links and analytics scripts alone', () => {
    const html = page('Post', ['/a', '/b'], `${ARTICLE}<script async src="https://analytics.example/g.js"></script><script>window.dataLayer=[];</script>`);
    expect(judgeStaticHtml(html, URL).shell).toBe(false);
  });

  it('leaves a server-rendered application root alone (Next, Nuxt and React with the page in the root)', () => {
    const html = `<html><body><div id="__next"><nav><a href="/">Home</a></nav><article>${ARTICLE}</article></div>
      <script id="__NEXT_DATA__" type="application/json">{"props":{}}</script><script src="/_next/main.js"></script></body></html>`;
    expect(judgeStaticHtml(html, URL).shell).toBe(false);
  });

  it('does not take a comments widget’s <noscript> plea on an article for a shell', () => {
    const html = page('Post', ['/a'], `${ARTICLE}<div id="disqus_thread"></div><script src="https://x.disqus.com/embed.js"></script><noscript>Please enable JavaScript to view the comments.</noscript>`);
    expect(judgeStaticHtml(html, URL).shell).toBe(false);
  });

  it('names the signals it saw', () => {
    const verdict = judgeStaticHtml('<html><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/main.js"></script></body></html>', URL);
    expect(verdict.signals).toEqual(['empty_app_root', 'noscript_requires_javascript', 'scripts_outweigh_text', 'no_same_site_links']);
    expect(verdict.facts).toMatchObject({ scripts: 1, visibleText: 0, appRoot: { selector: '#root', visibleText: 0 } });
  });

  it('counts JSON data blocks as data, not scripts', () => {
    const html = '<html><body><div id="root"></div><script type="application/ld+json">{"@type":"Article"}</script></body></html>';
    expect(judgeStaticHtml(html, URL)).toMatchObject({ shell: false, facts: { scripts: 0 } });
  });

  it('a page with scripts and no same-site link is a shell only when it is short', () => {
    const scripts = '<script src="/app.js"></script>';
    expect(judgeStaticHtml(`<html><body><p>Short intro text of the app.</p><a href="https://elsewhere.example/">x</a>${scripts}</body></html>`, URL).signals).toContain('no_same_site_links');
    expect(judgeStaticHtml(`<html><body>${ARTICLE}<a href="https://elsewhere.example/">x</a>${scripts}</body></html>`, URL).shell).toBe(false);
  });
});

describe('mayHoldScripts', () => {
  it.each(readdirSync(SHELLS))('lets the shell of %s through to the verdict', (file) => {
    expect(mayHoldScripts(readFileSync(path.join(SHELLS, file), 'utf8'))).toBe(true);
  });

  it('spares the parse for a page without a script element, whatever the case of the tag', () => {
    expect(mayHoldScripts(page('Post', ['/a'], ARTICLE))).toBe(false);
    expect(mayHoldScripts('<html><body><SCRIPT SRC="/app.js"></SCRIPT></body></html>')).toBe(true);
  });
});

describe('goesStraightToBrowser', () => {
  const page = (url: string, depth: number) => ({ url, depth });

  it('sends every page of render: always, and a page already handed over, straight to the browser', () => {
    expect(goesStraightToBrowser({ render: 'always' }, page('https://a.example/', 0))).toBe(true);
    expect(goesStraightToBrowser({ render: 'auto' }, { ...page('https://a.example/', 0), stage: 'render' })).toBe(true);
    expect(goesStraightToBrowser({ render: 'never' }, page('https://a.example/', 3))).toBe(false);
  });

  it('remembers hosts that served shells, from the next level on, www. or not', () => {
    const marks = new Set([shellHostMark('https://www.a.example/', 0)]);
    expect(goesStraightToBrowser({ render: 'auto', render_hosts: marks }, page('https://a.example/docs', 1))).toBe(true);
    // The same level is not affected: which of its pages finished first must not matter.
    expect(goesStraightToBrowser({ render: 'auto', render_hosts: new Set([shellHostMark('https://a.example/x', 1)]) }, page('https://a.example/y', 1))).toBe(false);
    expect(goesStraightToBrowser({ render: 'auto', render_hosts: marks }, page('https://b.example/', 1))).toBe(false);
    expect(goesStraightToBrowser({ render: 'never', render_hosts: marks }, page('https://a.example/docs', 1))).toBe(false);
  });
});
