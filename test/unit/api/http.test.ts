import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, jsonResponse, parseJsonBody } from '../../../lambdas/api/http.js';
import { thrownApiError } from './helpers.js';

function textBody(body: string | null) {
  return { body, isBase64Encoded: false };
}

function base64Body(bytes: Buffer | string) {
  return { body: Buffer.from(bytes).toString('base64'), isBase64Encoded: true };
}

/** A JSON object of exactly `bytes` UTF-8 bytes, padded with `filler` (1 or 2 bytes per character). */
function objectOfSize(bytes: number, filler = 'a'): string {
  const frame = '{"pad":""}';
  const fillerBytes = Buffer.byteLength(filler);
  return `{"pad":"${filler.repeat(Math.floor((bytes - frame.length) / fillerBytes))}"}`;
}

describe('parseJsonBody', () => {
  it('returns the JSON object of a text body', () => {
    expect(parseJsonBody(textBody('{"mode":"single","n":1}'))).toEqual({ mode: 'single', n: 1 });
  });

  it('decodes a base64 body', () => {
    expect(parseJsonBody(base64Body('{"title":"Café"}'))).toEqual({ title: 'Café' });
  });

  it.each([
    ['a text body', textBody('\uFEFF{"a":1}')],
    ['a base64 body', base64Body(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]))],
  ])('ignores a leading byte order mark in %s', (_label, event) => {
    expect(parseJsonBody(event)).toEqual({ a: 1 });
  });

  it.each([
    ['missing', textBody(null)],
    ['empty', textBody('')],
    ['blank', textBody('  \n ')],
  ])('answers 400 invalid_json when the body is %s', (_label, event) => {
    const error = thrownApiError(() => parseJsonBody(event));

    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_json');
    expect(error.message).toContain('missing');
  });

  it.each(['{"mode": "single",', "{'mode': 'single'}", '{"a":1} trailing', 'NaN', '{"a":01}'])(
    'answers 400 invalid_json for malformed JSON %j',
    (body) => {
      const error = thrownApiError(() => parseJsonBody(textBody(body)));

      expect(error.status).toBe(400);
      expect(error.code).toBe('invalid_json');
    },
  );

  it.each(['[{"mode":"single"}]', '"a string"', 'null', '42', 'true'])('answers 400 invalid_json for the non-object %s', (body) => {
    const error = thrownApiError(() => parseJsonBody(textBody(body)));

    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_json');
    expect(error.message).toContain('JSON object');
  });

  it('answers 400 invalid_json for a base64 body that is not UTF-8', () => {
    const error = thrownApiError(() => parseJsonBody(base64Body(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))));

    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_json');
  });

  it('accepts a body of exactly 4 MiB', () => {
    expect(parseJsonBody(textBody(objectOfSize(MAX_BODY_BYTES)))).toHaveProperty('pad');
  });

  it.each([
    ['a text body', textBody(objectOfSize(MAX_BODY_BYTES + 1))],
    ['a base64 body (decoded size)', base64Body(objectOfSize(MAX_BODY_BYTES + 1))],
    ['multi-byte characters under 4 Mi characters', textBody(objectOfSize(MAX_BODY_BYTES + 2, 'é'))],
  ])('answers 413 payload_too_large for %s over 4 MiB', (_label, event) => {
    const error = thrownApiError(() => parseJsonBody(event));

    expect(error.status).toBe(413);
    expect(error.code).toBe('payload_too_large');
  });

  it('answers a clean 400 for 100,000 levels of nested arrays', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);

    const error = thrownApiError(() => parseJsonBody(textBody(deep)));

    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_json');
  });

  it('keeps lone surrogates in strings rather than failing', () => {
    expect(parseJsonBody(textBody('{"a":"\\ud800x"}'))).toEqual({ a: '\ud800x' });
  });
});

describe('jsonResponse', () => {
  it('serializes the body with a JSON content type and extra headers', () => {
    const response = jsonResponse(202, { id: 'j1' }, { Location: '/v1/jobs/j1' });

    expect(response).toEqual({
      statusCode: 202,
      headers: { 'content-type': 'application/json', Location: '/v1/jobs/j1' },
      body: '{"id":"j1"}',
    });
  });
});
