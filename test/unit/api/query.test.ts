import { describe, expect, it } from 'vitest';
import { parsePagesQuery, parsePreviewQuery, parseResultQuery } from '../../../lambdas/api/query.js';
import { messageFor, namedFields, thrownApiError } from './helpers.js';

function rejectedFields(action: () => unknown): string[] {
  const error = thrownApiError(action);
  expect(error.status).toBe(422);
  expect(error.code).toBe('validation_error');
  return namedFields(error);
}

describe('parsePreviewQuery', () => {
  it('takes the url as given and no cap by default', () => {
    expect(parsePreviewQuery({ url: 'https://example.com' })).toEqual({ url: 'https://example.com' });
  });

  it.each([
    ['there is no query string', null],
    ['url is missing', { limit: '10' }],
  ])('requires url when %s', (_label, params) => {
    const error = thrownApiError(() => parsePreviewQuery(params));

    expect(error.status).toBe(422);
    expect(messageFor(error, 'url')).toBe('required');
  });

  it.each(['http://example.com/', 'https://192.168.0.1/', 'https://intranet/', 'example.com'])('rejects the url %s', (url) => {
    expect(rejectedFields(() => parsePreviewQuery({ url }))).toEqual(['url']);
  });

  it.each([
    ['1', 1],
    ['50000', 50_000],
    ['007', 7],
  ])('accepts limit=%s', (limit, expected) => {
    expect(parsePreviewQuery({ url: 'https://example.com/', limit }).limit).toBe(expected);
  });

  it.each(['0', '50001', '1.5', '1e3', '-1', '+5', ' 5', '0x10', 'ten', '', '99999999999999999999999'])('rejects limit=%j', (limit) => {
    expect(rejectedFields(() => parsePreviewQuery({ url: 'https://example.com/', limit }))).toEqual(['limit']);
  });

  it('ignores parameters it does not know', () => {
    expect(parsePreviewQuery({ url: 'https://example.com/', utm_source: 'x' })).toEqual({ url: 'https://example.com/' });
  });
});

describe('parseResultQuery', () => {
  it("defaults to the first of the job's export_formats", () => {
    expect(parseResultQuery(null, ['text', 'markdown'])).toEqual({ format: 'text' });
    expect(parseResultQuery({}, ['markdown'])).toEqual({ format: 'markdown' });
  });

  it('gives any format the job was created with', () => {
    expect(parseResultQuery({ format: 'markdown' }, ['text', 'markdown'])).toEqual({ format: 'markdown' });
  });

  it('refuses a format the job was not created with', () => {
    const error = thrownApiError(() => parseResultQuery({ format: 'text' }, ['markdown']));

    expect(error.status).toBe(422);
    expect(messageFor(error, 'format')).toContain('export_formats markdown');
  });

  it('says html is announced for v1.1', () => {
    const error = thrownApiError(() => parseResultQuery({ format: 'html' }, ['markdown']));

    expect(messageFor(error, 'format')).toMatch(/v1\.1/);
  });

  it('under /v1, defaults to the first format /v1 serves, and points a job of /v1.1 formats only at /v1.1', () => {
    expect(parseResultQuery(null, ['pdf', 'text', 'markdown'], 'v1')).toEqual({ format: 'text' });
    expect(parseResultQuery(null, ['pdf', 'text'], 'v1.1')).toEqual({ format: 'pdf' });
    expect(messageFor(thrownApiError(() => parseResultQuery(null, ['pdf', 'docx'], 'v1')), 'format')).toBe(
      "this job's documents (pdf, docx) are /v1.1 formats: read them from /v1.1/jobs/{id}/result, or ask for format=jsonl",
    );
    expect(parseResultQuery({ format: 'jsonl' }, ['pdf'], 'v1')).toEqual({ format: 'jsonl' });
  });

  it.each(['xml', 'MARKDOWN', ''])('refuses the unknown format %j', (format) => {
    expect(rejectedFields(() => parseResultQuery({ format }, ['markdown', 'text']))).toEqual(['format']);
  });
});

describe('parsePagesQuery', () => {
  it('defaults to the first page of 100 entries', () => {
    expect(parsePagesQuery(null)).toEqual({ limit: 100 });
  });

  it('takes a cursor and a limit up to 1000', () => {
    expect(parsePagesQuery({ cursor: 'eyJzZXEiOjEwMH0', limit: '1000' })).toEqual({ cursor: 'eyJzZXEiOjEwMH0', limit: 1000 });
  });

  it.each(['0', '1001', '2.5', 'all'])('rejects limit=%j', (limit) => {
    expect(rejectedFields(() => parsePagesQuery({ limit }))).toEqual(['limit']);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c'],
    ['too long', 'a'.repeat(1025)],
  ])('rejects a cursor that is %s', (_label, cursor) => {
    expect(rejectedFields(() => parsePagesQuery({ cursor }))).toEqual(['cursor']);
  });
});
