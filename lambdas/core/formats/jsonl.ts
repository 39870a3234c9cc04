/** One crawled page of the JSON Lines result, in crawl order; `markdown` and `text` as the job asked for them. */
export interface JsonlRecord {
  url: string;
  /** Where redirects ended; the requested URL when there were none. */
  final_url: string;
  title: string | null;
  depth: number;
  /** When the page was fetched, ISO 8601 in UTC. */
  fetched_at: string;
  markdown?: string;
  text?: string;
}

/**
 * One line of the JSON Lines result. It streams: each page is one line on its own, and JSON
 * escapes every line break inside the content, so a line is always exactly one page. The keys
 * come in the contract's order, whatever order the caller built the record in.
 */
export function jsonlLine(record: JsonlRecord): string {
  const { url, final_url, title, depth, fetched_at, markdown, text } = record;
  return `${JSON.stringify({ url, final_url, title, depth, fetched_at, markdown, text })}\n`;
}
