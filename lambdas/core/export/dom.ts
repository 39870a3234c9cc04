import { Element, Text, isTag, type AnyNode, type ChildNode, type ParentNode } from 'domhandler';
import { textOf } from '../html.js';

/**
 * Tree edits on domhandler nodes that stay linear on wide pages: removing thousands of siblings
 * one `splice` at a time is quadratic, so removals are batched per parent.
 */

export function createElement(name: string, children: ChildNode[] = []): Element {
  const element = new Element(name, {});
  setChildren(element, children);
  return element;
}

export function createText(data: string): Text {
  return new Text(data);
}

/** Makes `children` the children of `parent`, detaching them from where they were. */
export function setChildren(parent: ParentNode, children: ChildNode[]): void {
  const moving = children.filter((child) => child.parent !== null && child.parent !== parent);
  if (moving.length > 0) removeNodes(moving);
  relink(parent, children);
}

/** Detaches every node of `nodes` from its parent, one pass per parent. */
export function removeNodes(nodes: Iterable<AnyNode>): void {
  const byParent = new Map<ParentNode, Set<AnyNode>>();
  for (const node of nodes) {
    if (!node.parent) continue;
    let set = byParent.get(node.parent);
    if (!set) byParent.set(node.parent, (set = new Set()));
    set.add(node);
  }
  for (const [parent, removed] of byParent) {
    for (const node of removed) {
      node.parent = null;
      node.prev = null;
      node.next = null;
    }
    relink(parent, parent.children.filter((child) => !removed.has(child)));
  }
}

export function removeNode(node: AnyNode): void {
  removeNodes([node]);
}

/** Puts `replacement` (a node or several) where `node` is. */
export function replaceNode(node: ChildNode, replacement: ChildNode | ChildNode[]): void {
  const parent = node.parent;
  if (!parent) return;
  const replacements = Array.isArray(replacement) ? replacement : [replacement];
  const moving = replacements.filter((child) => child.parent !== null && child.parent !== parent);
  if (moving.length > 0) removeNodes(moving);
  const incoming = new Set(replacements);
  const children: ChildNode[] = [];
  for (const child of parent.children) {
    if (child === node) for (const added of replacements) children.push(added);
    else if (!incoming.has(child)) children.push(child);
  }
  node.parent = null;
  node.prev = null;
  node.next = null;
  relink(parent, children);
}

/** Moves `node` just before `reference`. */
export function insertBefore(reference: ChildNode, node: ChildNode): void {
  const parent = reference.parent;
  if (!parent) return;
  if (node.parent) removeNode(node);
  const children: ChildNode[] = [];
  for (const child of parent.children) {
    if (child === reference) children.push(node);
    children.push(child);
  }
  relink(parent, children);
}

/**
 * Makes `children` the children of `parent` without detaching them from their old parent: only for
 * callers that rebuild the old parent's children themselves (it keeps a rewrite of a wide node linear).
 */
export function relink(parent: ParentNode, children: ChildNode[]): void {
  parent.children = children;
  let previous: ChildNode | null = null;
  for (const child of children) {
    child.parent = parent;
    child.prev = previous;
    if (previous) previous.next = child;
    previous = child;
  }
  if (previous) previous.next = null;
}

export function elementChildren(parent: ParentNode): Element[] {
  return parent.children.filter(isTag);
}

/** Nearest ancestor named `name` within `maxLevels` levels (all levels when omitted). */
export function findAncestor(node: AnyNode, name: string, maxLevels = Number.POSITIVE_INFINITY): Element | undefined {
  let level = 0;
  for (let current = node.parent; current && level < maxLevels; current = current.parent, level++) {
    if (isTag(current) && current.name === name) return current;
  }
  return undefined;
}

/** The element just before `node` among its siblings, past text between them. */
export function previousElement(node: AnyNode): Element | undefined {
  for (let previous = node.prev; previous; previous = previous.prev) if (isTag(previous)) return previous;
  return undefined;
}

/** Whether `node` lies inside `ancestor`. */
export function isInside(node: AnyNode, ancestor: ParentNode): boolean {
  for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

export function classAndId(element: Element): string {
  return `${authoredClass(element)} ${authoredId(element)}`;
}

/** Words a slug must have to be taken for a heading's rather than a name (`related-posts` is a name). */
const HEADING_SLUG_MIN_WORDS = 4;
const HEADING = /^h[1-6]$/;

/**
 * The element's id, unless it is its heading's words made a slug (Sphinx's `div.section`, a
 * Markdown heading's anchor): `default-filtering-of-related-objects` says what the section is about,
 * not what kind of block it is.
 */
export function authoredId(element: Element): string {
  const id = element.attribs.id ?? '';
  if (id.split('-').length < HEADING_SLUG_MIN_WORDS) return id;
  const heading = HEADING.test(element.name) ? element : element.children.find(isTag);
  if (!heading || !HEADING.test(heading.name)) return id;
  const slug = textOf(heading).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
  return slug === id.replace(/-\d+$/, '') ? '' : id;
}

/** A styled-components class: the component's name (`Box-sc-g0xbh4-0`, `sc-bdVaJa`). */
const STYLED_COMPONENT = /(?:^|-)sc-[a-z0-9]{4,}(?:-\d+)?$/i;
/** Its style's hash beside it: five to eight letters of both cases (`gRssIw`, `crMLA-D`), which may spell `rss` or `Ad`. */
const STYLE_HASH = /^(?=[a-z-]*[A-Z])(?=[A-Z-]*[a-z])[a-zA-Z-]{5,8}$/;

/** The element's class less the names a CSS-in-JS library generated (GitHub's issue pages), which say nothing of what it holds. */
export function authoredClass(element: Element): string {
  const value = element.attribs.class ?? '';
  if (!value.includes('sc-')) return value;
  const names = value.split(/\s+/);
  if (!names.some((name) => STYLED_COMPONENT.test(name))) return value;
  return names.filter((name) => !STYLED_COMPONENT.test(name) && !STYLE_HASH.test(name)).join(' ');
}
