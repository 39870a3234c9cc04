import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPort, type ApiPort } from '../../../local/api-port.js';
import { readApi, startApiRouter } from '../../../local/api-router.js';
import type { LambdaHost } from '../../../local/lambda-host.js';
import { UsageMeter } from '../../../local/meter.js';
import { LAMBDA_SYNC_RESPONSE_BYTES } from '../../../local/service-limits.js';
import type { CfnTemplate } from '../../../local/template.js';

/**
 * The local API Gateway in front of Lambda, as AWS fails it: a body past 10 MB is the gateway's 413,
 * an event or result past Lambda's 6 MB is an integration failure (5xx), and a function slower than
 * the integration timeout is the gateway's 504 while the function goes on.
 */
const uri = (functionId: string) => `arn:aws:apigateway:us-east-1:lambda:path/2015-03-31/functions/arn:aws:lambda:us-east-1:000000000000:function:${functionId}/invocations`;
const route = (pathPart: string, functionId: string, timeoutInMillis?: number) => ({
  [`${functionId}Resource`]: { Type: 'AWS::ApiGateway::Resource', Properties: { ParentId: { 'Fn::GetAtt': ['Api', 'RootResourceId'] }, PathPart: pathPart } },
  [`${functionId}Method`]: {
    Type: 'AWS::ApiGateway::Method',
    Properties: { HttpMethod: 'POST', ResourceId: { Ref: `${functionId}Resource` }, Integration: { Type: 'AWS_PROXY', Uri: uri(functionId), TimeoutInMillis: timeoutInMillis } },
  },
});
const gatewayResponse = (type: string, status: string | undefined, code: string) => ({
  [type]: { Type: 'AWS::ApiGateway::GatewayResponse', Properties: { ResponseType: type, StatusCode: status, ResponseTemplates: { 'application/json': `{"error":{"code":"${code}"}}` } } },
});
const template: CfnTemplate = {
  Resources: {
    ...route('echo', 'Echo'),
    ...route('large', 'Large'),
    ...route('slow', 'Slow', 50),
    ...gatewayResponse('REQUEST_TOO_LARGE', '413', 'payload_too_large'),
    ...gatewayResponse('INTEGRATION_TIMEOUT', '504', 'internal_error'),
    ...gatewayResponse('DEFAULT_5XX', undefined, 'internal_error'),
  },
};

const finished: string[] = [];
const functions: Record<string, (event: { body: string | null }) => Promise<unknown>> = {
  Echo: async (event) => ({ statusCode: 200, body: String(event.body?.length ?? 0) }),
  Large: async () => ({ statusCode: 200, body: 'z'.repeat(LAMBDA_SYNC_RESPONSE_BYTES) }),
  Slow: async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    finished.push('Slow');
    return { statusCode: 200, body: 'late' };
  },
};
const host = { invoke: async (functionId: string, event: { body: string | null }) => functions[functionId]?.(event) } as unknown as LambdaHost;
const names = { ref: (id: string) => id, getAtt: (id: string, attribute: string) => `${id}.${attribute}` };

let port: ApiPort;
beforeAll(async () => {
  port = await openApiPort('127.0.0.1', 0);
  startApiRouter({ host, template, names, port, meter: new UsageMeter(), onError: () => undefined, isReady: () => true });
});
afterAll(() => port?.close());

const post = async (path: string, body: string) => {
  const answer = await fetch(`${port.url}${path}`, { method: 'POST', body });
  return { status: answer.status, text: await answer.text() };
};

describe('payloads', () => {
  it('a body Lambda can take reaches the function', async () => {
    expect(await post('/echo', 'a'.repeat(5 * 1024 * 1024))).toEqual({ status: 200, text: String(5 * 1024 * 1024) });
  });

  it('a body over 10 MB is the gateway’s own 413', async () => {
    expect(await post('/echo', 'a'.repeat(10 * 1024 * 1024 + 1))).toMatchObject({ status: 413, text: '{"error":{"code":"payload_too_large"}}' });
  });

  it('a body under 10 MB whose event passes Lambda’s 6 MB fails the integration: 502', async () => {
    expect(await post('/echo', 'a'.repeat(7 * 1024 * 1024))).toMatchObject({ status: 502, text: '{"error":{"code":"internal_error"}}' });
  });

  it('a result over Lambda’s 6 MB fails the integration: 502', async () => {
    expect(await post('/large', '')).toMatchObject({ status: 502, text: '{"error":{"code":"internal_error"}}' });
  });
});

describe('the integration timeout', () => {
  it('is 29 s unless the integration sets its own TimeoutInMillis', () => {
    const timeouts = Object.fromEntries(readApi(template, names).routes.map((api) => [api.resourcePath, api.timeoutMs]));
    expect(timeouts).toEqual({ '/echo': 29_000, '/large': 29_000, '/slow': 50 });
  });

  it('answers 504 once passed, and the function runs on to its end', async () => {
    expect(await post('/slow', '')).toEqual({ status: 504, text: '{"error":{"code":"internal_error"}}' });
    expect(finished).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(finished).toEqual(['Slow']);
  });
});
