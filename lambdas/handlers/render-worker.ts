import { lambdaHandler } from '../observability/handler.js';
import { renderPageMessage } from '../workflow/lane-run.js';
import { lanePorts } from '../workflow/lane-ports.js';
import { consumePageMessages } from '../workflow/page-batch.js';
import { sharedRenderer } from '../workflow/renderer.js';

/** SQS render worker (x86_64): renders the pages handed to it in a headless browser and exports them. */
export const handler = lambdaHandler(consumePageMessages((message) => renderPageMessage(message, lanePorts(), sharedRenderer())));
