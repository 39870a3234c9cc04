import { planNextLevel } from '../workflow/levels.js';
import { CrawlStateSchema } from '../workflow/state.js';

export const handler = async (event: unknown) => planNextLevel(CrawlStateSchema.parse(event));
