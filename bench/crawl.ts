import { CRAWL_SCENARIOS } from './crawl-scenarios.js';
import { runWithTestCa } from './with-test-ca.js';

/**
 * End-to-end crawl benchmark (issues 5 and 14), one child process per scenario, measured in
 * `crawl-measure.ts`: pages/s against plain GETs, where the time goes level by level, and whether
 * the documents are still the baseline's.
 */
export async function run(): Promise<void> {
  for (const index of CRAWL_SCENARIOS.keys()) await runWithTestCa('crawl-measure.ts', [String(index)]);
}
