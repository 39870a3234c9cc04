/**
 * The seam between pure crawl logic and the network: robots, sitemap and terms code receive a
 * `FetchDocument` and never open sockets themselves, so they test without a network.
 */
export interface FetchedDocument {
  /** The URL asked for. */
  requestedUrl: string;
  /** The URL after redirects. */
  finalUrl: string;
  status: number;
  /** The media type without parameters, lower-cased (`text/html`), when the server sent one. */
  mediaType: string | undefined;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The decompressed body, at most the cap asked for. */
  body: Uint8Array;
}

const HTML_MEDIA_TYPES: ReadonlySet<string> = new Set(['text/html', 'application/xhtml+xml']);

/** Only HTML is exported (CONTRACT 5); other media types are ledger entries. */
export function isHtmlMediaType(mediaType: string | undefined): boolean {
  return mediaType !== undefined && HTML_MEDIA_TYPES.has(mediaType);
}

export interface FetchDocumentOptions {
  /** Body cap in bytes after decompression. */
  maxBytes?: number;
  /** Called for every redirect target; returning a reason stops the chain with `redirect_refused`. */
  allowRedirect?: (from: URL, to: URL) => string | undefined;
  signal?: AbortSignal;
}

export type FetchDocument = (url: string, options?: FetchDocumentOptions) => Promise<FetchedDocument>;

/** Why a fetch produced no document. `retryable` failures are worth another attempt later. */
export type FetchFailureReason =
  | 'blocked_address'
  | 'dns_failure'
  | 'connect_failed'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'redirect_refused'
  | 'invalid_url'
  | 'network_error';

export class FetchError extends Error {
  constructor(
    readonly reason: FetchFailureReason,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FetchError';
  }
}
