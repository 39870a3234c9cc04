import { runWithTestCa } from './with-test-ca.js';

/** Rendering benchmark (issue 10), measured in `render-measure.ts`. */
export async function run(): Promise<void> {
  await runWithTestCa('render-measure.ts');
}
