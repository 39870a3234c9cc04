import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * Checks a request's AWS Signature Version 4, in its `Authorization` header or in a presigned
 * URL's query, by signing the request again with the caller's secret (the SDK's own signer does
 * the canonical request), as the AWS endpoints do:
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv.html
 */

/** The secret of an access key the local cloud issued, or undefined for a key it does not know. */
export type SecretOf = (accessKeyId: string) => string | undefined;

/** Why a request is refused, in AWS's words: its status, error code and message. */
export interface Refusal {
  status: 400 | 403;
  code: string;
  message: string;
}

export interface SignedRequest {
  method: string;
  /** The request target as received: the path still percent-encoded, then the query. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The body, for services whose signatures cover it without an `x-amz-content-sha256` header (all but S3). */
  body?: string;
}

export interface SignatureContext {
  secretOf: SecretOf;
  region: string;
  /** The signing name: `s3`, `dynamodb`, `sqs`, `states`, `lambda`. */
  service: string;
  now?: Date;
}

/** A request signed in its header may be this far from the server's clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60_000;
/** The longest a presigned URL may live (seven days). */
const MAX_PRESIGNED_SECONDS = 604_800;
const ALGORITHM = 'AWS4-HMAC-SHA256';
const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/[^,\s]*,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

const refusal = (status: Refusal['status'], code: string, message: string): { refusal: Refusal } => ({ refusal: { status, code, message } });
const ANONYMOUS = refusal(403, 'AccessDenied', 'Access Denied');
const UNSUPPORTED = refusal(400, 'InvalidRequest', `The authorization mechanism you have provided is not supported. Please use ${ALGORITHM}.`);
const MISMATCH = refusal(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');

/** `20261127T004121Z` → its instant, or undefined when it is not that form. */
function amzDate(text: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  return match ? new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`) : undefined;
}

/** The request as the signer reads it: only the headers the caller signed, the query decoded. */
function requestToSign(request: SignedRequest, signedHeaders: string[], omitQuery: Set<string>): HttpRequest {
  const target = new URL(request.url, 'http://host.invalid');
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of target.searchParams) {
    if (omitQuery.has(name)) continue;
    const earlier = query[name];
    query[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const pathEnd = request.url.indexOf('?');
  return new HttpRequest({ method: request.method, hostname: 'host.invalid', path: pathEnd < 0 ? request.url : request.url.slice(0, pathEnd), query, headers, body: request.body });
}

function signerFor(accessKeyId: string, secretAccessKey: string, { region, service }: SignatureContext): SignatureV4 {
  // S3 signs the path as sent; every other service signs it normalized and encoded again.
  return new SignatureV4({ credentials: { accessKeyId, secretAccessKey }, region, service, sha256: Sha256, uriEscapePath: service !== 's3' });
}

function sameSignature(expected: string | undefined, provided: string): boolean {
  return expected !== undefined && expected.length === provided.length && timingSafeEqual(Buffer.from(expected), Buffer.from(provided));
}

async function verifyHeader(request: SignedRequest, authorization: string, context: SignatureContext, now: Date): Promise<{ accessKeyId: string } | { refusal: Refusal }> {
  if (!authorization.startsWith(`${ALGORITHM} `)) return UNSUPPORTED;
  const match = AUTHORIZATION.exec(authorization);
  if (!match) return refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const [, accessKeyId = '', signedHeaders = '', signature = ''] = match;
  const secret = context.secretOf(accessKeyId);
  if (secret === undefined) return refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const signingDate = amzDate(String(request.headers['x-amz-date'] ?? ''));
  if (!signingDate) return refusal(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  if (Math.abs(now.getTime() - signingDate.getTime()) > MAX_CLOCK_SKEW_MS) {
    return refusal(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  // The signature covers the body through the hash the header declares: a body that is not the one hashed was not signed.
  const declaredHash = request.headers['x-amz-content-sha256'];
  if (request.body !== undefined && declaredHash !== undefined && declaredHash !== createHash('sha256').update(request.body).digest('hex')) return MISMATCH;
  const names = signedHeaders.split(';');
  const signed = await signerFor(accessKeyId, secret, context).sign(requestToSign(request, names, new Set()), { signingDate, signableHeaders: new Set(names) });
  const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization))?.[1];
  return sameSignature(expected, signature) ? { accessKeyId } : MISMATCH;
}

async function verifyPresigned(request: SignedRequest, query: URLSearchParams, context: SignatureContext, now: Date): Promise<{ accessKeyId: string } | { refusal: Refusal }> {
  const [accessKeyId = ''] = (query.get('X-Amz-Credential') ?? '').split('/');
  const signingDate = amzDate(query.get('X-Amz-Date') ?? undefined);
  const expiresIn = Number(query.get('X-Amz-Expires'));
  const signature = query.get('X-Amz-Signature') ?? '';
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
  if (query.get('X-Amz-Algorithm') !== ALGORITHM || !signingDate || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_PRESIGNED_SECONDS || !signature) {
    return refusal(400, 'AuthorizationQueryParametersError', `Query-string authentication requires ${ALGORITHM} with X-Amz-Credential, X-Amz-Date, X-Amz-Expires (1 to ${MAX_PRESIGNED_SECONDS}), X-Amz-SignedHeaders and X-Amz-Signature.`);
  }
  const secret = context.secretOf(accessKeyId);
  if (secret === undefined) return refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (now.getTime() > signingDate.getTime() + expiresIn * 1000) return refusal(403, 'AccessDenied', 'Request has expired');
  const toSign = requestToSign(request, signedHeaders, new Set(['X-Amz-Signature']));
  // A presigned URL's payload is never signed; the signer reads that from this header, which stays out of the URL and the signature.
  const payload = 'x-amz-content-sha256';
  toSign.headers[payload] = 'UNSIGNED-PAYLOAD';
  const signed = await signerFor(accessKeyId, secret, context).presign(toSign, {
    signingDate,
    expiresIn,
    signableHeaders: new Set(signedHeaders),
    unsignableHeaders: new Set([payload]),
    unhoistableHeaders: new Set([payload]),
  });
  return sameSignature(signed.query?.['X-Amz-Signature'] as string | undefined, signature) ? { accessKeyId } : MISMATCH;
}

/**
 * The access key that signed the request, or why AWS would refuse it: an anonymous request, an
 * unknown key, a signature that does not match, an expired presigned URL, a skewed clock.
 */
export async function verifyRequestSignature(request: SignedRequest, context: SignatureContext): Promise<{ accessKeyId: string } | { refusal: Refusal }> {
  const now = context.now ?? new Date();
  const query = new URL(request.url, 'http://host.invalid').searchParams;
  const authorization = request.headers.authorization;
  const presigned = query.has('X-Amz-Signature') || query.has('X-Amz-Algorithm');
  if (authorization && presigned) return refusal(400, 'InvalidArgument', 'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter or the Authorization header should be specified');
  if (authorization) return verifyHeader(request, authorization, context, now);
  if (presigned) return verifyPresigned(request, query, context, now);
  if (query.has('Signature') || query.has('AWSAccessKeyId')) return UNSUPPORTED;
  return ANONYMOUS;
}
