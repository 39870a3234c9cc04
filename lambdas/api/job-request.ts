import { z } from 'zod';
import type { Plan } from '../domain/accounts.js';
import type { ApiVersion } from '../domain/formats.js';
import { commonShapeOf, JOB_REQUEST_SCHEMAS, modeSchema, type CreateJobRequest } from '../domain/job-request.js';
import { forbidden, invalidJson, validationErrorFromZod } from './errors.js';
import { isJsonObject } from './http.js';

/** The job request as the API takes it: the domain's schema, its problems said in the API's error envelope. */

// Without a valid mode zod cannot pick a schema; the fields every mode shares are still checked so
// the caller learns of all problems at once.
const modelessSchema = (version: ApiVersion) => z.object({ mode: modeSchema, ...commonShapeOf(version) });

const V1_1_FIELDS = new Set(['pdf_paper']);

const MODE_SPECIFIC_FIELDS = new Set(['max_depth', 'max_pages', 'concurrency', 'urls', 'include_paths', 'exclude_paths']);

/** Validates a parsed JSON body as `version` takes it; throws ApiError 400 (not an object) or 422 naming every bad field. */
export function parseCreateJobRequest(body: unknown, version: ApiVersion = 'v1'): CreateJobRequest {
  if (!isJsonObject(body)) throw invalidJson('the request body must be a JSON object');
  const parsed = JOB_REQUEST_SCHEMAS[version].safeParse(body);
  if (parsed.success) return parsed.data;
  const mode = modeSchema.safeParse(body.mode);
  if (!mode.success) throw validationErrorFromZod(modelessSchema(version).safeParse(body).error ?? parsed.error);
  throw validationErrorFromZod(parsed.error, (field) =>
    MODE_SPECIFIC_FIELDS.has(field) ? `not accepted in ${mode.data} mode` : version === 'v1' && V1_1_FIELDS.has(field) ? 'a /v1.1 field: send the request to /v1.1/jobs' : 'unknown field',
  );
}

/** Spec 4.2: skipping robots.txt needs an Enterprise agreement. */
export function assertPlanAllows(request: CreateJobRequest, plan: Plan): void {
  if (!request.respect_robots && plan !== 'enterprise') {
    throw forbidden('respect_robots: false is allowed only with an Enterprise plan', [
      { field: 'respect_robots', message: 'false requires an Enterprise plan' },
    ]);
  }
}

