import { Parser } from 'htmlparser2';
import { boundHtml, documentBaseUrl, resolveHttpUrl } from './html.js';
import { isSameSite, siteKey } from './urls.js';

/** `render` of a job (CONTRACT 9). */
export const RENDER_MODES = ['auto', 'always', 'never'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

/**
 * Why a page's static HTML looks like a script-built shell. The signals are the ones published
 * renderers and SEO crawlers use (Google's "JavaScript SEO basics", Prerender and Rendertron's
 * checks): an application root left empty, a `<noscript>` asking for JavaScript, text that is
 * nothing next to the scripts, and no link to follow.
 */
export type ShellSignal = 'empty_app_root' | 'noscript_requires_javascript' | 'scripts_outweigh_text' | 'no_same_site_links';

export interface ShellVerdict {
  shell: boolean;
  signals: ShellSignal[];
  /** What the decision was made from, for the evaluation and for logs. */
  facts: PageFacts;
}

export interface PageFacts {
  /** Non-space characters of text a reader would see (not in scripts, styles, noscript, templates, head). */
  visibleText: number;
  /** Executable scripts: inline or external, not JSON data blocks. */
  scripts: number;
  /** Characters of inline executable script plus `EXTERNAL_SCRIPT_WEIGHT` per external or preloaded one. */
  scriptWeight: number;
  sameSiteLinks: number;
  /** The first application root found, and the text inside it. */
  appRoot: { selector: string; visibleText: number } | undefined;
  noscriptAsksForJavaScript: boolean;
}

/** ids frameworks mount into: React (create-react-app, Vite), Vue, Next, Nuxt, Gatsby, Angular, Svelte(Kit) starters. */
const APP_ROOT_IDS = new Set(['root', 'app', '__next', '__nuxt', '___gatsby', 'app-root', 'svelte', 'main-app', 'react-root', 'application']);
/** Attributes that mark an element as a framework's root. */
const APP_ROOT_ATTRIBUTES = ['ng-app', 'data-ng-app', 'ng-version', 'data-reactroot', 'data-v-app'];
/** Custom elements frameworks render into (Angular CLI's default). */
const APP_ROOT_TAGS = new Set(['app-root']);

/** Script types that are data, not code. */
const DATA_SCRIPT_TYPES = /^(application\/(ld\+)?json|importmap|speculationrules|text\/template|text\/x-template|text\/html)$/i;
const NOT_VISIBLE = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg']);
/** An external bundle is rarely under a few kilobytes; its size is unknown from the HTML alone. */
const EXTERNAL_SCRIPT_WEIGHT = 2_000;

/** An application root with less text than this has not been rendered on the server. */
const EMPTY_ROOT_TEXT = 80;
/** A page with a `<noscript>` plea is a shell unless it has real content besides. */
const PLEA_PAGE_TEXT = 500;
/** "Little visible text": a heading and a sentence. */
const LITTLE_TEXT = 200;
/** Scripts this many times heavier than the text (with a floor for pages of no text at all). */
const SCRIPT_TO_TEXT_RATIO = 10;
const TEXT_FLOOR = 50;
/** A page without same-site links is a shell only when it is also short: a long standalone article is not. */
const LINKLESS_PAGE_TEXT = 1_000;

const JAVASCRIPT_PLEA = /\b(enable|requires?|required|need(s|ed)?|turn(ed)? on|activate|allow|without)\b[^.!]{0,60}\bjava\s?script\b|\bjava\s?script\b[^.!]{0,40}\b(required|needed|disabled|enabled|turned off|must be)\b/i;

/**
 * Whether a page's static HTML is a shell its scripts fill in (`render: auto`). Pages without
 * executable scripts never are: there is nothing a browser would add. Pure and bounded like the
 * export (the HTML is cut at the export's size cap).
 */
export function judgeStaticHtml(html: string, pageUrl: string): ShellVerdict {
  const facts = readFacts(boundHtml(html).html, pageUrl);
  const signals: ShellSignal[] = [];
  if (facts.scripts > 0) {
    if (facts.appRoot && facts.appRoot.visibleText < EMPTY_ROOT_TEXT && facts.visibleText < PLEA_PAGE_TEXT) signals.push('empty_app_root');
    if (facts.noscriptAsksForJavaScript && facts.visibleText < PLEA_PAGE_TEXT) signals.push('noscript_requires_javascript');
    if (facts.visibleText < LITTLE_TEXT && facts.scriptWeight >= SCRIPT_TO_TEXT_RATIO * Math.max(facts.visibleText, TEXT_FLOOR)) {
      signals.push('scripts_outweigh_text');
    }
    if (facts.sameSiteLinks === 0 && facts.visibleText < LINKLESS_PAGE_TEXT) signals.push('no_same_site_links');
  }
  return { shell: signals.length > 0, signals, facts };
}

/**
 * Whether the HTML may hold a script element: a page without one is never a shell, and a substring
 * search costs a fraction of the parse `judgeStaticHtml` needs, so most static pages skip it.
 */
export function mayHoldScripts(html: string): boolean {
  return /<script/i.test(html);
}

/**
 * Host memory of `render: auto`: once a page of a host was found to be a shell at some depth, the
 * host's pages at greater depths go straight to the browser without a static look first (the
 * static fetch would only confirm it, at the price of a second fetch). Only shallower levels
 * count, and a level ends before the next starts, so which pages go straight never depends on
 * which page of a level happened to finish first: the document stays deterministic.
 */
export function shellHostMark(pageUrl: string, depth: number): string {
  return `${siteKey(new URL(pageUrl).hostname)}@${depth}`;
}

export function hostServesShells(marks: ReadonlySet<string> | undefined, pageUrl: string, depth: number): boolean {
  if (!marks || marks.size === 0) return false;
  const host = siteKey(new URL(pageUrl).hostname);
  for (let shallower = 0; shallower < depth; shallower++) if (marks.has(`${host}@${shallower}`)) return true;
  return false;
}

/** Whether the page worker hands a page to the browser without fetching it first. */
export function goesStraightToBrowser(job: { render: RenderMode; render_hosts?: ReadonlySet<string> }, entry: { url: string; depth: number; stage?: 'render' }): boolean {
  if (entry.stage === 'render' || job.render === 'always') return true;
  return job.render === 'auto' && hostServesShells(job.render_hosts, entry.url, entry.depth);
}

function readFacts(html: string, pageUrl: string): PageFacts {
  const open: string[] = [];
  let hidden = 0;
  let appRootDepth = -1;
  let appRootText = 0;
  let appRoot: PageFacts['appRoot'];
  let inScript: 'code' | 'data' | undefined;
  let noscriptDepth = 0;
  let noscriptText = '';
  let baseHref: string | undefined;
  const hrefs: string[] = [];
  const facts = { visibleText: 0, scripts: 0, scriptWeight: 0 };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        open.push(name);
        if (NOT_VISIBLE.has(name)) hidden += 1;
        if (name === 'noscript') noscriptDepth += 1;
        if (name === 'base' && baseHref === undefined && attributes.href) baseHref = attributes.href;
        if (name === 'a' && attributes.href) hrefs.push(attributes.href);
        if (name === 'link' && isScriptPreload(attributes)) facts.scriptWeight += EXTERNAL_SCRIPT_WEIGHT;
        if (name === 'script') {
          const isData = DATA_SCRIPT_TYPES.test((attributes.type ?? '').trim());
          inScript = isData ? 'data' : 'code';
          if (!isData) {
            facts.scripts += 1;
            if (attributes.src) facts.scriptWeight += EXTERNAL_SCRIPT_WEIGHT;
          }
        }
        if (appRoot === undefined && isAppRoot(name, attributes)) {
          appRoot = { selector: selectorOf(name, attributes), visibleText: 0 };
          appRootDepth = open.length;
        }
      },
      ontext(text) {
        if (inScript === 'code') facts.scriptWeight += text.trim().length;
        if (noscriptDepth > 0 && noscriptText.length < 2_000) noscriptText += text;
        if (hidden > 0) return;
        const visible = text.replace(/\s+/g, '').length;
        facts.visibleText += visible;
        if (appRootDepth > 0 && open.length >= appRootDepth) appRootText += visible;
      },
      onclosetag(name) {
        // htmlparser2 closes implied elements too, so the stack pops in step with the opens.
        const index = open.lastIndexOf(name);
        if (index === -1) return;
        for (const closed of open.splice(index)) {
          if (NOT_VISIBLE.has(closed)) hidden -= 1;
          if (closed === 'noscript') noscriptDepth -= 1;
          if (closed === 'script') inScript = undefined;
        }
        if (appRootDepth > open.length) appRootDepth = 0;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.parseComplete(html);

  const base = documentBaseUrl(baseHref, pageUrl);
  let sameSiteLinks = 0;
  for (const href of hrefs) {
    const target = resolveHttpUrl(href, base);
    if (target && isSameSite(target, pageUrl)) sameSiteLinks += 1;
  }
  return {
    ...facts,
    sameSiteLinks,
    appRoot: appRoot && { ...appRoot, visibleText: appRootText },
    noscriptAsksForJavaScript: JAVASCRIPT_PLEA.test(noscriptText),
  };
}

function isScriptPreload(attributes: Record<string, string>): boolean {
  const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
  return rel.includes('modulepreload') || (rel.includes('preload') && attributes.as === 'script');
}

function isAppRoot(name: string, attributes: Record<string, string>): boolean {
  if (APP_ROOT_TAGS.has(name)) return true;
  if (attributes.id !== undefined && APP_ROOT_IDS.has(attributes.id)) return true;
  return APP_ROOT_ATTRIBUTES.some((attribute) => attribute in attributes);
}

function selectorOf(name: string, attributes: Record<string, string>): string {
  if (attributes.id !== undefined && APP_ROOT_IDS.has(attributes.id)) return `#${attributes.id}`;
  const attribute = APP_ROOT_ATTRIBUTES.find((candidate) => candidate in attributes);
  return attribute ? `[${attribute}]` : name;
}
