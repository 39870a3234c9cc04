import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '../../lambdas/api/openapi.js';

/**
 * Checks HTTP answers against the OpenAPI document with a JSON Schema 2020-12 validator (Ajv), so
 * the document cannot promise what the service does not do: the status must be documented for the
 * route, documented required headers present and well-formed, and the body valid for its media type.
 */

type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
type JsonSchema = Record<string, unknown>;
interface ResponseObject { headers?: Record<string, { required?: boolean; schema?: JsonSchema }>; content?: Record<string, { schema?: JsonSchema }> }

const DOCUMENT_ID = 'https://web-crawl-service.invalid/openapi.json';

export interface CheckedResponse {
  method: string;
  /** The request path, with its query string. */
  path: string;
  status: number;
  headers: Headers;
  text: string;
}

export class OpenApiChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: Array<{ pattern: RegExp; template: string }>;

  constructor(readonly document: OpenApiDocument = buildOpenApiDocument()) {
    addFormats.default(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID } as JsonSchema);
    this.routes = Object.keys(document.paths ?? {}).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
  }

  /** The problems of one answer; empty when it is what the document says. */
  problems(response: CheckedResponse): string[] {
    const { pathname } = new URL(response.path, 'http://localhost');
    const method = response.method.toLowerCase();
    const route = this.routes.find((candidate) => candidate.pattern.test(pathname));
    const operation = route ? (this.document.paths?.[route.template] as Record<string, { responses?: Record<string, ResponseObject> }> | undefined)?.[method] : undefined;
    if (!route || !operation) {
      // A route the API does not have: API Gateway answers 404 in the error envelope.
      if (response.status !== 404) return [`${response.method} ${pathname} is not in the document, yet answered ${response.status}`];
      return this.bodyProblems('#/components/schemas/Error', response.text, 'the 404 of an unknown route');
    }
    const responses = operation.responses ?? {};
    const key = [String(response.status), `${String(response.status)[0]}XX`, 'default'].find((candidate) => candidate in responses);
    const documented = key ? responses[key] : undefined;
    const where = `${response.method} ${route.template} → ${response.status}`;
    if (!key || !documented) return [`${where} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    const pointer = `#/paths/${escapePointer(route.template)}/${method}/responses/${key}`;
    const problems: string[] = [];

    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      const value = response.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`${where}: header ${name} is missing`);
        continue;
      }
      problems.push(...this.validate(`${pointer}/headers/${escapePointer(name)}/schema`, value).map((problem) => `${where}: header ${name} ${problem}`));
    }

    const content = documented.content ?? {};
    if (Object.keys(content).length === 0) return problems;
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!(mediaType in content)) return [...problems, `${where}: content type "${mediaType}" is not documented (${Object.keys(content).join(', ')})`];
    const schemaPointer = `${pointer}/content/${escapePointer(mediaType)}/schema`;
    if (mediaType === 'application/json') problems.push(...this.bodyProblems(schemaPointer, response.text, where));
    else problems.push(...this.validate(schemaPointer, response.text).map((problem) => `${where}: body ${problem}`));
    return problems;
  }

  /** Checks a value against the schema at a JSON pointer into the document (examples, bodies). */
  validate(pointer: string, value: unknown): string[] {
    let validator = this.validators.get(pointer);
    if (!validator) {
      validator = this.ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
      this.validators.set(pointer, validator);
    }
    if (validator(value)) return [];
    return (validator.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`);
  }

  private bodyProblems(pointer: string, text: string, where: string): string[] {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [`${where}: the body is not JSON: ${text.slice(0, 200)}`];
    }
    return this.validate(pointer, body).map((problem) => `${where}: body ${problem}`);
  }
}

/** RFC 6901: `~` and `/` escaped, so a path template or media type is one pointer segment. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
