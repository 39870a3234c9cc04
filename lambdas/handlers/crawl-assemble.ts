import { assemble } from '../workflow/assemble.js';
import { CrawlStateSchema } from '../workflow/state.js';

export const handler = async (event: unknown) => assemble(CrawlStateSchema.parse(event));
