import type { IncomingMessage } from 'node:http';

/** A request's body, or 'too_large' as soon as it passes `maxBytes` (the rest is not read). */
export async function readRequestBody(request: IncomingMessage, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer | 'too_large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return 'too_large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The whole body as UTF-8 text, for the local AWS JSON-protocol endpoints (no size limit). */
export async function readRequestText(request: IncomingMessage): Promise<string> {
  return String(await readRequestBody(request));
}
