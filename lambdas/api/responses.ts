import { z } from 'zod';
import { PLANS } from '../domain/accounts.js';
import { PublicJobSchema } from '../domain/job.js';
import { PublicLedgerEntrySchema } from '../domain/ledger.js';

/** Response bodies of the API: the handlers build them with these types, the OpenAPI document shows them. */

const nextCursorSchema = z
  .string()
  .nullable()
  .meta({ description: 'Pass as `cursor` to get the next page; null on the last page.' });

export const JobListSchema = z.strictObject({ jobs: z.array(PublicJobSchema), next_cursor: nextCursorSchema }).meta({ id: 'JobList' });
export type JobList = z.infer<typeof JobListSchema>;

export const LedgerPageSchema = z
  .strictObject({ pages: z.array(PublicLedgerEntrySchema), next_cursor: nextCursorSchema })
  .meta({ id: 'LedgerPage', description: 'Ledger entries in crawl order: by depth, then discovery order.' });
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

export const UsageSchema = z
  .strictObject({
    period: z.string().regex(/^\d{4}-\d{2}$/).meta({ description: 'The calendar month (UTC).' }),
    allowance: z.int().min(0),
    used: z.int().min(0),
    reserved: z.int().min(0).meta({ description: 'Pages held by jobs that have not ended.' }),
    remaining: z.int().min(0),
  })
  .meta({ id: 'Usage', examples: [{ period: '2026-11', allowance: 50_000, used: 1_200, reserved: 50, remaining: 48_750 }] });
export type Usage = z.infer<typeof UsageSchema>;

export const AccountSchema = z
  .strictObject({
    user_id: z.string(),
    plan: z.enum(PLANS),
    monthly_pages: z.int().min(0),
    webhook_signing_secret: z.string().meta({ description: 'Key of the HMAC-SHA256 in the `X-Crawl-Signature` header of webhook deliveries.' }),
  })
  .meta({ id: 'Account', examples: [{ user_id: 'alice', plan: 'pro', monthly_pages: 50_000, webhook_signing_secret: 'whsec_…' }] });
export type Account = z.infer<typeof AccountSchema>;

export const SitemapPreviewSchema = z
  .strictObject({
    urls: z.array(z.string()).meta({ description: 'Candidate page URLs on the same site, for a `select` job.' }),
    source: z.enum(['sitemap', 'shallow_crawl']),
    count: z.int().min(0),
    capped: z.boolean().meta({ description: 'True only when `limit` was given and reached.' }),
    assets_filtered: z.int().min(0).meta({ description: 'URLs left out because they name images, PDFs, feeds, scripts and other assets.' }),
  })
  .meta({
    id: 'SitemapPreview',
    description: 'Candidate page URLs of a site, for a `select` job.',
    examples: [{ urls: ['https://example.com/', 'https://example.com/about'], source: 'sitemap', count: 2, capped: false, assets_filtered: 0 }],
  });
export type SitemapPreviewBody = z.infer<typeof SitemapPreviewSchema>;
