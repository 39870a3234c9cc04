import { CrawlStateSchema } from '../workflow/state.js';
import { preflight } from '../workflow/preflight.js';

export const handler = async (event: unknown) => preflight(CrawlStateSchema.parse(event));
