import { lambdaHandler } from '../observability/handler.js';
import { checkLevel } from '../workflow/levels.js';
import { CrawlStateSchema } from '../workflow/state.js';

export const handler = lambdaHandler(async (event: unknown) => checkLevel(CrawlStateSchema.parse(event)));
