import { isTag, type Document, type Element } from 'domhandler';
import { descendantElements, firstElement } from '../html.js';

/**
 * What a page says it is, where that changes what its main content is: a product page's reviews
 * and switched panels (specifications, details) are its content, and so are a discussion's replies,
 * where on an article page comments and hidden panels are not.
 */
export type PageKind = 'product' | 'discussion';

const PRODUCT_TYPES = new Set(['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel']);
const DISCUSSION_TYPES = new Set(['DiscussionForumPosting', 'QAPage', 'Question']);

/**
 * The page's kind from its own markup: the schema.org types of its top-level items (JSON-LD, with
 * `@graph`, or microdata) and its `og:type`. A product counts when it is on sale (it has `offers`,
 * or variants that do): rating plugins mark a blog post as a Product with a rating and nothing else.
 * A page that calls itself an article (`og:type` article) is no product page, whatever product a
 * review in it describes.
 */
export function pageKind(document: Document, jsonLd: readonly string[]): PageKind | undefined {
  const types = new Set([...jsonLd.flatMap(jsonLdTypes), ...microdataTypes(document)]);
  if ([...types].some((type) => DISCUSSION_TYPES.has(type))) return 'discussion';
  const ogType = firstElement(document, (e) => e.name === 'meta' && (e.attribs.property ?? e.attribs.name)?.toLowerCase() === 'og:type')?.attribs.content?.trim().toLowerCase() ?? '';
  if (ogType.startsWith('article')) return undefined;
  if (/^(og:)?product\b/.test(ogType) || [...types].some((type) => PRODUCT_TYPES.has(type))) return 'product';
  return undefined;
}

/** `http://schema.org/Product`, `schema:Product` and `Product` are one type. */
function typeName(value: string): string {
  return value.trim().replace(/^.*[/:#]/, '');
}

function jsonLdTypes(text: string): string[] {
  try {
    return itemTypes(JSON.parse(text));
  } catch {
    return [];
  }
}

/** The types of a JSON-LD document's top-level items: the root, each of an array, each of `@graph`. */
function itemTypes(data: unknown): string[] {
  if (Array.isArray(data)) return data.flatMap(itemTypes);
  if (typeof data !== 'object' || data === null) return [];
  const { '@type': type, '@graph': graph } = data as Record<string, unknown>;
  const own = (Array.isArray(type) ? type : [type]).filter((value): value is string => typeof value === 'string').map(typeName);
  const onSale = 'offers' in data || 'hasVariant' in data;
  return [...own.filter((name) => onSale || !PRODUCT_TYPES.has(name)), ...(Array.isArray(graph) ? graph.flatMap(itemTypes) : [])];
}

/** The types of the page's microdata items that are not a property of another item. */
function microdataTypes(document: Document): string[] {
  const topLevel = descendantElements(document, (e) => 'itemscope' in e.attribs && e.attribs.itemtype !== undefined && !('itemprop' in e.attribs) && !insideItem(e));
  return topLevel.flatMap((item) => {
    const onSale = firstElement(item, (e) => e.attribs.itemprop === 'offers') !== undefined;
    return (item.attribs.itemtype ?? '').split(/\s+/).filter(Boolean).map(typeName).filter((name) => onSale || !PRODUCT_TYPES.has(name));
  });
}

function insideItem(element: Element): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) if (isTag(parent) && 'itemscope' in parent.attribs) return true;
  return false;
}
