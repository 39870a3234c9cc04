import { checkLevel } from '../workflow/levels.js';
import { CrawlStateSchema } from '../workflow/state.js';
import { withMetrics } from '../observability/metrics.js';

export const handler = withMetrics(async (event: unknown) => checkLevel(CrawlStateSchema.parse(event)));
