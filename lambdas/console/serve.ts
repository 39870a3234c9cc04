import type { APIGatewayProxyResult } from 'aws-lambda';
import { notFound } from '../api/errors.js';
import { errorResponse } from '../api/http.js';
import { CONSOLE_ASSETS } from './assets.generated.js';

export const CONSOLE_PAGE = 'index.html';

/**
 * The console renders crawled documents, which are hostile: scripts come only from the service
 * itself (no inline script, no eval), HTML reaches the DOM only through DOMPurify's Trusted Types
 * policy, images from crawled pages are not loaded (they would tell the crawled site who reads it),
 * and the page cannot be framed. `downloadOrigin` is where documents over the inline limit, and
 * every PDF and Word document, are redirected to (the S3 endpoint), which the console fetches.
 */
export function contentSecurityPolicy(downloadOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `connect-src 'self' ${downloadOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types dompurify',
  ].join('; ');
}

export interface ConsoleRequest {
  /** `index.html` for `GET /`, else the file named by `GET /console/{asset}`. */
  asset: string;
  /** The path as the browser asked for it, stage included (`/prod`), when known. */
  browserPath?: string;
  ifNoneMatch?: string;
  requestId: string;
}

/** One file of the console, with the headers that keep hostile content from running. */
export function serveConsole(request: ConsoleRequest, downloadOrigin: string): APIGatewayProxyResult {
  const securityHeaders = {
    'Content-Security-Policy': contentSecurityPolicy(downloadOrigin),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  // The page loads `console/…` and calls `v1/…` relative to its own URL, so it must end in `/`
  // (`…/prod` would resolve them against the host root).
  if (request.asset === CONSOLE_PAGE && request.browserPath && !request.browserPath.endsWith('/')) {
    return { statusCode: 301, headers: { ...securityHeaders, Location: `${request.browserPath}/` }, body: '' };
  }
  const asset = Object.hasOwn(CONSOLE_ASSETS, request.asset) ? CONSOLE_ASSETS[request.asset] : undefined;
  if (!asset) {
    const missing = errorResponse(notFound('no such console file'), request.requestId);
    return { ...missing, headers: { ...missing.headers, ...securityHeaders } };
  }
  const headers = { ...securityHeaders, 'Content-Type': asset.contentType, 'Cache-Control': 'no-cache', ETag: asset.etag };
  if (request.ifNoneMatch === asset.etag) return { statusCode: 304, headers, body: '' };
  return { statusCode: 200, headers, body: asset.body };
}
