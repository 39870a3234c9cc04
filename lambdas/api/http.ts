import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError, internalError, invalidJson, payloadTooLarge, type ErrorEnvelope } from './errors.js';

/** CONTRACT 1: bodies over 4 MiB (decoded) are refused with 413. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The request body as a JSON object, or an ApiError: 413 over the size limit, 400 `invalid_json`
 * when it is missing, not UTF-8, not JSON, or JSON that is not an object (arrays, strings, null).
 * A leading byte order mark is ignored (RFC 8259 allows it).
 */
export function parseJsonBody(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): Record<string, unknown> {
  const text = bodyText(event);
  if (text.trim() === '') throw invalidJson('the request body is missing; send a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidJson('the request body is not valid JSON');
  }
  if (!isJsonObject(value)) throw invalidJson('the request body must be a JSON object');
  return value;
}

function bodyText(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): string {
  const body = event.body ?? '';
  if (event.isBase64Encoded) {
    // byteLength of base64 is computed from the text, so an oversized body is refused before decoding
    if (Buffer.byteLength(body, 'base64') > MAX_BODY_BYTES) throw payloadTooLarge(MAX_BODY_BYTES);
    try {
      return utf8.decode(Buffer.from(body, 'base64')); // also drops a leading BOM
    } catch {
      throw invalidJson('the request body is not valid UTF-8');
    }
  }
  // every UTF-16 code unit takes at least one UTF-8 byte, so the length alone can refuse early
  if (body.length > MAX_BODY_BYTES || Buffer.byteLength(body, 'utf8') > MAX_BODY_BYTES) {
    throw payloadTooLarge(MAX_BODY_BYTES);
  }
  return body.startsWith('\uFEFF') ? body.slice(1) : body;
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

export function errorResponse(error: ApiError, requestId: string): APIGatewayProxyResult {
  const envelope: ErrorEnvelope = {
    error: { code: error.code, message: error.message, details: error.details, request_id: requestId },
  };
  return jsonResponse(error.status, envelope, error.headers);
}

/** Anything that is not an ApiError is our fault: a generic 500 that reveals nothing about the cause. */
export function toErrorResponse(err: unknown, requestId: string): APIGatewayProxyResult {
  return errorResponse(err instanceof ApiError ? err : internalError(), requestId);
}
