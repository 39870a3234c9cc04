import { siteUnreachable } from '../api/errors.js';
import { apiHandler } from '../api/handler.js';
import { jsonResponse } from '../api/http.js';
import { parsePreviewQuery } from '../api/query.js';
import type { SitemapPreviewBody } from '../api/responses.js';
import { admitPreview, previewOf } from '../workflow/site-preview.js';

/** Leaves headroom under API Gateway's 29 s for robots.txt, the answer and a cold start. */
const PREVIEW_BUDGET_MS = 20_000;

export const handler = apiHandler(async (event, caller) => {
  await admitPreview(caller.user_id);
  const query = parsePreviewQuery(event.queryStringParameters);
  const preview = await previewOf(query.url, { limit: query.limit, deadline: Date.now() + PREVIEW_BUDGET_MS });
  if ('unreachable' in preview) throw siteUnreachable(query.url, preview.unreachable);
  const body: SitemapPreviewBody = preview;
  return jsonResponse(200, body);
});
