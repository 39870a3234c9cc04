import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from './logger.js';
import { flushMetricsMiddleware } from './metrics.js';

export type LambdaMiddleware<Event, Result> = MiddlewareObj<Event, Result, Error, Context>;

/**
 * Every function's entry point: the handler in middy, with the Lambda context injected into the
 * logger (each line carries the function's request id and the cold-start flag; keys appended
 * during an invocation are reset after it), and the metrics it recorded flushed as EMF when it
 * returns or throws. `middlewares` add what one kind of function needs, such as the API's error
 * envelope.
 */
export function lambdaHandler<Event, Result>(
  handler: (event: Event, context: Context) => Promise<Result>,
  middlewares: Array<LambdaMiddleware<Event, Result>> = [],
) {
  return middy<Event, Result, Error, Context>()
    .use(flushMetricsMiddleware())
    .use(injectLambdaContext(logger, { resetKeys: true }) as LambdaMiddleware<Event, Result>)
    .use(middlewares)
    .handler(handler);
}
