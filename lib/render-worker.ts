import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import { PRINT_FONT_WEIGHTS, PRINT_FONTS } from '../lambdas/core/formats/print-fonts.js';
import { ENV } from '../lambdas/data/env.js';
import type { Bindings } from './bindings.js';
import { CrawlFunction } from './crawl-function.js';
import type { WorkQueue } from './work-queues.js';

/** Measured with `npm run bench -- render` (docs/benchmarks.md): the browser and the worker together stay well under it. */
const RENDER_WORKER_MEMORY_MB = 2048;
/** Where the render worker's bundle keeps @sparticuz/chromium's compressed browser. */
const CHROMIUM_BIN_IN_BUNDLE = 'chromium-bin';

/**
 * What a function that starts the browser needs: x86_64, because @sparticuz/chromium ships for it
 * only (everything else stays on arm64), and the compressed browser with Playwright in its bundle.
 */
export const WITH_BROWSER = {
  architecture: lambda.Architecture.X86_64,
  ephemeralStorageMiB: 1024,
  environment: { CRAWL_CHROMIUM_BIN: `/var/task/${CHROMIUM_BIN_IN_BUNDLE}` },
  copiedIntoBundle: [
    { from: 'node_modules/playwright-core', to: 'node_modules/playwright-core', external: true },
    { from: 'node_modules/@sparticuz/chromium/bin', to: CHROMIUM_BIN_IN_BUNDLE },
  ],
};

/**
 * The fonts the PDF prints its scripts with, for the bundle of the function that prints: into its
 * `fonts` folder, one of those @sparticuz/chromium's own fontconfig file names (`/var/task/fonts`
 * on Lambda; the local runtime's bundled mode names the bundle's). The render worker goes without:
 * it reads pages' text, and no glyph it draws is seen.
 */
export const PRINT_FONTS_IN_BUNDLE = PRINT_FONTS.flatMap(({ package: fontPackage, file }) => [
  ...PRINT_FONT_WEIGHTS.map((weight) => ({ from: `node_modules/${fontPackage}/${weight}/${file}_${weight}.ttf`, to: `fonts/${file}_${weight}.ttf` })),
  // The Open Font License asks every copy of the fonts to carry it.
  { from: `node_modules/${fontPackage}/LICENSE_FONT`, to: `fonts/${file}-OFL.txt` },
]);

/**
 * The render worker: pages whose static HTML is a script-built shell (CONTRACT 9), rendered in a
 * headless browser. Made in the stack's scope (its logical id is the deployed one).
 */
export function addRenderWorker(scope: Construct, bind: Bindings, renders: WorkQueue): void {
  const renderWorker = new CrawlFunction(scope, 'RenderWorkerFunction', {
    handler: 'render-worker',
    description: 'Renders one script-built page in a headless browser whose every request goes through the fetcher, exports it, hands its lane back to the page worker',
    timeout: renders.workerTimeout,
    memorySize: RENDER_WORKER_MEMORY_MB,
    ...WITH_BROWSER,
  });
  // RW: checkpoints add to the job's progress.
  bind.table(renderWorker, 'jobs', 'RW');
  bind.table(renderWorker, 'pages', 'RW');
  bind.takesHostSlots(renderWorker);
  bind.bucket(renderWorker, 'RW');
  bind.pageQueue(renderWorker);
  bind.fetchesPages(renderWorker);
  renderWorker.addEnvironment(ENV.renderQueueUrl, renders.queue.queueUrl);
  renderWorker.addEventSource(new SqsEventSource(renders.queue, { batchSize: 1, reportBatchItemFailures: true }));
}
