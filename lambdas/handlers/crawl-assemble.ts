import { lambdaHandler } from '../observability/handler.js';
import { assemble } from '../workflow/assemble.js';
import { CrawlStateSchema } from '../workflow/state.js';

export const handler = lambdaHandler(async (event: unknown) => assemble(CrawlStateSchema.parse(event)));
