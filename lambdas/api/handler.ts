import { Logger } from '@aws-lambda-powertools/logger';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { callerOf, type Caller } from './caller.js';
import { ApiError, notFound, toErrorResponse } from './errors.js';

export const logger = new Logger({ serviceName: 'web-crawl-service' });

export type Route = (event: APIGatewayProxyEvent, caller: Caller) => Promise<APIGatewayProxyResult>;

/**
 * Wraps a route as a Lambda handler: resolves the caller from the authorizer context and turns
 * every thrown error into the error envelope; faults of ours are logged and answered as a bare 500.
 */
export function apiHandler(route: Route) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>().handler(async (event, context) => {
    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    try {
      return await route(event, callerOf(event));
    } catch (error) {
      if (!(error instanceof ApiError)) logger.error('request failed', { requestId, error: error as Error });
      return toErrorResponse(error, requestId);
    }
  });
}

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The `{id}` path parameter; anything that cannot be a job id is simply not found. */
export function jobIdParameter(event: APIGatewayProxyEvent): string {
  const id = event.pathParameters?.id ?? '';
  if (!JOB_ID.test(id)) throw notFound('job not found');
  return id;
}
