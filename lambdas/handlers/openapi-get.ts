import type { APIGatewayProxyResult } from 'aws-lambda';
import { buildOpenApiDocument } from '../api/openapi.js';

// Built once per instance: the document depends only on the code.
const body = JSON.stringify(buildOpenApiDocument());

/** GET /v1/openapi.json, without authentication (CONTRACT 9). */
export async function handler(): Promise<APIGatewayProxyResult> {
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body };
}
