import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { buildOpenApiDocument } from '../api/openapi.js';
import { lambdaHandler } from '../observability/handler.js';

// Built once per instance: the document depends only on the code.
const body = JSON.stringify(buildOpenApiDocument());

/** GET /v1/openapi.json, without authentication. */
export const handler = lambdaHandler<APIGatewayProxyEvent, APIGatewayProxyResult>(async () => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  body,
}));
