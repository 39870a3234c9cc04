import { rateLimited } from '../api/errors.js';
import { decodeHtml } from '../core/charset.js';
import type { HostUnreachableReason } from '../core/fetch-types.js';
import { extractLinks } from '../core/links.js';
import { previewSite, type PreviewSiteInput, type SitemapPreview } from '../core/preview.js';
import { fetchRobotsTxt, hostUnreachableReason, robotsPolicyFromFetch } from '../core/robots.js';
import { admitRolling } from '../data/rate-limits.js';
import { recordRateLimitRefusal } from '../observability/metrics.js';
import { sharedFetcher } from './fetcher.js';
import { isAllowedForUs } from './job-robots.js';

/** Spec 8: 20 previews per rolling minute per user (the Firecrawl-compatible map counts as one). */
export const PREVIEW_RATE = { limit: 20, windowSeconds: 60 };

/** Takes one of the user's previews of the minute, or throws the 429. */
export async function admitPreview(userId: string): Promise<void> {
  const admission = await admitRolling(`${userId}#preview`, PREVIEW_RATE.limit, PREVIEW_RATE.windowSeconds);
  if (!admission.allowed) {
    recordRateLimitRefusal();
    throw rateLimited(admission.retryAfterSeconds);
  }
}

/**
 * A site's candidate pages (`GET /v1/sitemap/preview`, `POST /firecrawl/v2/map`): robots.txt read
 * first, under the same rules as a crawl; a host that gives no answer at all says why instead.
 */
export async function previewOf(
  url: string,
  options: Pick<PreviewSiteInput, 'limit' | 'sitemaps' | 'deadline'>,
): Promise<SitemapPreview | { unreachable: HostUnreachableReason }> {
  const fetchDocument = sharedFetcher();
  const robotsFetch = await fetchRobotsTxt(new URL(url).origin, fetchDocument);
  const unreachable = hostUnreachableReason(robotsFetch);
  if (unreachable) return { unreachable };
  const robots = robotsPolicyFromFetch(robotsFetch);
  return previewSite({
    seedUrl: url,
    ...options,
    fetchDocument,
    robotsSitemaps: [...robots.sitemaps],
    isAllowedByRobots: (candidate) => isAllowedForUs(robots, candidate),
    extractLinks,
    decodeHtml,
  });
}
