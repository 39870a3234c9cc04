import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  errorEnvelopeSchema,
  forbidden,
  internalError,
  invalidJson,
  jobFailed,
  jobFinished,
  notFound,
  payloadTooLarge,
  quotaExceeded,
  rateLimited,
  resultNotReady,
  siteUnreachable,
  unauthorized,
  validationError,
  validationErrorFromZod,
} from '../../../lambdas/api/errors.js';
import { errorResponse, toErrorResponse } from '../../../lambdas/api/http.js';

function envelopeOf(body: string) {
  return errorEnvelopeSchema.parse(JSON.parse(body));
}

describe('errorResponse', () => {
  it('answers with exactly the CONTRACT 1 envelope as JSON', () => {
    const error = validationError([{ field: 'urls[3]', message: 'not on the same site' }]);

    const response = errorResponse(error, 'req-1');

    expect(response.statusCode).toBe(422);
    expect(response.headers?.['content-type']).toBe('application/json');
    expect(JSON.parse(response.body)).toEqual({
      error: {
        code: 'validation_error',
        message: 'urls[3]: not on the same site',
        details: [{ field: 'urls[3]', message: 'not on the same site' }],
        request_id: 'req-1',
      },
    });
  });

  it('leaves details out when there are none', () => {
    const body = JSON.parse(errorResponse(notFound(), 'req-2').body);

    expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'request_id']);
  });

  it.each([
    [400, 'invalid_json', invalidJson('x')],
    [401, 'unauthorized', unauthorized()],
    [402, 'quota_exceeded', quotaExceeded({ period: '2025-01', allowance: 100, used: 60, reserved: 0, requested: 50 })],
    [403, 'forbidden', forbidden('no')],
    [404, 'not_found', notFound()],
    [409, 'result_not_ready', resultNotReady('/v1.1/jobs/0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10')],
    [409, 'job_failed', jobFailed({ code: 'tos_blocked', message: 'terms forbid crawling' })],
    [409, 'job_finished', jobFinished()],
    [413, 'payload_too_large', payloadTooLarge(10)],
    [422, 'validation_error', validationError([{ field: 'mode', message: 'required' }])],
    [429, 'rate_limited', rateLimited(5)],
    [500, 'internal_error', internalError()],
    [502, 'site_unreachable', siteUnreachable('https://example.com/', 'dns_failure')],
  ])('answers %i %s in a valid envelope', (status, code, error) => {
    const response = errorResponse(error, 'req');

    expect(response.statusCode).toBe(status);
    expect(envelopeOf(response.body).error.code).toBe(code);
  });

  it('asks for a bearer token on 401', () => {
    expect(errorResponse(unauthorized(), 'r').headers?.['WWW-Authenticate']).toBe('Bearer');
  });

  it('tells a rate-limited client how many whole seconds to wait, never zero', () => {
    expect(errorResponse(rateLimited(2.3), 'r').headers?.['Retry-After']).toBe('3');
    expect(errorResponse(rateLimited(0), 'r').headers?.['Retry-After']).toBe('1');
  });

  it('carries the quota figures on 402', () => {
    const figures = { period: '2025-01', allowance: 100, used: 60, reserved: 0, requested: 50 };

    const { error } = envelopeOf(errorResponse(quotaExceeded(figures), 'r').body);

    expect(error.details).toEqual(figures);
    expect(error.message).toContain('40 remain');
  });

  it("passes a failed job's own error on as details", () => {
    const jobError = { code: 'tos_blocked', message: 'terms forbid crawling', details: { terms_url: 'https://a.example/tos' } };

    expect(envelopeOf(errorResponse(jobFailed(jobError), 'r').body).error.details).toEqual(jobError);
  });
});

describe('toErrorResponse', () => {
  it('answers an ApiError as itself', () => {
    const response = toErrorResponse(notFound('no such job'), 'req-3');

    expect(response.statusCode).toBe(404);
    expect(envelopeOf(response.body).error).toEqual({ code: 'not_found', message: 'no such job', request_id: 'req-3' });
  });

  it.each([
    ['an Error', new Error('ECONNREFUSED 10.0.0.5:5432 at Connection.connect (/var/task/db.js:12:3)')],
    ['a string', 'secret-table-name'],
    ['undefined', undefined],
  ])('hides %s behind a generic 500', (_label, thrown) => {
    const response = toErrorResponse(thrown, 'req-4');

    expect(response.statusCode).toBe(500);
    expect(envelopeOf(response.body).error.code).toBe('internal_error');
    expect(response.body).not.toMatch(/ECONNREFUSED|10\.0\.0\.5|\/var\/task|secret-table-name|stack/);
  });
});

describe('validationErrorFromZod', () => {
  const schema = z.strictObject({ urls: z.array(z.string()), nested: z.object({ depth: z.number() }).optional() });

  it('names array entries and nested fields the way clients write them', () => {
    const { error } = schema.safeParse({ urls: ['a', 3], nested: { depth: 'x' } });

    const apiError = validationErrorFromZod(error!);

    expect(apiError.status).toBe(422);
    expect((apiError.details as Array<{ field?: string }>).map((d) => d.field)).toEqual(['urls[1]', 'nested.depth']);
  });

  it('names each unknown field separately with the message the caller chooses', () => {
    const { error } = schema.safeParse({ urls: [], extra: 1, other: 2 });

    expect(validationErrorFromZod(error!, (field) => `no ${field} here`).details).toEqual([
      { field: 'extra', message: 'no extra here' },
      { field: 'other', message: 'no other here' },
    ]);
  });

  it('keeps the response bounded for a body with a huge number of problems', () => {
    const body = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 0]));
    const { error } = schema.safeParse({ urls: [], ...body });

    const details = validationErrorFromZod(error!).details as Array<{ field?: string; message: string }>;

    expect(details.length).toBeLessThan(1200);
    expect(details.at(-1)?.message).toMatch(/^\d+ more problems not listed$/);
  });

  it('shortens absurdly long unknown field names', () => {
    const { error } = schema.safeParse({ urls: [], ['x'.repeat(100_000)]: 1 });

    const [detail] = validationErrorFromZod(error!).details as Array<{ field?: string }>;

    expect(detail?.field?.length).toBeLessThanOrEqual(201);
  });
});

describe('ApiError', () => {
  it('is an Error whose status follows from its code', () => {
    const error = new ApiError('job_finished', 'done');

    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(409);
  });
});
