import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Caller } from '../api/caller.js';
import { jsonResponse } from '../api/http.js';
import { withoutQuery } from '../core/urls.js';
import { FirecrawlError } from '../firecrawl/errors.js';
import { firecrawlBody, firecrawlHandler } from '../firecrawl/handler.js';
import { mapRequestSchema, parseFirecrawlBody } from '../firecrawl/requests.js';
import { admitPreview, previewOf } from '../workflow/site-preview.js';

/** Leaves headroom under API Gateway's 29 s for robots.txt, the answer and a cold start. */
const MAP_BUDGET_MS = 20_000;
/** Firecrawl's default map size. */
const DEFAULT_MAP_LIMIT = 5_000;

/**
 * POST /firecrawl/v2/map: the sitemap preview (`GET /v1/sitemap/preview`), with its rate limit:
 * the site's sitemaps, else the seed page's links (`sitemap: only` / `skip` choose one), filtered
 * by `search` (every word of it in the URL, case-insensitively), in the order found.
 */
async function map(event: APIGatewayProxyEvent, caller: Caller) {
  const body = parseFirecrawlBody(mapRequestSchema, firecrawlBody(event));
  await admitPreview(caller.user_id);
  const deadline = Date.now() + Math.min(body.timeout ?? MAP_BUDGET_MS, MAP_BUDGET_MS);
  const preview = await previewOf(body.url, { deadline, ...(body.sitemap === 'skip' || body.sitemap === 'only' ? { sitemaps: body.sitemap } : {}) });
  if ('unreachable' in preview) throw new FirecrawlError(502, `The site could not be reached (${preview.unreachable})`, { code: 'SITE_UNREACHABLE' });
  const words = (body.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const urls = preview.urls.filter((url) => words.every((word) => url.toLowerCase().includes(word)));
  const kept = body.ignoreQueryParameters ? [...new Set(urls.map(withoutQuery))] : urls;
  return jsonResponse(200, { success: true, links: kept.slice(0, body.limit ?? DEFAULT_MAP_LIMIT).map((url) => ({ url })) });
}

export const handler = firecrawlHandler({ 'POST /firecrawl/v2/map': map });
