import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { APIGatewayAuthorizerResult, APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { ApiPort } from './api-port.js';
import type { LambdaHost } from './lambda-host.js';
import { readRequestBody } from './request-body.js';
import type { UsageMeter } from './meter.js';
import { resolveIntrinsics, resourcesOfType, type CfnTemplate, type LocalNames } from './template.js';

interface Route {
  method: string;
  /** `/v1/jobs/{id}` */
  resourcePath: string;
  pattern: RegExp;
  parameterNames: string[];
  functionId: string;
  authorizerFunctionId?: string;
}

interface GatewayResponse {
  status?: number;
  headers: Record<string, string>;
  template: string;
}

/** API Gateway's body limit. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
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
    const functionId = functionOf((props.Integration as { Uri?: unknown } | undefined)?.Uri);
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

/**
 * The local API Gateway: matches the template's routes, runs the TOKEN authorizer, builds REST
 * proxy events for the handlers, and answers its own errors with the template's gateway responses.
 */
export function startApiRouter(options: {
  host: LambdaHost;
  template: CfnTemplate;
  names: LocalNames;
  port: ApiPort;
  meter: UsageMeter;
  onError(error: unknown): void;
  isReady(): boolean;
}) {
  const { routes, gatewayResponses } = readApi(options.template, options.names);

  const gatewayAnswer = (type: string, requestId: string, fallbackStatus: number) => {
    const configured = gatewayResponses.get(type) ?? gatewayResponses.get(fallbackStatus >= 500 ? 'DEFAULT_5XX' : 'DEFAULT_4XX');
    const body = (configured?.template ?? '{"message":"error"}').replaceAll('$context.requestId', requestId);
    // Header names are case-insensitive: the template's `Content-Type` replaces the default, not joins it.
    const headers = Object.fromEntries(Object.entries(configured?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    return { status: configured?.status ?? fallbackStatus, headers: { 'content-type': 'application/json', ...headers }, body };
  };
  const gatewayReply = (response: ServerResponse, type: string, requestId: string, fallbackStatus: number) => {
    const answer = gatewayAnswer(type, requestId, fallbackStatus);
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const requestId = randomUUID();
    // Read before any answer, as API Gateway does: a reply sent with the body unread would leave
    // a kept-alive connection in a state the client's next request on it cannot survive.
    const body = await readRequestBody(request, MAX_REQUEST_BYTES);
    if (body === 'too_large') {
      // The rest of the body is left unread, so the connection cannot carry another request.
      response.setHeader('connection', 'close');
      return gatewayReply(response, 'REQUEST_TOO_LARGE', requestId, 413);
    }
    const url = requestTarget(request.url ?? '/');
    const method = request.method ?? 'GET';
    if (!url) return gatewayReply(response, 'DEFAULT_4XX', requestId, 400);
    if (url.pathname === '/health' && method === 'GET') {
      const ready = options.isReady();
      response.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: ready ? 'ok' : 'starting' }));
      return;
    }

    const matching = routes.filter((route) => route.pattern.test(url.pathname));
    const route = matching.find((candidate) => candidate.method === method);
    if (!route) return gatewayReply(response, 'MISSING_AUTHENTICATION_TOKEN', requestId, 403);
    options.meter.apiRequest();
    const pathParameters = decodedParameters(route, url.pathname);
    if (!pathParameters) return gatewayReply(response, 'DEFAULT_4XX', requestId, 400);

    let authorizerContext: Record<string, unknown> = {};
    if (route.authorizerFunctionId) {
      const token = request.headers.authorization;
      if (!token) return gatewayReply(response, 'UNAUTHORIZED', requestId, 401);
      const methodArn = `arn:aws:execute-api:us-east-1:000000000000:local/prod/${method}${url.pathname}`;
      let decision: APIGatewayAuthorizerResult;
      try {
        decision = (await options.host.invoke(route.authorizerFunctionId, { type: 'TOKEN', authorizationToken: token, methodArn })) as APIGatewayAuthorizerResult;
      } catch (error) {
        if ((error as Error).message === 'Unauthorized') return gatewayReply(response, 'UNAUTHORIZED', requestId, 401);
        options.onError(error);
        return gatewayReply(response, 'AUTHORIZER_FAILURE', requestId, 500);
      }
      const allowed = decision.policyDocument.Statement.some((statement) => statement.Effect === 'Allow');
      if (!allowed) return gatewayReply(response, 'ACCESS_DENIED', requestId, 403);
      authorizerContext = { ...decision.context, principalId: decision.principalId };
    }

    const query = eventParameters(url.searchParams.entries());
    const headers = eventParameters(Object.entries(request.headers).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : String(value)]));
    const event: APIGatewayProxyEvent = {
      resource: route.resourcePath,
      path: url.pathname,
      httpMethod: method,
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
        httpMethod: method,
        identity: { sourceIp: request.socket.remoteAddress ?? '127.0.0.1' } as APIGatewayProxyEvent['requestContext']['identity'],
        path: `/prod${url.pathname}`,
        protocol: 'HTTP/1.1',
        requestId,
        requestTimeEpoch: Date.now(),
        resourceId: 'local',
        resourcePath: route.resourcePath,
        stage: 'prod',
      },
    };

    let result: APIGatewayProxyResult;
    try {
      result = (await options.host.invoke(route.functionId, event)) as APIGatewayProxyResult;
    } catch (error) {
      options.onError(error);
      return gatewayReply(response, 'DEFAULT_5XX', requestId, 502);
    }
    const responseHeaders: Record<string, string> = {};
    for (const [key, value] of Object.entries(result.headers ?? {})) responseHeaders[key] = String(value);
    response.writeHead(result.statusCode, { 'x-amzn-requestid': requestId, ...responseHeaders });
    response.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
  };

  // Connections with a request still being answered: an error answer written on one now would be
  // read as the answer to that request.
  const answering = new Map<Socket, number>();
  options.port.serve((request, response) => {
    const { socket } = request;
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (answering.get(socket) ?? 1) - 1;
      if (left > 0) answering.set(socket, left);
      else answering.delete(socket);
    });
    handle(request, response).catch((error: unknown) => {
      options.onError(error);
      if (!response.headersSent) gatewayReply(response, 'DEFAULT_5XX', 'local', 500);
      else response.end();
    });
  });
  // Node answers these itself before any handler runs, with an empty body; API Gateway answers
  // every request it refuses with its gateway responses, so these get the envelope too.
  const { server } = options.port;
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    // Only `100-continue` can be met (RFC 9110 §10.1.1). The body is left unread, so the connection
    // cannot carry another request.
    response.setHeader('connection', 'close');
    gatewayReply(response, 'DEFAULT_4XX', randomUUID(), 417);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (socket.writable && !answering.has(socket)) {
      const answer = gatewayAnswer('DEFAULT_4XX', randomUUID(), CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400);
      socket.end(rawResponse(answer), () => socket.destroy());
    } else {
      socket.destroy();
    }
  });
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
