import { ApiError, type FieldIssue } from '../../../lambdas/api/errors.js';

/** Runs `action` and returns the ApiError it throws; anything else (or nothing) fails the test. */
export function thrownApiError(action: () => unknown): ApiError {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError, but nothing was thrown');
}

export function fieldIssues(error: ApiError): FieldIssue[] {
  if (!Array.isArray(error.details)) throw new Error(`expected field details, got ${JSON.stringify(error.details)}`);
  return error.details;
}

export function namedFields(error: ApiError): string[] {
  return fieldIssues(error).flatMap((issue) => (issue.field === undefined ? [] : [issue.field]));
}

export function messageFor(error: ApiError, field: string): string | undefined {
  return fieldIssues(error).find((issue) => issue.field === field)?.message;
}
