import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notFound, errorEnvelopeSchema } from '../../../lambdas/api/errors.js';
import { apiHandler } from '../../../lambdas/api/handler.js';
import { handler as getJob } from '../../../lambdas/handlers/jobs-get.js';
import { lambdaHandler } from '../../../lambdas/observability/handler.js';
import { logger } from '../../../lambdas/observability/logger.js';

// Lambda sets this before the code loads; Powertools reports cold starts only when it is on-demand.
vi.hoisted(() => {
  process.env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand';
});

/*
 * The wrapper every function uses: log lines carry the invocation's context, keys do not leak
 * from one invocation into the next, and the API's errors become the envelope.
 */
let lines: Array<Record<string, unknown>>;

beforeEach(() => {
  lines = [];
  // Powertools writes INFO to stdout and ERROR to stderr
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      return true;
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

function lambdaContext(awsRequestId: string): Context {
  return {
    functionName: 'crawl-test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:crawl-test',
    memoryLimitInMB: '1024',
    awsRequestId,
    logGroupName: '/aws/lambda/crawl-test',
    logStreamName: 'test',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 60_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function apiEvent(overrides: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent {
  return {
    resource: '/v1/jobs/{id}',
    path: '/v1/jobs/x',
    httpMethod: 'GET',
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'api-request-1',
      authorizer: { user_id: 'u1', plan: 'pro', monthly_pages: '100' },
    } as unknown as APIGatewayProxyEvent['requestContext'],
    ...overrides,
  };
}

describe('lambdaHandler', () => {
  it('puts the function request id and the cold-start flag on every log line, and resets keys after each invocation', async () => {
    const handler = lambdaHandler(async (event: { note: string }) => {
      logger.appendKeys({ note: event.note });
      logger.info('working');
      return event.note;
    });
    expect(await handler({ note: 'first' }, lambdaContext('req-1'))).toBe('first');
    await handler({ note: 'second' }, lambdaContext('req-2'));
    logger.info('outside any invocation');

    const [first, second, outside] = lines;
    expect(first).toMatchObject({ message: 'working', function_request_id: 'req-1', cold_start: true, note: 'first', service: 'web-crawl-service' });
    expect(second).toMatchObject({ function_request_id: 'req-2', cold_start: false, note: 'second' });
    expect(outside).not.toHaveProperty('note');
  });

  it('passes a thrown error on unchanged (Step Functions and API Gateway authorizers rely on it)', async () => {
    const handler = lambdaHandler(async () => {
      throw new Error('Unauthorized');
    });
    await expect(handler({}, lambdaContext('req-3'))).rejects.toThrow(/^Unauthorized$/);
  });
});

describe('apiHandler', () => {
  it('answers an ApiError with its envelope and logs nothing', async () => {
    const handler = apiHandler(async () => {
      throw notFound('job not found');
    });
    const response = (await handler(apiEvent(), lambdaContext('req-4'))) as APIGatewayProxyResult;
    expect(response.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(JSON.parse(response.body)).error).toMatchObject({ code: 'not_found', request_id: 'api-request-1' });
    expect(lines).toEqual([]);
  });

  it('answers a fault of ours with a bare 500 and logs it with the request id the client sees', async () => {
    const handler = apiHandler(async () => {
      throw new Error('table exploded: secret detail');
    });
    const response = (await handler(apiEvent(), lambdaContext('req-5'))) as APIGatewayProxyResult;
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(JSON.parse(response.body).error).toMatchObject({ code: 'internal_error', request_id: 'api-request-1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'ERROR', message: 'request failed', correlation_id: 'api-request-1', function_request_id: 'req-5' });
    expect(JSON.stringify(lines[0])).toContain('table exploded');
  });

  it('answers 401 in the envelope when the authorizer context is missing', async () => {
    const handler = apiHandler(async () => ({ statusCode: 200, body: '' }));
    const event = apiEvent({ requestContext: { requestId: 'api-request-2' } as unknown as APIGatewayProxyEvent['requestContext'] });
    const response = (await handler(event, lambdaContext('req-6'))) as APIGatewayProxyResult;
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body).error.code).toBe('unauthorized');
  });
});

describe('job id path parameter as the deployed API hands it over', () => {
  // API Gateway may pass a malformed or undecoded parameter through; it is never a job id.
  it.each([['%E9'], ['%C0%AE%C0%AE'], ['..'], ['\uFFFD'], [''], ['a'.repeat(5000)], [null]])('case %# is 404 not_found in the envelope', async (id) => {
    const response = (await getJob(apiEvent({ pathParameters: id === null ? null : { id } }), lambdaContext('req-7'))) as APIGatewayProxyResult;
    expect(response.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(JSON.parse(response.body)).error.code).toBe('not_found');
  });
});
