import { checkLevel } from '../workflow/levels.js';
import { CrawlStateSchema } from '../workflow/state.js';

export const handler = async (event: unknown) => checkLevel(CrawlStateSchema.parse(event));
