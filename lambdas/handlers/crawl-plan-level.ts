import { planNextLevel } from '../workflow/levels.js';
import { CrawlStateSchema } from '../workflow/state.js';
import { withMetrics } from '../observability/metrics.js';

export const handler = withMetrics(async (event: unknown) => planNextLevel(CrawlStateSchema.parse(event)));
