// Entry of a Lambda worker thread running the source. Plain JavaScript: it registers tsx's loader
// itself, so the handlers' TypeScript loads whether the runtime runs under tsx (npm start) or
// inside vitest.
import { register } from 'tsx/esm/api';

register();
const { serveLambdaThread } = await import('./lambda-thread.ts');
const { sendMetricLinesTo } = await import('../lambdas/observability/metrics.ts');
serveLambdaThread({
  sendMetricLines: sendMetricLinesTo,
  closeInstance: async () => (await import('../lambdas/workflow/renderer.ts')).closeSharedRenderer(),
});
