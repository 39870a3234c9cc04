import { lambdaHandler } from '../observability/handler.js';
import { planNextLevel } from '../workflow/levels.js';
import { CrawlStateSchema } from '../workflow/state.js';

export const handler = lambdaHandler(async (event: unknown) => planNextLevel(CrawlStateSchema.parse(event)));
