import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { selectAll, selectOne } from 'css-select';
import { isTag, isText, type AnyNode } from 'domhandler';
import { compareDocumentPosition, removeElement } from 'domutils';
import { z } from 'zod';
import { decodeHtml } from '../lambdas/core/charset.js';
import { toPlainText } from '../lambdas/core/export/text.js';
import { firstElement, parseHtml, textOf } from '../lambdas/core/html.js';
import { loadPages, type Page } from './article-corpus.js';
import type { Snippets } from './extraction-metric.js';

/**
 * Labelled page sets for `eval:extract`, found under one directory:
 * - the article-extraction benchmark (`ground-truth.json` + `html/*.html.gz`);
 * - gold-standard sets laid out as `input/<id>.html` + `GoldStandard/<id>.txt`, the layout of the
 *   merged CleanEval / Dragnet / L3S-GN1 / CleanPortalEval / Readability-tests collection, or as
 *   `html/<id>.htm` + `gold/<id>.txt` (the Big5 and Chaos sets of MSVCode/ir-research-data). The
 *   gold file's format is recognised from its content (see `goldText`);
 * - WCXB (Murrough-Foley/web-content-extraction-benchmark): `metadata.json` beside split folders of
 *   `ground-truth/<id>.json` + `html/<id>.html.gz`; every split is read, one set per page type; a
 *   page whose label has no main content is left out;
 * - trafilatura's evaluation corpus (adbar/trafilatura, `tests/`): `evaldata.json` maps a page's URL
 *   to its file, found in `cache/` or else `eval/`, and the snippets its main content must and must
 *   not hold. Scored by snippets (extraction-metric.ts), not by tokens;
 * - forum threads labelled post by post (fhgr/harvest, `corpus/goldDocuments/`): one `<id>.json` a
 *   page, with its URL, its HTML and each post's text; the main content is the posts' text;
 * - pages labelled by the structure their generator or platform writes (`manifest.jsonl`: each
 *   page's file, plain or gzipped, URL, generator and the elements holding its body): documentation
 *   sites, help centres, shops' product pages; the main content is those elements' text, one set per
 *   generator.
 * A set's group is the folder holding it (e.g. `held-back/big5`; WCXB's own folder for its page
 * types), so sets of one kind can be pooled.
 */
export type LabelledSet = TextLabelledSet | SnippetLabelledSet;

interface SetPlace {
  name: string;
  group: string;
  dir: string;
}

export interface TextLabelledSet extends SetPlace {
  kind: 'article-benchmark' | 'gold-standard';
  pages: Page[];
}

export interface SnippetLabelledSet extends SetPlace {
  kind: 'snippets';
  pages: SnippetPage[];
}

/** A page labelled by snippets rather than by its main content's text. */
export type SnippetPage = Omit<Page, 'articleBody'> & Snippets;

export function findSets(argument: string | undefined): LabelledSet[] {
  if (!argument) throw new Error('usage: npm run eval:extract -- <dir>');
  // The folder as given: the benchmark in it is one set among the others.
  const root = argument;
  const sets: LabelledSet[] = [];
  const visit = (dir: string) => {
    const name = relative(root, dir) || basename(dir);
    const group = relative(root, dirname(dir)) || '.';
    const layout = GOLD_LAYOUTS.find((candidate) => existsSync(join(dir, candidate.html)) && existsSync(join(dir, candidate.gold)));
    if (existsSync(join(dir, 'ground-truth.json'))) sets.push({ name, group, dir, kind: 'article-benchmark', pages: loadPages(dir) });
    else if (layout) sets.push({ name, group, dir, kind: 'gold-standard', pages: loadGoldStandardSet(dir, layout) });
    else if (isWcxb(dir)) sets.push(...loadWcxbSets(dir, name));
    else if (existsSync(join(dir, 'evaldata.json'))) sets.push({ name, group, dir, kind: 'snippets', pages: loadSnippetSet(dir) });
    else if (isForumPostSet(dir)) sets.push({ name, group, dir, kind: 'gold-standard', pages: loadForumPostSet(dir) });
    else if (existsSync(join(dir, GENERATED_PAGES_MANIFEST))) sets.push(...loadGeneratedPageSets(dir, name));
    else for (const entry of readdirSync(dir).sort()) if (statSync(join(dir, entry)).isDirectory()) visit(join(dir, entry));
  };
  visit(root);
  return sets;
}

/** Folder names of a gold-standard set: the pages' HTML (`<id>.<extension>`) and the labels (`<id>.txt`). */
interface GoldLayout {
  html: string;
  extension: string;
  gold: string;
}

const GOLD_LAYOUTS: GoldLayout[] = [
  { html: 'input', extension: 'html', gold: 'GoldStandard' },
  { html: 'html', extension: 'htm', gold: 'gold' },
];

/** Pages of a gold-standard set: only ids that have both files. */
function loadGoldStandardSet(dir: string, layout: GoldLayout): Page[] {
  const pages: Page[] = [];
  for (const file of readdirSync(join(dir, layout.gold)).sort()) {
    if (!file.endsWith('.txt')) continue;
    const id = file.slice(0, -'.txt'.length);
    const htmlFile = join(dir, layout.html, `${id}.${layout.extension}`);
    if (!existsSync(htmlFile)) continue;
    const { html, url } = unwrapCleanEvalInput(decodeHtml(readFileSync(htmlFile)));
    const articleBody = goldText(readFileSync(join(dir, layout.gold, file), 'utf8'));
    pages.push({ id, url: url ?? `https://example.com/${encodeURIComponent(id)}`, html, articleBody });
  }
  return pages;
}

/** WCXB's root: its `metadata.json` names the page types. */
function isWcxb(dir: string): boolean {
  const metadata = join(dir, 'metadata.json');
  if (!existsSync(metadata)) return false;
  return Array.isArray((JSON.parse(readFileSync(metadata, 'utf8')) as { page_types?: unknown }).page_types);
}

interface WcxbLabel {
  /** Empty or missing on a few pages: they are exported without a URL, as a caller might hand one over. */
  url?: string;
  _internal?: { page_type?: { primary?: string } };
  /** Missing or null on a few pages whose main content was never labelled. */
  ground_truth: { main_content?: string | null };
}

/** WCXB's pages of every split (`<split>/ground-truth/<id>.json` + `<split>/html/<id>.html.gz`), one set per page type. */
function loadWcxbSets(dir: string, name: string): LabelledSet[] {
  const byType = new Map<string, Page[]>();
  for (const split of readdirSync(dir).sort()) {
    const labels = join(dir, split, 'ground-truth');
    if (!existsSync(labels)) continue;
    for (const file of readdirSync(labels).sort()) {
      if (!file.endsWith('.json')) continue;
      const id = file.slice(0, -'.json'.length);
      const htmlFile = join(dir, split, 'html', `${id}.html.gz`);
      if (!existsSync(htmlFile)) continue;
      const label = JSON.parse(readFileSync(join(labels, file), 'utf8')) as WcxbLabel;
      const mainContent = label.ground_truth.main_content;
      if (typeof mainContent !== 'string') continue;
      const type = label._internal?.page_type?.primary ?? 'untyped';
      const html = decodeHtml(gunzipSync(readFileSync(htmlFile)));
      const pages = byType.get(type) ?? [];
      pages.push({ id: `${split}/${id}`, url: label.url ?? '', html, articleBody: mainContent });
      byType.set(type, pages);
    }
  }
  return [...byType].sort(([a], [b]) => a.localeCompare(b)).map(([type, pages]) => ({ name: `${name} ${type}`, group: name, dir, kind: 'gold-standard', pages }));
}

const evalDataSchema = z.record(z.string(), z.object({ file: z.string().min(1), with: z.array(z.string()), without: z.array(z.string()) }));

/**
 * trafilatura's corpus, in its file's order. Its keys are page URLs but for a few that are not
 * (`hard::…` names, an `xhttps:` URL): those pages are exported without a URL, as a caller might
 * hand them over. An entry whose file is in neither folder is left out.
 */
function loadSnippetSet(dir: string): SnippetPage[] {
  const entries = evalDataSchema.parse(JSON.parse(readFileSync(join(dir, 'evaldata.json'), 'utf8')));
  return Object.entries(entries).flatMap(([key, entry]) => {
    const htmlFile = ['cache', 'eval'].map((folder) => join(dir, folder, entry.file)).find((file) => existsSync(file));
    if (htmlFile === undefined) return [];
    const url = /^https?:\/\//.test(key) ? key : '';
    return [{ id: entry.file, url, html: decodeHtml(readFileSync(htmlFile)), with: entry.with, without: entry.without }];
  });
}

const forumPostPageSchema = z.object({
  url: z.string(),
  html: z.string(),
  gold_standard_annotation: z.array(z.object({ post_text: z.object({ surface_form: z.string() }) })),
});

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).filter((file) => file.endsWith('.json')).sort();
}

/** A folder of forum pages labelled post by post: its first JSON file says so. */
function isForumPostSet(dir: string): boolean {
  const [first] = jsonFiles(dir);
  return first !== undefined && forumPostPageSchema.safeParse(JSON.parse(readFileSync(join(dir, first), 'utf8'))).success;
}

function loadForumPostSet(dir: string): Page[] {
  return jsonFiles(dir).map((file) => {
    const page = forumPostPageSchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    const articleBody = page.gold_standard_annotation.map((post) => post.post_text.surface_form).join('\n\n');
    return { id: file.slice(0, -'.json'.length), url: page.url, html: withEmptyElementsClosed(page.html), articleBody };
  });
}

/** Elements that have no end tag in HTML: `<br/>` is one whole element, as the page wrote it. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const EMPTY_ELEMENT = /<([a-z][\w-]*)(\s[^<>]*?)?\/>/gi;

/**
 * The forum set's pages were saved by an XML serializer, which writes an empty element as
 * `<div class="x"/>`; an HTML parser (a browser's too) reads that as an open tag, so the rest of the
 * page would nest inside an empty `<i aria-hidden>` or `<a>`. Written back as the HTML the page had.
 */
function withEmptyElementsClosed(html: string): string {
  return html.replace(EMPTY_ELEMENT, (tag, name: string, attributes: string | undefined) =>
    VOID_ELEMENTS.has(name.toLowerCase()) ? tag : `<${name}${attributes ?? ''}></${name}>`,
  );
}

const GENERATED_PAGES_MANIFEST = 'manifest.jsonl';
/** domutils' `DocumentPosition.CONTAINED_BY` (a const enum, which isolated modules cannot read). */
const CONTAINED_BY = 16;

export const generatedPageSchema = z.object({
  file: z.string().min(1),
  url: z.string(),
  generator: z.string().min(1),
  /** The elements holding the page's body (a CSS selector; a shop's summary and its description tab may be two). */
  container: z.string().min(1),
  /** What this page's generator writes inside its body besides those below (a CSS selector). */
  chrome: z.string().min(1).optional(),
});

/**
 * What a generator writes inside a page's body element that is not the page's content: permalink
 * marks beside headings, "edit this page" and source links, pagers, in-page tables of contents, and
 * what is never shown.
 */
const GENERATOR_CHROME = [
  'script', 'style', 'noscript', 'template', '[hidden]',
  'a.headerlink', 'a.anchor', 'a.hash-link', 'a.header-anchor', 'a.anchorjs-link', 'a.anchor-link',
  '.md-content__button', '.md-source-file', '.theme-doc-footer', '.theme-doc-breadcrumbs', '.theme-doc-toc-mobile',
  'nav.pagination-nav', '.prev-next-area', '.prev-next-footer', '.rst-footer-buttons', '.td-page-meta',
  // Line numbers of a listing, which highlighters keep out of what a reader selects and copies.
  '.linenos', '.linenodiv', 'td.gutter', '.rouge-gutter', '.hljs-ln-numbers', '.line-numbers-rows',
].join(', ');

/**
 * Pages labelled by their generator or platform: the main content is the text of the elements the
 * generator (Sphinx, MkDocs, a help centre, a shop, …) writes the page's body into, the outermost
 * ones in document order, less their chrome and the title heading. A page whose elements are
 * missing is left out.
 */
function loadGeneratedPageSets(dir: string, name: string): LabelledSet[] {
  const byGenerator = new Map<string, Page[]>();
  const lines = readFileSync(join(dir, GENERATED_PAGES_MANIFEST), 'utf8').split('\n').filter((line) => line.trim() !== '');
  for (const line of lines) {
    const entry = generatedPageSchema.parse(JSON.parse(line));
    const html = decodeHtml(gunzippedIfGzip(readFileSync(join(dir, entry.file))));
    const matched = selectAll(entry.container, parseHtml(html).document.children).filter(isTag);
    const parts = matched.filter((element) => !matched.some((other) => compareDocumentPosition(other, element) & CONTAINED_BY));
    if (parts.length === 0) continue;
    for (const chrome of selectAll([GENERATOR_CHROME, entry.chrome ?? []].flat().join(', '), parts)) removeElement(chrome);
    // The page's title heading is left out, as the other sets' labels leave out the headline.
    const title = selectOne('h1', parts);
    if (title) removeElement(title);
    const pages = byGenerator.get(entry.generator) ?? [];
    pages.push({ id: entry.file, url: entry.url, html, articleBody: parts.map((part) => toPlainText(part)).join('\n\n') });
    byGenerator.set(entry.generator, pages);
  }
  return [...byGenerator].sort(([a], [b]) => a.localeCompare(b)).map(([generator, pages]) => ({ name: `${name} ${generator}`, group: name, dir, kind: 'gold-standard', pages }));
}

/** A page kept as its repository keeps it, gzipped (a benchmark's `html/<sha>.html.gz`), is read unzipped. */
function gunzippedIfGzip(bytes: Buffer): Buffer {
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

const CLEANEVAL_WRAPPER = /^\s*<text id="([^"]*)"[^>]*>/;

/** CleanEval inputs are wrapped in `<text id="URL" …>…</text>`, which is not part of the page. */
function unwrapCleanEvalInput(html: string): { html: string; url: string | undefined } {
  const wrapper = CLEANEVAL_WRAPPER.exec(html);
  if (!wrapper) return { html, url: undefined };
  const url = URL.canParse(wrapper[1] ?? '') ? wrapper[1] : undefined;
  return { html: html.slice(wrapper[0].length).replace(/<\/text>\s*$/, ''), url };
}

/** L3S-GN1 labels: headline, full text and supplemental (captions), as the WCEB paper counts them. */
const L3S_MAIN_CONTENT = /\bx-nc-sel[123]\b/;
const L3S_LABEL = /\bx-nc-sel\d\b/;
/** Dragnet's gold files hold the article, then this marker (its first characters vary), then the comments. */
const DRAGNET_COMMENTS = /^\S*\^&\*\(\)\s+COMMENTS\s*$/m;

/**
 * The main-content text of a gold file, by its format: L3S-GN1 annotated HTML (text in elements
 * labelled headline, full text or supplemental), CleanEval markup (a `URL:` line, then text with
 * `<p>`, `<h>`, `<l>` marks), HTML (the Readability tests' expected output), or plain text (Dragnet,
 * comments cut off).
 */
function goldText(raw: string): string {
  if (L3S_LABEL.test(raw)) return l3sMainText(raw);
  if (/^\s*URL:/.test(raw)) return textOf(parseHtml(raw.replace(/^\s*URL:[^\n]*\n/, '')).document);
  if (/^\s*</.test(raw)) {
    const { document } = parseHtml(raw);
    const body = firstElement(document, (e) => e.name === 'body');
    return body ? toPlainText(body) : textOf(document);
  }
  const comments = DRAGNET_COMMENTS.exec(raw);
  return comments ? raw.slice(0, comments.index) : raw;
}

function l3sMainText(html: string): string {
  const parts: string[] = [];
  const walk = (node: AnyNode, inMain: boolean) => {
    if (isText(node)) {
      if (inMain) parts.push(node.data);
      return;
    }
    if (!isTag(node)) return;
    const label = node.attribs.class ?? '';
    const main = L3S_LABEL.test(label) ? L3S_MAIN_CONTENT.test(label) : inMain;
    for (const child of node.children) walk(child, main);
  };
  for (const node of parseHtml(html).document.children) walk(node, false);
  return parts.join('\n');
}
