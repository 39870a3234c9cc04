import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { APIGatewayAuthorizerResult, APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { ApiPort } from './api-port.js';
import type { LambdaHost } from './lambda-host.js';
import { readRequestBody } from './request-body.js';
import type { UsageMeter } from './meter.js';
import { API_PAYLOAD_BYTES, integrationTimeoutMs, invokeWithinLimits } from './service-limits.js';
import { resolveIntrinsics, resourcesOfType, type CfnTemplate, type LocalNames } from './template.js';

interface Route {
  method: string;
  /** `/v1/jobs/{id}` */
  resourcePath: string;
  pattern: RegExp;
  parameterNames: string[];
  functionId: string;
  authorizerFunctionId?: string;
  /** How long API Gateway waits for the function before it answers 504. */
  timeoutMs: number;
}

interface GatewayResponse {
  status?: number;
  headers: Record<string, string>;
  template: string;
}

const FUNCTION_IN_URI = /functions\/arn:aws:lambda:[^:]+:[^:]+:function:([^/]+)\/invocations/;

/** The REST API as the template declares it: resources, methods, authorizer and gateway responses. */
export function readApi(template: CfnTemplate, names: LocalNames): { routes: Route[]; gatewayResponses: Map<string, GatewayResponse> } {
  const resources = new Map(resourcesOfType(template, 'AWS::ApiGateway::Resource'));
  const pathOf = (resourceRef: unknown): string => {
    const id = (resourceRef as { Ref?: string }).Ref;
    const resource = id ? resources.get(id) : undefined;
    if (!resource) return '';
    return `${pathOf(resource.Properties?.ParentId)}/${String(resource.Properties?.PathPart)}`;
  };
  const functionOf = (uri: unknown) => FUNCTION_IN_URI.exec(String(resolveIntrinsics(uri, names)))?.[1];

  const routes: Route[] = [];
  for (const [, method] of resourcesOfType(template, 'AWS::ApiGateway::Method')) {
    const props = method.Properties ?? {};
    const integration = props.Integration as { Uri?: unknown; TimeoutInMillis?: unknown } | undefined;
    const functionId = functionOf(integration?.Uri);
    if (!functionId) continue;
    const resourcePath = pathOf(props.ResourceId) || '/';
    const authorizerId = (props.AuthorizerId as { Ref?: string } | undefined)?.Ref;
    const authorizer = authorizerId ? template.Resources[authorizerId] : undefined;
    const parameterNames: string[] = [];
    const pattern = new RegExp(
      `^${resourcePath.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        parameterNames.push(name);
        return '([^/]+)';
      })}/?$`,
    );
    routes.push({
      method: String(props.HttpMethod),
      resourcePath,
      pattern,
      parameterNames,
      functionId,
      authorizerFunctionId: authorizer ? functionOf(authorizer.Properties?.AuthorizerUri) : undefined,
      timeoutMs: integrationTimeoutMs(integration?.TimeoutInMillis),
    });
  }

  const gatewayResponses = new Map<string, GatewayResponse>();
  for (const [, response] of resourcesOfType(template, 'AWS::ApiGateway::GatewayResponse')) {
    const props = response.Properties ?? {};
    const headers = Object.fromEntries(
      Object.entries((props.ResponseParameters as Record<string, string> | undefined) ?? {}).map(([key, value]) => [
        key.replace('gatewayresponse.header.', ''),
        value.replace(/^'|'$/g, ''),
      ]),
    );
    gatewayResponses.set(String(props.ResponseType), {
      status: props.StatusCode ? Number(props.StatusCode) : undefined,
      headers,
      template: String((props.ResponseTemplates as Record<string, string> | undefined)?.['application/json'] ?? '{"message":"$context.error.message"}'),
    });
  }
  return { routes, gatewayResponses };
}

/**
 * A request's query or header parameters as the REST proxy event carries them: the last value of
 * each name, and all of them. Grouped in a Map and handed over as null-prototype objects, so a
 * name such as `constructor` or `__proto__` is a parameter like any other, not a built-in.
 */
function eventParameters(entries: Iterable<[string, string]>): { single: Record<string, string>; multi: Record<string, string[]> } | null {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of entries) {
    const values = grouped.get(name);
    if (values) values.push(value);
    else grouped.set(name, [value]);
  }
  if (grouped.size === 0) return null;
  const single: Record<string, string> = Object.create(null);
  const multi: Record<string, string[]> = Object.create(null);
  for (const [name, values] of grouped) {
    single[name] = values.at(-1) ?? '';
    multi[name] = values;
  }
  return { single, multi };
}

interface GatewayAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** API Gateway's own answer of a type: the template's gateway response, else its default for the status. */
function gatewayAnswer(gatewayResponses: Map<string, GatewayResponse>, type: string, requestId: string, fallbackStatus: number): GatewayAnswer {
  const configured = gatewayResponses.get(type) ?? gatewayResponses.get(fallbackStatus >= 500 ? 'DEFAULT_5XX' : 'DEFAULT_4XX');
  const body = (configured?.template ?? '{"message":"error"}').replaceAll('$context.requestId', requestId);
  // Header names are case-insensitive: the template's `Content-Type` replaces the default, not joins it.
  const headers = Object.fromEntries(Object.entries(configured?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return { status: configured?.status ?? fallbackStatus, headers: { 'content-type': 'application/json', ...headers }, body };
}

/** Answers with one of API Gateway's own responses. */
type GatewayReply = (response: ServerResponse, type: string, requestId: string, fallbackStatus: number) => void;

/** The authorizer's context for the handler, or the gateway response that refuses the request. */
type Authorization = { context: Record<string, unknown> } | { refusal: string; status: number };

/** Runs the route's TOKEN authorizer as API Gateway does; a route without one lets every request through. */
async function authorize(route: Route, request: IncomingMessage, pathname: string, host: LambdaHost, onError: (error: unknown) => void): Promise<Authorization> {
  const authorizerId = route.authorizerFunctionId;
  if (!authorizerId) return { context: {} };
  const token = request.headers.authorization;
  if (!token) return { refusal: 'UNAUTHORIZED', status: 401 };
  const methodArn = `arn:aws:execute-api:us-east-1:000000000000:local/prod/${route.method}${pathname}`;
  let decision: APIGatewayAuthorizerResult;
  try {
    const event = { type: 'TOKEN', authorizationToken: token, methodArn };
    decision = (await invokeWithinLimits((request) => host.invoke(authorizerId, request), event, 'RequestResponse')) as APIGatewayAuthorizerResult;
  } catch (error) {
    if ((error as Error).message === 'Unauthorized') return { refusal: 'UNAUTHORIZED', status: 401 };
    onError(error);
    return { refusal: 'AUTHORIZER_FAILURE', status: 500 };
  }
  const allowed = decision.policyDocument.Statement.some((statement) => statement.Effect === 'Allow');
  if (!allowed) return { refusal: 'ACCESS_DENIED', status: 403 };
  return { context: { ...decision.context, principalId: decision.principalId } };
}

/** The REST proxy event API Gateway hands a route's function. */
function proxyEvent(
  request: IncomingMessage,
  { route, url, body, pathParameters, authorizerContext, requestId }: { route: Route; url: URL; body: Buffer; pathParameters: Record<string, string>; authorizerContext: Record<string, unknown>; requestId: string },
): APIGatewayProxyEvent {
  const query = eventParameters(url.searchParams.entries());
  const headers = eventParameters(Object.entries(request.headers).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : String(value)]));
  return {
    resource: route.resourcePath,
    path: url.pathname,
    httpMethod: route.method,
    headers: headers?.single ?? {},
    multiValueHeaders: headers?.multi ?? {},
    queryStringParameters: query?.single ?? null,
    multiValueQueryStringParameters: query?.multi ?? null,
    pathParameters: route.parameterNames.length ? pathParameters : null,
    stageVariables: null,
    body: body.length ? body.toString('utf8') : null,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: authorizerContext,
      httpMethod: route.method,
      identity: { sourceIp: request.socket.remoteAddress ?? '127.0.0.1' } as APIGatewayProxyEvent['requestContext']['identity'],
      // The path as the client called it: the cloud's URLs start with the stage, local ones do not.
      path: url.pathname,
      protocol: 'HTTP/1.1',
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: route.resourcePath,
      stage: 'prod',
    },
  };
}

function writeProxyResult(response: ServerResponse, result: APIGatewayProxyResult, requestId: string): void {
  const responseHeaders: Record<string, string> = {};
  for (const [key, value] of Object.entries(result.headers ?? {})) responseHeaders[key] = String(value);
  response.writeHead(result.statusCode, { 'x-amzn-requestid': requestId, ...responseHeaders });
  response.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
}

interface ApiRouterOptions {
  host: LambdaHost;
  template: CfnTemplate;
  names: LocalNames;
  port: ApiPort;
  meter: UsageMeter;
  onError(error: unknown): void;
  isReady(): boolean;
}

/** One request through the gateway: body, health check, route, authorizer, then the route's function. */
async function handleRequest(request: IncomingMessage, response: ServerResponse, routes: Route[], reply: GatewayReply, options: ApiRouterOptions): Promise<void> {
  const requestId = randomUUID();
  // Read before any answer, as API Gateway does: a reply sent with the body unread would leave
  // a kept-alive connection in a state the client's next request on it cannot survive.
  const body = await readRequestBody(request, API_PAYLOAD_BYTES);
  if (body === 'too_large') {
    // The rest of the body is left unread, so the connection cannot carry another request.
    response.setHeader('connection', 'close');
    return reply(response, 'REQUEST_TOO_LARGE', requestId, 413);
  }
  const url = requestTarget(request.url ?? '/');
  const method = request.method ?? 'GET';
  if (!url) return reply(response, 'DEFAULT_4XX', requestId, 400);
  if (url.pathname === '/health' && method === 'GET') {
    const ready = options.isReady();
    response.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: ready ? 'ok' : 'starting' }));
    return;
  }

  const matching = routes.filter((route) => route.pattern.test(url.pathname));
  // As API Gateway does, a literal path part wins over a `{param}` (`/crawl/active` over `/crawl/{id}`).
  const route = matching.filter((candidate) => candidate.method === method).sort((a, b) => a.parameterNames.length - b.parameterNames.length)[0];
  if (!route) return reply(response, 'MISSING_AUTHENTICATION_TOKEN', requestId, 403);
  options.meter.apiRequest();
  const pathParameters = decodedParameters(route, url.pathname);
  if (!pathParameters) return reply(response, 'DEFAULT_4XX', requestId, 400);
  const authorization = await authorize(route, request, url.pathname, options.host, options.onError);
  if ('refusal' in authorization) return reply(response, authorization.refusal, requestId, authorization.status);

  const event = proxyEvent(request, { route, url, body, pathParameters, authorizerContext: authorization.context, requestId });
  // Lambda's own refusals (an event or a result over its payload limit) fail the integration like a function error.
  const invocation = invokeWithinLimits((proxy) => options.host.invoke(route.functionId, proxy), event, 'RequestResponse');
  let result: unknown;
  try {
    result = await withinIntegrationTimeout(invocation, route.timeoutMs, options.onError);
  } catch (error) {
    options.onError(error);
    return reply(response, 'DEFAULT_5XX', requestId, 502);
  }
  if (result === TIMED_OUT) return reply(response, 'INTEGRATION_TIMEOUT', requestId, 504);
  writeProxyResult(response, result as APIGatewayProxyResult, requestId);
}

const TIMED_OUT = Symbol('integration timed out');

/**
 * The invocation's result, or TIMED_OUT once API Gateway stops waiting for it. The function goes
 * on (as in Lambda, until its own timeout), and a failure it ends with later is only logged.
 */
async function withinIntegrationTimeout(invocation: Promise<unknown>, timeoutMs: number, onLateError: (error: unknown) => void): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  try {
    const outcome = await Promise.race([invocation, timedOut]);
    if (outcome === TIMED_OUT) invocation.catch(onLateError);
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Node answers some requests itself before any handler runs, with an empty body; API Gateway
 * answers every request it refuses with its gateway responses, so these get the envelope too.
 */
function answerNodeRefusals(server: ApiPort['server'], answering: Map<Socket, Set<ServerResponse>>, reply: GatewayReply, answer: (type: string, requestId: string, fallbackStatus: number) => GatewayAnswer): void {
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    // Only `100-continue` can be met (RFC 9110 §10.1.1). The body is left unread, so the connection
    // cannot carry another request.
    response.setHeader('connection', 'close');
    reply(response, 'DEFAULT_4XX', randomUUID(), 417);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    const inFlight = [...(answering.get(socket) ?? [])];
    if (socket.writable && inFlight.length === 0) {
      socket.end(rawResponse(answer('DEFAULT_4XX', randomUUID(), status)), () => socket.destroy());
    } else if (inFlight.length === 1 && !inFlight[0]?.headersSent) {
      // The body of the request being read cannot be (a malformed chunk): its answer is this one.
      const response = inFlight[0] as ServerResponse;
      response.setHeader('connection', 'close');
      response.once('finish', () => socket.destroy());
      reply(response, 'DEFAULT_4XX', randomUUID(), status);
    } else {
      socket.destroy();
    }
  });
  // A tunnel is no route of the API; without this Node closes the connection unanswered.
  server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    socket.end(rawResponse(answer('DEFAULT_4XX', randomUUID(), 400)), () => socket.destroy());
  });
}

/**
 * The local API Gateway: matches the template's routes, runs the TOKEN authorizer, builds REST
 * proxy events for the handlers, and answers its own errors with the template's gateway responses.
 */
export function startApiRouter(options: ApiRouterOptions) {
  const { routes, gatewayResponses } = readApi(options.template, options.names);
  const answer = (type: string, requestId: string, fallbackStatus: number) => gatewayAnswer(gatewayResponses, type, requestId, fallbackStatus);
  const reply: GatewayReply = (response, type, requestId, fallbackStatus) => {
    const { status, headers, body } = answer(type, requestId, fallbackStatus);
    response.writeHead(status, headers);
    response.end(body);
  };

  // Connections with a request still being answered: an error answer written on one now would be
  // read as the answer to that request.
  const answering = new Map<Socket, Set<ServerResponse>>();
  options.port.serve((request, response) => {
    const { socket } = request;
    const responses = answering.get(socket) ?? new Set();
    answering.set(socket, responses.add(response));
    response.once('close', () => {
      responses.delete(response);
      if (responses.size === 0) answering.delete(socket);
    });
    handleRequest(request, response, routes, reply, options).catch((error: unknown) => {
      // Answered already: the body could not be read, and 'clientError' said so.
      if (response.writableEnded) return;
      options.onError(error);
      if (!response.headersSent) reply(response, 'DEFAULT_5XX', 'local', 500);
      else response.end();
    });
  });
  answerNodeRefusals(options.port.server, answering, reply, answer);
}

/** The statuses Node gives the requests it cannot read (its `socketOnError`); anything else is 400. */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/** An answer written straight to a connection whose request could not be read; the connection ends with it. */
function rawResponse(answer: { status: number; headers: Record<string, string>; body: string }): string {
  const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)), connection: 'close' };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n${head}\r\n${answer.body}`;
}

/**
 * The request target as a URL. A target in origin form (`/path?query`) is a path even when it
 * starts with `//`; anything that parses as no URL at all is refused, as API Gateway refuses it.
 */
function requestTarget(target: string): URL | undefined {
  try {
    return target.startsWith('/') ? new URL(`http://localhost${target}`) : new URL(target);
  } catch {
    return undefined;
  }
}

/** The route's path parameters, percent-decoded; undefined when one is not valid UTF-8 percent-encoding. */
function decodedParameters(route: Route, pathname: string): Record<string, string> | undefined {
  const match = route.pattern.exec(pathname);
  try {
    return Object.fromEntries(route.parameterNames.map((name, i) => [name, decodeURIComponent(match?.[i + 1] ?? '')]));
  } catch {
    return undefined;
  }
}
