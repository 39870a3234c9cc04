import { hash } from 'node:crypto';
import { collapseWhitespace } from './html.js';

/**
 * Site-wide boilerplate: blocks (a paragraph, a list, a table, a heading with its short text) that
 * recur on most pages of one job — navigation, footers, "Share this", promos, cookie notes the
 * page-level extraction let through. Each is kept once, on the page it is most a part of (its own
 * page: the contact page for the contact footer), and left out of every other page's section.
 *
 * The decision depends only on the job's pages, fed in document order, never on when they were
 * crawled: the same pages give the same document at any concurrency.
 */

/** A block is site-wide when it is on at least this share of the job's pages... */
export const SITE_WIDE_SHARE = 0.5;
/** ...and on at least this many pages (two pages sharing a paragraph say little). */
export const SITE_WIDE_MIN_PAGES = 3;
/** A heading and a following block up to this long are one block ("Newsletter" and its blurb). */
export const HEADING_TEXT_MAX_CHARS = 200;

interface BlockStats {
  pages: number;
  /** The page the block is kept on: where it is the largest share of the content (the first such page on a tie). */
  keeper: number;
  share: number;
}

export class SiteBoilerplate {
  private readonly blocks = new Map<string, BlockStats>();
  private pageCount = 0;

  /** Counts the blocks of the next page's content (pages are numbered from 0 in the order given). */
  addPage(content: string): void {
    const page = this.pageCount++;
    const blocks = splitBlocks(content);
    const total = blocks.reduce((sum, block) => sum + block.length, 0);
    const seen = new Set<string>();
    for (const block of blocks) {
      const key = blockKey(block);
      if (seen.has(key)) continue;
      seen.add(key);
      const share = block.length / total;
      const stats = this.blocks.get(key);
      if (!stats) this.blocks.set(key, { pages: 1, keeper: page, share });
      else {
        stats.pages++;
        if (share > stats.share) Object.assign(stats, { keeper: page, share });
      }
    }
  }

  /** Page `page`'s content without the site-wide blocks it does not keep; unchanged when it has none. */
  strip(page: number, content: string): string {
    const blocks = splitBlocks(content);
    const kept = blocks.filter((block) => {
      // Rules and other wordless blocks lay the page out; they are not what the reader skips.
      if (!WORD.test(block)) return true;
      const stats = this.blocks.get(blockKey(block));
      return !stats || stats.keeper === page || !this.isSiteWide(stats);
    });
    return kept.length === blocks.length ? content : kept.join('\n\n');
  }

  private isSiteWide(stats: BlockStats): boolean {
    return stats.pages >= SITE_WIDE_MIN_PAGES && stats.pages >= this.pageCount * SITE_WIDE_SHARE;
  }
}

const WORD = /[\p{L}\p{N}]/u;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^#{1,6} /;

/**
 * The blocks of exported markdown or text: runs of lines between blank lines, a fenced code block
 * whole (blank lines and all), a markdown heading together with a short block after it.
 */
export function splitBlocks(content: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  const close = () => {
    if (current.length > 0) blocks.push(current.join('\n'));
    current = [];
  };
  for (const line of content.split('\n')) {
    if (fence === undefined && line.trim() === '') {
      close();
      continue;
    }
    current.push(line);
    const marker = FENCE.exec(line)?.[1];
    if (marker === undefined) continue;
    if (fence === undefined) fence = marker;
    else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
  }
  close();
  return joinHeadings(blocks);
}

function joinHeadings(blocks: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i] as string;
    const next = blocks[i + 1];
    const isShortHeading = HEADING.test(block) && !block.includes('\n');
    if (isShortHeading && next !== undefined && !HEADING.test(next) && next.length <= HEADING_TEXT_MAX_CHARS) {
      joined.push(`${block}\n\n${next}`);
      i++;
    } else joined.push(block);
  }
  return joined;
}

/**
 * What makes two blocks the same: the words, with link and image targets left out (share links and
 * tracking parameters carry each page's own URL) and whitespace collapsed. Hashed, so a large job
 * keeps a few bytes per distinct block.
 */
function blockKey(block: string): string {
  // collapseWhitespace leaves a text without runs as it is: most blocks, and the bulk of a large job.
  const words = collapseWhitespace(block.replace(/\]\([^)]*\)/g, ']')).trim();
  return hash('sha256', words, 'base64url').slice(0, 22);
}
