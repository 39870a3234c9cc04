import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { lambdaHandler, type LambdaMiddleware } from '../observability/handler.js';
import { logger } from '../observability/logger.js';
import { callerOf, type Caller } from './caller.js';
import { ApiError, notFound } from './errors.js';
import { toErrorResponse } from './http.js';
import { JOB_ID_PATTERN } from '../domain/job.js';
import type { ApiVersion } from '../domain/formats.js';

export type Route = (event: APIGatewayProxyEvent, caller: Caller) => Promise<APIGatewayProxyResult>;

/** Wraps a route as a Lambda handler: the caller comes from the authorizer context. */
export function apiHandler(route: Route) {
  return lambdaHandler<APIGatewayProxyEvent, APIGatewayProxyResult>(async (event) => route(event, callerOf(event)), [errorEnvelope()]);
}

/**
 * Each log line of a request carries the request id the client sees in an error envelope (as
 * `correlation_id`); every thrown error becomes the envelope, and faults of ours are logged and
 * answered as a bare 500 that reveals nothing about the cause.
 */
function errorEnvelope(): LambdaMiddleware<APIGatewayProxyEvent, APIGatewayProxyResult> {
  const requestIdOf = (event: APIGatewayProxyEvent, awsRequestId: string) => event.requestContext?.requestId ?? awsRequestId;
  return {
    before: ({ event, context }) => {
      logger.setCorrelationId(requestIdOf(event, context.awsRequestId));
    },
    onError: (request) => {
      if (!(request.error instanceof ApiError)) logger.error('request failed', { error: request.error ?? undefined });
      // Set, not returned, so the logger's own onError still runs and resets the request's keys.
      request.response = toErrorResponse(request.error, requestIdOf(request.event, request.context.awsRequestId));
    },
  };
}


/** The `{id}` path parameter; anything that cannot be a job id is simply not found. */
export function jobIdParameter(event: APIGatewayProxyEvent): string {
  const id = event.pathParameters?.id ?? '';
  if (!JOB_ID_PATTERN.test(id)) throw notFound('job not found');
  return id;
}

/** The version the route was called under: its path prefix (`/v1.1/jobs` → `v1.1`). */
export function apiVersionOf(event: Pick<APIGatewayProxyEvent, 'resource'>): ApiVersion {
  return event.resource?.startsWith('/v1.1/') ? 'v1.1' : 'v1';
}
