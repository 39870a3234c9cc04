import { lambdaHandler } from '../observability/handler.js';
import { crawlLaneMessage } from '../workflow/lane-run.js';
import { lanePorts } from '../workflow/lane-ports.js';
import { consumePageMessages } from '../workflow/page-batch.js';

/** SQS page worker: fetches pages, exports the static ones, hands script-built shells to the render worker. */
export const handler = lambdaHandler(consumePageMessages((message) => crawlLaneMessage(message, lanePorts())));
