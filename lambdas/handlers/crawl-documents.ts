import { lambdaHandler } from '../observability/handler.js';
import { buildDocuments } from '../workflow/documents.js';
import { CrawlStateSchema } from '../workflow/state.js';

export const handler = lambdaHandler(async (event: unknown) => buildDocuments(CrawlStateSchema.parse(event)));
