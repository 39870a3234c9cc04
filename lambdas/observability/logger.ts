import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The one structured logger of every function. `lambdaHandler` adds the invocation's Lambda
 * context (request id, cold start) to each line it writes and resets added keys afterwards.
 */
export const logger = new Logger({ serviceName: 'web-crawl-service' });
