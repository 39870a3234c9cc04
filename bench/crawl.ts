import { CRAWL_SCENARIOS } from './crawl-scenarios.js';
import { runWithTestCa } from './with-test-ca.js';

/** End-to-end crawl benchmark (issue 5), one child process per scenario, measured in `crawl-measure.ts`. */
export async function run(): Promise<void> {
  for (const index of CRAWL_SCENARIOS.keys()) await runWithTestCa('crawl-measure.ts', [String(index)]);
}
