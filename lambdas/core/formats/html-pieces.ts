/**
 * One page's printed section (`htmlPageSection` for print) cut into pieces of about `maxBytes`
 * each, so that a page larger than a print part is printed in several parts and the print
 * browser's memory follows the part, not the page: a 5 MiB page printed whole took it to 3.6 GB.
 *
 * A piece ends at the first place it can once it holds `maxBytes`: before a block (a paragraph,
 * list item, table row, quote, code block, table…) or between two runs of a long block
 * (`boundedRuns`), never inside a run, a heading, a table row or the table's head. The elements
 * open there are closed at the piece's end and opened again at the next piece's start, so each
 * piece is whole HTML: the section again without its id (which names the PDF's destination for
 * the page, and so stays in the first piece; `data-continues` names it instead), a table with its
 * head again, an ordered list counting on from where it stopped.
 */
export function sectionPieces(html: string, maxBytes: number): string[] {
  if (Buffer.byteLength(html) <= maxBytes) return [html];
  const pieces: string[] = [];
  const open: OpenElement[] = [];
  let piece: string[] = [];
  let bytes = 0;
  for (const token of html.match(/<[^>]*>|[^<]+/g) ?? []) {
    const start = /^<([a-z][a-z0-9]*)/i.exec(token)?.[1]?.toLowerCase();
    if (start && bytes >= maxBytes && CUT_BEFORE.has(start) && !open.some((element) => NO_CUT_INSIDE.has(element.name))) {
      pieces.push(piece.join('') + open.map(({ name }) => `</${name}>`).reverse().join(''));
      piece = open.map(reopened);
      bytes = Buffer.byteLength(piece.join(''));
    }
    piece.push(token);
    bytes += Buffer.byteLength(token);
    if (start && !VOID_ELEMENTS.has(start)) {
      open.push({ name: start, tag: token, closedItems: 0, head: '', startsAt: piece.length - 1 });
    } else if (token.startsWith('</')) {
      const closed = open.pop();
      const parent = open.at(-1);
      if (closed && parent && closed.name === 'li') parent.closedItems += 1;
      if (closed && parent && closed.name === 'thead') parent.head = piece.slice(closed.startsAt).join('');
    }
  }
  pieces.push(piece.join(''));
  return pieces;
}

interface OpenElement {
  name: string;
  tag: string;
  /** Of an ordered list: its items closed so far, which the next piece's list counts on from. */
  closedItems: number;
  /** Of a table: its head, which the next piece's table repeats. */
  head: string;
  /** Where the element's start tag is in the piece's tokens. */
  startsAt: number;
}

/** The start tag that opens `element` again at the start of the next piece. */
function reopened(element: OpenElement): string {
  const tag = element.tag.replace(/ id="([^"]*)"/, ' data-continues="$1"');
  if (element.name === 'table') return tag + element.head;
  if (element.name !== 'ol' || element.closedItems === 0) return tag;
  const start = Number(/ start="(\d+)"/.exec(tag)?.[1] ?? 1) + element.closedItems;
  return `<ol start="${start}"${tag.replace(/^<ol/, '').replace(/ start="\d+"/, '')}`;
}

/** Elements a piece may end before. */
const CUT_BEFORE = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'pre', 'blockquote', 'table', 'tr', 'hr', 'div', 'span']);
/** Elements a piece never ends inside: a run (`span`), a heading, a table's head or row, inline markup. */
const NO_CUT_INSIDE = new Set(['span', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'thead', 'tr', 'th', 'td', 'a', 'em', 'strong', 'del']);
/** Elements with no end tag. */
const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'input', 'wbr']);
