import { CrawlStateSchema } from '../workflow/state.js';
import { preflight } from '../workflow/preflight.js';
import { withMetrics } from '../observability/metrics.js';

export const handler = withMetrics(async (event: unknown) => preflight(CrawlStateSchema.parse(event)));
