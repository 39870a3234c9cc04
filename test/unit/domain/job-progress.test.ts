import { describe, expect, it } from 'vitest';
import { crawledPhrase, progressMeasure } from '../../../lambdas/domain/job-progress.js';

const job = (mode: 'single' | 'select' | 'full', status: 'running' | 'completed' | 'cancelled', crawled: number, extra: { pages_total?: number; failed?: number } = {}) => ({
  mode,
  status,
  max_pages: 50,
  pages_total: extra.pages_total,
  progress: { pages_crawled: crawled, pages_failed: extra.failed ?? 0, pages_skipped: 0 },
});

describe('progress shown against what is real', () => {
  it('a finished full crawl of a 4-page site reads 4, not 4 of 50', () => {
    const finished = job('full', 'completed', 4);
    expect(progressMeasure(finished)).toEqual({ done: 4, total: 4 });
    expect(crawledPhrase(finished)).toBe('4 crawled');
    expect(crawledPhrase(finished, 'page')).toBe('4 pages crawled');
  });

  it('a running full crawl names max_pages as a limit, not as its size', () => {
    const running = job('full', 'running', 3, { failed: 1 });
    expect(progressMeasure(running)).toEqual({ done: 4, limit: 50 });
    expect(crawledPhrase(running)).toBe('3 crawled (at most 50)');
    expect(crawledPhrase(job('full', 'running', 1), 'page')).toBe('1 page crawled (at most 50)');
  });

  it('a select job counts against its URLs, a single job against its page, running or cancelled', () => {
    expect(progressMeasure(job('select', 'running', 3, { pages_total: 10 }))).toEqual({ done: 3, total: 10 });
    expect(crawledPhrase(job('select', 'cancelled', 3, { pages_total: 10 }))).toBe('3 of 10 crawled');
    expect(crawledPhrase(job('select', 'completed', 1, { pages_total: 1 }), 'page')).toBe('1 of 1 page crawled');
    expect(crawledPhrase(job('single', 'running', 0), 'page')).toBe('0 of 1 page crawled');
  });
});
