import { rateLimited, siteUnreachable } from '../api/errors.js';
import { apiHandler } from '../api/handler.js';
import { jsonResponse } from '../api/http.js';
import { parsePreviewQuery } from '../api/query.js';
import { decodeHtml } from '../core/charset.js';
import { extractLinks } from '../core/links.js';
import { previewSite } from '../core/preview.js';
import { fetchRobotsTxt, hostUnreachableReason, robotsPolicyFromFetch } from '../core/robots.js';
import { admitRolling } from '../data/rate-limits.js';
import { sharedFetcher } from '../workflow/fetcher.js';
import { isAllowedForUs } from '../workflow/job-robots.js';
import { recordRateLimitRefusal } from '../observability/metrics.js';

/** Spec 8: 20 previews per rolling minute per user. */
export const PREVIEW_RATE = { limit: 20, windowSeconds: 60 };
/** Leaves headroom under API Gateway's 29 s for robots.txt, the answer and a cold start. */
const PREVIEW_BUDGET_MS = 20_000;

export const handler = apiHandler(async (event, caller) => {
  const admission = await admitRolling(`${caller.user_id}#preview`, PREVIEW_RATE.limit, PREVIEW_RATE.windowSeconds);
  if (!admission.allowed) {
    recordRateLimitRefusal();
    throw rateLimited(admission.retryAfterSeconds);
  }
  const query = parsePreviewQuery(event.queryStringParameters);

  const deadline = Date.now() + PREVIEW_BUDGET_MS;
  const fetchDocument = sharedFetcher();
  const robotsFetch = await fetchRobotsTxt(new URL(query.url).origin, fetchDocument);
  const unreachable = hostUnreachableReason(robotsFetch);
  if (unreachable) throw siteUnreachable(query.url, unreachable);
  const robots = robotsPolicyFromFetch(robotsFetch);
  const preview = await previewSite({
    seedUrl: query.url,
    limit: query.limit,
    fetchDocument,
    robotsSitemaps: [...robots.sitemaps],
    isAllowedByRobots: (url) => isAllowedForUs(robots, url),
    extractLinks,
    decodeHtml,
    deadline,
  });
  return jsonResponse(200, preview);
});
