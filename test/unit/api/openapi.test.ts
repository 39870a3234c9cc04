import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { errorCodeSchema } from '../../../lambdas/api/errors.js';
import { JOB_REQUEST_SCHEMAS } from '../../../lambdas/domain/job-request.js';
import { CLIENT_TYPES_FILE, OPENAPI_FILE, REFERENCE_FILE, apiReference, clientTypes, openApiJson } from '../../../scripts/api-docs.js';
import { OpenApiChecker, escapePointer } from '../../helpers/openapi.js';

const checker = new OpenApiChecker();
const document = checker.document;

describe('the OpenAPI document', () => {
  it('is committed as generated: docs/openapi.json, docs/api-reference.md and the client types match the schemas (run `npm run docs:api`)', async () => {
    expect(await readFile(OPENAPI_FILE, 'utf8'), 'docs/openapi.json is stale: run npm run docs:api').toBe(openApiJson());
    expect(await readFile(REFERENCE_FILE, 'utf8'), 'docs/api-reference.md is stale: run npm run docs:api').toBe(apiReference());
    expect(await readFile(CLIENT_TYPES_FILE, 'utf8'), 'client/api-types.ts is stale: run npm run docs:api').toBe(await clientTypes());
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(openApiJson());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('every example satisfies its own schema, and the request examples pass the server\'s validation', () => {
    const schemas = document.components?.schemas ?? {};
    for (const [name, schema] of Object.entries(schemas)) {
      for (const [index, example] of ((schema as { examples?: unknown[] }).examples ?? []).entries()) {
        expect(checker.validate(`#/components/schemas/${name}`, example), `${name} example ${index}`).toEqual([]);
      }
    }
    for (const example of (schemas.CreateJobRequest as { examples: unknown[] }).examples) {
      expect(JOB_REQUEST_SCHEMAS.v1.safeParse(example).success, JSON.stringify(example)).toBe(true);
    }
    for (const example of (schemas.CreateJobRequestV1_1 as { examples: unknown[] }).examples) {
      expect(JOB_REQUEST_SCHEMAS['v1.1'].safeParse(example).success, JSON.stringify(example)).toBe(true);
    }
    for (const [route, methods] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(methods as Record<string, { responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }> }>)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const [name, example] of Object.entries(response.content?.['application/json']?.examples ?? {})) {
            const pointer = `#/paths/${escapePointer(route)}/${method}/responses/${status}/content/application~1json/schema`;
            expect(checker.validate(pointer, example.value), `${method} ${route} ${status} ${name}`).toEqual([]);
            expect((example.value as { error: { code: string } }).error.code).toBe(name);
          }
        }
      }
    }
  });

  it('shows every error code of the service with an example', () => {
    const text = openApiJson();
    for (const code of errorCodeSchema.options) expect(text, code).toContain(`"code": "${code}"`);
  });

  it('documents the headers clients act on: Location, Retry-After, WWW-Authenticate', () => {
    const post = document.paths?.['/v1/jobs']?.post;
    expect(Object.keys(post?.responses?.['202']?.headers ?? {})).toEqual(['Location']);
    expect(Object.keys(post?.responses?.['429']?.headers ?? {})).toEqual(['Retry-After']);
    expect(Object.keys(post?.responses?.['401']?.headers ?? {})).toEqual(['WWW-Authenticate']);
    expect(Object.keys(document.paths?.['/v1/jobs/{id}/result']?.get?.responses?.['303']?.headers ?? {})).toEqual(['Location']);
  });
});

describe('the response checker the integration tests use', () => {
  const job = {
    id: '0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10',
    status: 'queued',
    url: 'https://example.com/',
    mode: 'single',
    links: { self: '/v1/jobs/0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10', result: '/v1/jobs/0f8b4a52-3c1e-4d6a-9b57-2e4f1c9d7a10/result' },
  };
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    path: '/v1/jobs',
    status,
    headers: new Headers({ 'content-type': 'application/json', ...headers }),
    text: JSON.stringify(body),
  });

  it('accepts an answer that matches the document', () => {
    expect(checker.problems(answer(202, job, { location: job.links.self }))).toEqual([]);
  });

  it('rejects an undocumented field, a missing required header, an undocumented status and a wrong content type', () => {
    expect(checker.problems(answer(202, { ...job, extra: 1 }, { location: job.links.self })).join()).toContain('additional properties');
    expect(checker.problems(answer(202, job)).join()).toContain('header Location is missing');
    expect(checker.problems(answer(204, job)).join()).toContain('is not documented');
    expect(checker.problems({ ...answer(202, job, { location: 'x' }), headers: new Headers({ location: 'x', 'content-type': 'text/html' }) }).join()).toContain('content type "text/html"');
    const throttled = answer(429, { error: { code: 'rate_limited', message: 'slow down', request_id: 'r' } });
    expect(checker.problems(throttled).join()).toContain('header Retry-After is missing');
    expect(checker.problems({ ...throttled, headers: new Headers({ 'content-type': 'application/json', 'retry-after': '0' }) }).join()).toContain('Retry-After');
  });

  it('holds an unknown route to a 404 in the error envelope', () => {
    expect(checker.problems({ ...answer(404, { error: { code: 'not_found', message: 'No such route.', request_id: 'r' } }), path: '/v2/nothing' })).toEqual([]);
    expect(checker.problems({ ...answer(200, {}), path: '/v2/nothing' }).join()).toContain('not in the document');
  });
});
