import { z } from 'zod';
import { jsonLineText } from '../core/characters.js';

/**
 * One crawled page of the JSON Lines result (CONTRACT 10), in crawl order. The OpenAPI document
 * publishes it as the `PageRecord` component, from which the client's type is generated.
 */
export const PageRecordSchema = z
  .strictObject({
    url: z.string().meta({ description: 'The URL as queued.' }),
    final_url: z.string().meta({ description: 'Where redirects ended; `url` when there were none.' }),
    title: z.string().nullable(),
    depth: z.int().min(0).meta({ description: 'Links followed from the seed (the seed is 0).' }),
    fetched_at: z.iso.datetime().meta({ description: "When the page's fetch answered, ISO 8601 in UTC." }),
    markdown: z.string().optional().meta({ description: "The page's section content in markdown, when the job's documents are built from it." }),
    text: z.string().optional().meta({ description: "The page's section content in plain text, when the job asked for text." }),
  })
  .meta({
    id: 'PageRecord',
    description: 'One line of `GET …/result?format=jsonl`: one crawled page, in crawl order.',
    examples: [{ url: 'https://example.com/a', final_url: 'https://example.com/a', title: 'A', depth: 1, fetched_at: '2026-11-25T10:00:01.000Z', markdown: '# A\n\nText.' }],
  });
export type PageRecord = z.infer<typeof PageRecordSchema>;

/**
 * One line of the JSON Lines result. It streams: each page is one line on its own, and every line
 * break inside the content is escaped (`jsonLineText`: those JSON escapes and those it leaves raw,
 * which other languages' line splitters take as line ends), so a line is always exactly one page.
 * The keys come in the contract's order, whatever order the caller built the record in.
 */
export function jsonlLine(record: PageRecord): string {
  const { url, final_url, title, depth, fetched_at, markdown, text } = record;
  return `${jsonLineText(JSON.stringify({ url, final_url, title, depth, fetched_at, markdown, text }))}\n`;
}
