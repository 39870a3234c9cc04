import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Caller } from '../api/caller.js';
import { ApiError } from '../api/errors.js';
import { parseJsonBody } from '../api/http.js';
import { userOfAuthorization } from '../data/accounts.js';
import { JOB_ID_PATTERN } from '../domain/job.js';
import { lambdaHandler, type LambdaMiddleware } from '../observability/handler.js';
import { logger } from '../observability/logger.js';
import { badRequest, firecrawlErrorResponse, FirecrawlError, notFound, unauthorized } from './errors.js';

/** The prefix of the compatible routes (CONTRACT 11): Firecrawl's SDKs take `apiUrl = <base>/firecrawl`. */
export const FIRECRAWL_PREFIX = '/firecrawl';

export type FirecrawlRoute = (event: APIGatewayProxyEvent, caller: Caller) => Promise<APIGatewayProxyResult>;

/**
 * One Lambda function serving several compatible routes, picked by method and resource
 * (`POST /firecrawl/v2/crawl`). These routes have no gateway authorizer: a refused key must be
 * answered in Firecrawl's error shape, which API Gateway's own answers (one shape for the whole
 * API) cannot give. The key is checked here with the authorizer's own lookup, on every request.
 */
export function firecrawlHandler(routes: Record<string, FirecrawlRoute>) {
  return lambdaHandler<APIGatewayProxyEvent, APIGatewayProxyResult>(async (event) => {
    const route = routes[`${event.httpMethod} ${event.resource}`];
    if (!route) throw notFound('Route');
    const user = await userOfAuthorization(headerOf(event, 'authorization'));
    if (!user) throw unauthorized();
    return route(event, { user_id: user.user_id, plan: user.plan, monthly_pages: user.monthly_pages });
  }, [firecrawlErrors()]);
}

/** Every thrown error answered in Firecrawl's shape; faults of ours are logged and answered as a bare 500. */
function firecrawlErrors(): LambdaMiddleware<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    before: ({ event, context }) => {
      logger.setCorrelationId(event.requestContext?.requestId ?? context.awsRequestId);
    },
    onError: (request) => {
      if (!(request.error instanceof FirecrawlError) && !(request.error instanceof ApiError)) logger.error('request failed', { error: request.error ?? undefined });
      request.response = firecrawlErrorResponse(request.error);
    },
  };
}

/** A header by name, whatever case the client (or API Gateway) gave it. */
export function headerOf(event: Pick<APIGatewayProxyEvent, 'headers'>, name: string): string | undefined {
  const found = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return found?.[1] ?? undefined;
}

/** The JSON body as an object; a body that is not one is Firecrawl's 400. */
export function firecrawlBody(event: APIGatewayProxyEvent): Record<string, unknown> {
  try {
    return parseJsonBody(event);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'invalid_json') throw badRequest([{ field: 'body', message: error.message }]);
    throw error;
  }
}

/** The `{id}` path parameter; anything that cannot be a job id is simply not found. */
export function firecrawlJobId(event: APIGatewayProxyEvent): string {
  const id = event.pathParameters?.id ?? '';
  if (!JOB_ID_PATTERN.test(id)) throw notFound();
  return id;
}

/**
 * The URL clients call for `/firecrawl…` paths, for the absolute `next` and `url` links Firecrawl's
 * answers carry: the scheme and host the request came to, and the path before `/firecrawl` (a
 * stage or a custom domain's base path), as API Gateway's `requestContext.path` shows it.
 */
export function firecrawlBaseUrl(event: APIGatewayProxyEvent): string {
  const host = headerOf(event, 'host') ?? 'localhost';
  const scheme = headerOf(event, 'x-forwarded-proto')?.split(',')[0]?.trim() ?? 'http';
  const calledPath = event.requestContext?.path ?? event.path;
  const at = calledPath.lastIndexOf(`${FIRECRAWL_PREFIX}/`);
  return `${scheme}://${host}${at >= 0 ? calledPath.slice(0, at) : ''}${FIRECRAWL_PREFIX}`;
}
