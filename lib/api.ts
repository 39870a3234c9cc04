import { Duration, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path under the API root, e.g. `v1/jobs/{id}`. */
  path: string;
  handler: lambda.IFunction;
  /** Public routes (the OpenAPI document, the web console's page and files) skip the key authorizer. */
  public?: boolean;
  /** The handler checks the key itself (the Firecrawl-compatible routes, whose refusals have their own shape). */
  keyCheckedByHandler?: boolean;
}

export interface CrawlApiProps {
  authorizer: lambda.IFunction;
  routes: ApiRoute[];
  /** Stage-wide throttle: steady requests per second and burst. */
  throttle: { rateLimit: number; burstLimit: number };
}

/** API Gateway's own answers, in the service's error envelope (CONTRACT 1). */
const GATEWAY_RESPONSES: Array<{ type: apigw.ResponseType; status?: string; code: string; message: string }> = [
  { type: apigw.ResponseType.UNAUTHORIZED, status: '401', code: 'unauthorized', message: 'Missing, malformed, unknown or revoked API key. Send Authorization: Bearer <key>.' },
  { type: apigw.ResponseType.ACCESS_DENIED, status: '401', code: 'unauthorized', message: 'Missing, malformed, unknown or revoked API key. Send Authorization: Bearer <key>.' },
  { type: apigw.ResponseType.AUTHORIZER_FAILURE, status: '500', code: 'internal_error', message: 'The request could not be authorized because of an internal error.' },
  { type: apigw.ResponseType.AUTHORIZER_CONFIGURATION_ERROR, status: '500', code: 'internal_error', message: 'The request could not be authorized because of an internal error.' },
  { type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN, status: '404', code: 'not_found', message: 'No such route.' },
  { type: apigw.ResponseType.RESOURCE_NOT_FOUND, status: '404', code: 'not_found', message: 'No such route.' },
  { type: apigw.ResponseType.THROTTLED, status: '429', code: 'rate_limited', message: 'Too many requests; retry later.' },
  { type: apigw.ResponseType.QUOTA_EXCEEDED, status: '429', code: 'rate_limited', message: 'Too many requests; retry later.' },
  { type: apigw.ResponseType.REQUEST_TOO_LARGE, status: '413', code: 'payload_too_large', message: 'The request body is too large.' },
  { type: apigw.ResponseType.BAD_REQUEST_BODY, status: '400', code: 'invalid_json', message: 'The request body is not valid.' },
  { type: apigw.ResponseType.INTEGRATION_TIMEOUT, status: '504', code: 'internal_error', message: 'The request took too long.' },
  // The defaults keep API Gateway's own status code.
  { type: apigw.ResponseType.DEFAULT_4XX, code: 'bad_request', message: 'The request was rejected.' },
  { type: apigw.ResponseType.DEFAULT_5XX, code: 'internal_error', message: 'Internal error.' },
];

/** Headers CONTRACT 1 asks for with some codes; gateway throttling has no computed wait, so 1 s. */
const EXTRA_HEADERS: Record<string, Record<string, string>> = {
  unauthorized: { 'WWW-Authenticate': "'Bearer'" },
  rate_limited: { 'Retry-After': "'1'" },
};

/** Body template: API Gateway fills `$context` variables; the shape is the handlers' envelope. */
function envelopeTemplate(code: string, message: string): string {
  return JSON.stringify({ error: { code, message, request_id: '$context.requestId' } });
}

/**
 * The REST API: every route behind the Lambda authorizer but the console's, access logs, stage throttling, and
 * Gateway Responses mapped to the error envelope so clients never see API Gateway's own bodies.
 */
export class CrawlApi extends Construct {
  readonly restApi: apigw.RestApi;
  /** Where the API and the web console it serves are: the origin a browser sends from the console's page. */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: CrawlApiProps) {
    super(scope, id);
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    this.restApi = new apigw.RestApi(this, 'RestApi', {
      description: 'Web crawl service public API',
      cloudWatchRole: true,
      endpointTypes: [apigw.EndpointType.REGIONAL],
      deployOptions: {
        stageName: 'prod',
        throttlingRateLimit: props.throttle.rateLimit,
        throttlingBurstLimit: props.throttle.burstLimit,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields(),
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        tracingEnabled: true,
      },
    });
    const stack = Stack.of(this);
    this.origin = `https://${this.restApi.restApiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    for (const response of GATEWAY_RESPONSES) {
      this.restApi.addGatewayResponse(response.type.responseType, {
        type: response.type,
        statusCode: response.status,
        responseHeaders: { 'Content-Type': "'application/json'", ...EXTRA_HEADERS[response.code] },
        templates: { 'application/json': envelopeTemplate(response.code, response.message) },
      });
    }

    const authorizer = new apigw.TokenAuthorizer(this, 'KeyAuthorizer', {
      handler: props.authorizer,
      identitySource: apigw.IdentitySource.header('Authorization'),
      // Revocation takes effect once the cached decision expires.
      resultsCacheTtl: Duration.seconds(30),
    });

    for (const route of props.routes) {
      const resource = this.restApi.root.resourceForPath(route.path);
      const integration = new apigw.LambdaIntegration(route.handler, { proxy: true });
      if (route.public || route.keyCheckedByHandler) {
        const method = resource.addMethod(route.method, integration, { authorizationType: apigw.AuthorizationType.NONE });
        NagSuppressions.addResourceSuppressions(method, [
          route.public
            ? { id: 'AwsSolutions-APIG4', reason: 'Public by design: the OpenAPI document describes the API and holds no user data; the web console page and its files hold none either, and the console sends the API key the user types on every API call.' }
            : { id: 'AwsSolutions-APIG4', reason: "The Firecrawl-compatible routes check the Bearer key in their handler, with the authorizer's own lookup, so that a refusal comes in Firecrawl's error shape (gateway responses are one shape for the whole API)." },
        ]);
      } else {
        resource.addMethod(route.method, integration, { authorizer, authorizationType: apigw.AuthorizationType.CUSTOM });
      }
    }
  }
}
