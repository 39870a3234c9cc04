import { z } from 'zod';

/**
 * What a job created through the Firecrawl-compatible surface (`/firecrawl/v2`, docs/firecrawl.md)
 * carries besides an ordinary job's settings: the per-page outputs Firecrawl's documents have, the
 * tag selectors and request headers of its scrape options, and its crawl's URL rules. The crawl
 * engine reads them; a job without them crawls exactly as before.
 */

/** The page formats of a Firecrawl document the service produces. */
export const FIRECRAWL_PAGE_FORMATS = ['markdown', 'html', 'rawHtml', 'links'] as const;
export type FirecrawlPageFormat = (typeof FIRECRAWL_PAGE_FORMATS)[number];

export const FirecrawlJobOptionsSchema = z
  .object({
    kind: z.enum(['scrape', 'crawl', 'batch']).meta({ description: 'The Firecrawl route that created the job: `/v2/scrape`, `/v2/crawl` or `/v2/batch/scrape`.' }),
    formats: z.array(z.enum(FIRECRAWL_PAGE_FORMATS)).meta({ description: "The formats of each page's Firecrawl document." }),
    include_tags: z.array(z.string()).optional().meta({ description: 'CSS selectors: only these elements of a page are exported (`includeTags`).' }),
    exclude_tags: z.array(z.string()).optional().meta({ description: 'CSS selectors: these elements are left out of the export (`excludeTags`).' }),
    headers: z.record(z.string(), z.string()).optional().meta({ description: 'Request headers sent with each page fetch (`headers`).' }),
    include_regex: z.array(z.string()).optional().meta({ description: 'Regular expressions (RE2 syntax); a discovered URL is crawled only if one matches (`includePaths`).' }),
    exclude_regex: z.array(z.string()).optional().meta({ description: 'Regular expressions (RE2 syntax); a discovered URL that matches one is not crawled (`excludePaths`).' }),
    regex_on_full_url: z.boolean().optional().meta({ description: 'The regular expressions are matched against the whole URL instead of its path (`regexOnFullURL`).' }),
    under_path: z.string().optional().meta({ description: "Only discovered URLs whose path starts with this one (the seed's) are crawled (`crawlEntireDomain: false`)." }),
    ignore_query: z.boolean().optional().meta({ description: 'Discovered URLs are crawled without their query string (`ignoreQueryParameters`).' }),
    batch_jobs: z.array(z.string()).optional().meta({ description: 'On the first job of a batch scrape: every job of the batch, in order; the batch id is this job\'s id.' }),
  })
  .meta({ id: 'FirecrawlJobOptions', description: 'The options of a job created through the Firecrawl-compatible routes (`/firecrawl/v2/…`).' });
export type FirecrawlJobOptions = z.infer<typeof FirecrawlJobOptionsSchema>;

