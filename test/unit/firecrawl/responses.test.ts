import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../lambdas/domain/job.js';
import type { LedgerEntry } from '../../../lambdas/domain/ledger.js';
import { creditUsage, firecrawlDocument, jobErrors, jobsStatus } from '../../../lambdas/firecrawl/responses.js';
import { decodeCursor, encodeCursor } from '../../../lambdas/workflow/firecrawl-pages.js';

const entry = (fields: Partial<LedgerEntry>): LedgerEntry => ({ job_id: 'j1', sk: 'p#00#000000', url: 'https://example.com/', depth: 0, index: 0, status: 'crawled', ...fields });

function job(fields: Partial<JobRecord>): JobRecord {
  return {
    job_id: 'j1', user_id: 'u', status: 'completed', url: 'https://example.com/', mode: 'full', export_formats: ['markdown'], respect_robots: true, check_tos: true, only_main_content: true, render: 'auto',
    max_depth: 3, max_pages: 50, concurrency: 5, progress: { pages_crawled: 0, pages_failed: 0, pages_skipped: 0 }, cancel_requested: false, error: null,
    quota: { reserved: 50, charged: 0, period: '2026-11', settled: false }, created_at: '2026-11-26T10:00:00.000Z', started_at: '2026-11-26T10:00:01.000Z', finished_at: null,
    expires_at: 1_800_000_000, level: null, pages_planned: 0, ...fields,
  };
}

describe('Firecrawl documents from the ledger and stored pages', () => {
  it('gives the formats the job asked for, the markdown without the section header, and the metadata', () => {
    const document = firecrawlDocument(
      { job_id: 'j1', firecrawl: { kind: 'crawl', formats: ['markdown', 'links', 'rawHtml'] } },
      entry({ url: 'https://example.com/a', final_url: 'https://example.com/b', title: 'B', http_status: 200 }),
      { sections: { markdown: 'URL: https://example.com/b\nTitle: B\n\n# B\n\nText.' }, firecrawl: { links: ['https://example.com/c'], raw_html: '<p>B</p>', description: 'About B', language: 'en' } },
    );
    expect(document).toEqual({
      markdown: '# B\n\nText.',
      rawHtml: '<p>B</p>',
      links: ['https://example.com/c'],
      metadata: { title: 'B', description: 'About B', language: 'en', sourceURL: 'https://example.com/a', url: 'https://example.com/b', statusCode: 200, scrapeId: 'j1' },
    });
  });

  it('says why a page the site refused has no content', () => {
    expect(firecrawlDocument({ job_id: 'j1' }, entry({ status: 'failed', reason: 'http_404', http_status: 404 }), undefined)).toEqual({
      markdown: '',
      metadata: { sourceURL: 'https://example.com/', url: 'https://example.com/', statusCode: 404, error: 'http_404', scrapeId: 'j1' },
    });
  });
});

describe('status of a crawl or a batch', () => {
  it('is scraping while any job runs, and counts pages over all jobs', () => {
    const status = jobsStatus(
      [job({ status: 'running', pages_planned: 10, progress: { pages_crawled: 4, pages_failed: 1, pages_skipped: 0 } }), job({ job_id: 'j2', status: 'completed', quota: { reserved: 2, charged: 2, period: '2026-11', settled: true }, progress: { pages_crawled: 2, pages_failed: 0, pages_skipped: 0 } })],
      { data: [], next: 'https://api.example/firecrawl/v2/crawl/j1?cursor=x' },
    );
    expect(status).toEqual({ success: true, status: 'scraping', completed: 6, total: 11, creditsUsed: 6, expiresAt: '2027-01-15T08:00:00.000Z', next: 'https://api.example/firecrawl/v2/crawl/j1?cursor=x', data: [] });
  });

  it('ends completed if any job completed, else cancelled, else failed; no `next` on the last page', () => {
    expect(jobsStatus([job({ status: 'failed' }), job({ status: 'completed' })], { data: [] })).toMatchObject({ status: 'completed' });
    expect(jobsStatus([job({ status: 'failed' }), job({ status: 'cancelled' })], { data: [] })).toMatchObject({ status: 'cancelled' });
    expect(jobsStatus([job({ status: 'failed' })], { data: [] })).not.toHaveProperty('next');
  });
});

describe('errors, credit usage and cursors', () => {
  it('lists failed pages with their reason, and robots.txt refusals', () => {
    const errors = jobErrors([
      { job: job({ finished_at: '2026-11-26T10:01:00.000Z' }), entry: entry({ status: 'failed', reason: 'http_500', http_status: 500, url: 'https://example.com/x' }) },
      { job: job({}), entry: entry({ status: 'skipped', reason: 'robots_disallowed', url: 'https://example.com/private' }) },
      { job: job({}), entry: entry({ status: 'failed', reason: 'timeout', url: 'https://example.com/slow', sk: 'p#01#000001' }) },
      { job: job({}), entry: entry({ status: 'skipped', reason: 'not_html', url: 'https://example.com/file.bin' }) },
    ]);
    expect(errors).toEqual({
      errors: [
        { id: 'j1:p#00#000000', timestamp: '2026-11-26T10:01:00.000Z', url: 'https://example.com/x', error: 'http_500 (HTTP 500)' },
        { id: 'j1:p#01#000001', timestamp: '2026-11-26T10:00:01.000Z', url: 'https://example.com/slow', error: 'timeout' },
      ],
      robotsBlocked: ['https://example.com/private'],
    });
  });

  it('tells the month\'s pages as credits, the period as the calendar month (UTC)', () => {
    expect(creditUsage({ allowance: 1000, used: 300, reserved: 50 }, new Date('2026-12-15T12:00:00Z'))).toEqual({
      success: true,
      data: { remainingCredits: 650, planCredits: 1000, billingPeriodStart: '2026-12-01T00:00:00.000Z', billingPeriodEnd: '2027-01-01T00:00:00.000Z' },
    });
    expect(creditUsage({ allowance: 10, used: 10, reserved: 5 }, new Date()).data.remainingCredits).toBe(0);
  });

  it('reads back its own cursors, and starts over on anything else', () => {
    expect(decodeCursor(encodeCursor({ job: 1, after: 'p#02#000007' }))).toEqual({ job: 1, after: 'p#02#000007' });
    expect(decodeCursor('bm90IGpzb24')).toBeUndefined();
    expect(decodeCursor(encodeCursor({ job: -1 }))).toBeUndefined();
    expect(decodeCursor(Buffer.from('{"job":0,"after":"x#"}').toString('base64url'))).toBeUndefined();
  });
});
