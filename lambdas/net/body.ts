import { Writable, type Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliDecompress, createUnzip } from 'node:zlib';
import { FetchError } from '../core/fetch-types.js';

/** What the fetcher asks for; anything else a server sends is refused in `decodersFor`. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * Reads a response body, undoing its content codings, and stops as soon as the DECODED size passes
 * `maxBytes`: a gzip bomb or an endless stream costs at most the cap (plus one chunk), never the
 * whole thing. Exceeding the cap is a `too_large` error, not a truncated document: half a page
 * would export as if it were the page, and the ledger has a reason for it.
 */
export async function readCappedBody(
  body: Readable,
  contentEncoding: string | undefined,
  contentLength: string | undefined,
  maxBytes: number,
): Promise<Uint8Array> {
  try {
    return await decodeWithinCap(body, decodersFor(contentEncoding), contentLength, maxBytes);
  } catch (error) {
    // Not read to the end: close it, and keep undici's abort of an unread body from going unhandled.
    body.on('error', () => undefined).destroy();
    throw error;
  }
}

async function decodeWithinCap(body: Readable, decoders: Transform[], contentLength: string | undefined, maxBytes: number) {
  if (decoders.length === 0 && Number(contentLength) > maxBytes) throw tooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  const collector = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
      done();
    },
  });
  try {
    await pipeline([body, ...decoders, collector]);
  } catch (error) {
    if (error instanceof FetchError || !decoders.some((decoder) => decoder.errored === error)) throw error;
    throw new FetchError('network_error', `the body could not be decoded: ${(error as Error).message}`, false, { cause: error });
  }
  return Buffer.concat(chunks, size);
}

function tooLarge(maxBytes: number): FetchError {
  return new FetchError('too_large', `the body is larger than ${maxBytes} bytes`, false);
}

/** Decoders in the order to apply them: codings are listed in the order they were applied. */
function decodersFor(contentEncoding: string | undefined): Transform[] {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  return codings.reverse().map((coding) => {
    // Like curl and browsers, accept a stream cut short rather than fail the whole page.
    const lenient = { finishFlush: constants.Z_SYNC_FLUSH };
    // createUnzip detects the zlib or gzip wrapper itself, so servers that mislabel one as the other still work.
    if (coding === 'gzip' || coding === 'x-gzip' || coding === 'deflate') return createUnzip(lenient);
    if (coding === 'br') return createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH });
    throw new FetchError('network_error', `unsupported content-encoding "${coding}"`, false);
  });
}
