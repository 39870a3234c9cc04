import { assemble } from '../workflow/assemble.js';
import { CrawlStateSchema } from '../workflow/state.js';
import { withMetrics } from '../observability/metrics.js';

export const handler = withMetrics(async (event: unknown) => assemble(CrawlStateSchema.parse(event)));
