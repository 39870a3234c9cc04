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
  /** Request headers to send besides the fetcher's own, which they never replace. */
  headers?: Readonly<Record<string, string>>;
}

export type FetchDocument = (url: string, options?: FetchDocumentOptions) => Promise<FetchedDocument>;

/**
 * Why the host gave no answer at all: its name did not resolve, the connection was refused or
 * reset, the TLS handshake failed, nothing came in time, or it resolves to an address the service
 * never connects to. Stable names: they reach clients as ledger reasons and `details.reason`.
 */
export const HOST_UNREACHABLE_REASONS = ['dns_failure', 'connect_failed', 'connection_reset', 'tls_failure', 'timeout', 'blocked_address'] as const;
export type HostUnreachableReason = (typeof HOST_UNREACHABLE_REASONS)[number];

/** Why a fetch produced no document. `retryable` failures are worth another attempt later. */
export type FetchFailureReason = HostUnreachableReason | 'too_large' | 'too_many_redirects' | 'redirect_refused' | 'invalid_url' | 'network_error';

export function isHostUnreachable(reason: FetchFailureReason): reason is HostUnreachableReason {
  return (HOST_UNREACHABLE_REASONS as readonly string[]).includes(reason);
}

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
