import { runWithTestCa } from './with-test-ca.js';

/** End-to-end crawl benchmark (issue 5), measured in `crawl-measure.ts`. */
export async function run(): Promise<void> {
  await runWithTestCa('crawl-measure.ts');
}
