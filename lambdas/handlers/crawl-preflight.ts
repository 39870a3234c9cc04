import { lambdaHandler } from '../observability/handler.js';
import { CrawlStateSchema } from '../workflow/state.js';
import { preflight } from '../workflow/preflight.js';

export const handler = lambdaHandler(async (event: unknown) => preflight(CrawlStateSchema.parse(event)));
