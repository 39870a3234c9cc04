/**
 * Writes the API's OpenAPI document to docs/openapi.json, the reference generated from it to
 * docs/api-reference.md, and the TypeScript client's types generated from it (openapi-typescript) to
 * client/api-types.ts: `npm run docs:api`. test/unit/api/openapi.test.ts fails when any drifts.
 *
 * The reference is rendered here rather than by a generator package: the ones that read OpenAPI
 * 3.1 either escape the markdown in descriptions or spend thousands of lines on this small API.
 */
import { writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';
import path from 'node:path';
import { buildOpenApiDocument } from '../lambdas/api/openapi.js';
import { PROJECT_ROOT } from '../local/template.js';

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
  title?: string;
};
interface Parameter { name: string; in: string; required?: boolean; description?: string; schema?: Schema }
interface Response { description: string; headers?: Record<string, { description?: string }>; content?: Record<string, { schema?: Schema }> }
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, Response>;
}
interface Document {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export const OPENAPI_FILE = path.join(PROJECT_ROOT, 'docs/openapi.json');
export const REFERENCE_FILE = path.join(PROJECT_ROOT, 'docs/api-reference.md');
export const CLIENT_TYPES_FILE = path.join(PROJECT_ROOT, 'client/api-types.ts');

export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

/** A table cell holds one line and no unescaped `|`. */
function cell(text: string | undefined): string {
  return (text ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

function anchor(name: string): string {
  return name.toLowerCase();
}

function typeOf(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return `[${name}](#${anchor(name)})`;
  }
  if ('const' in schema) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' or ');
  if (schema.type === 'array') return `array of ${typeOf(schema.items) || 'any'}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  const range = [schema.minimum, schema.maximum].some((bound) => bound !== undefined) ? ` ${schema.minimum ?? ''}–${schema.maximum ?? ''}` : '';
  return `${type}${range}${schema.format ? ` (${String(schema.format)})` : ''}`;
}

function notes(schema: Schema | undefined, description?: string): string {
  const parts = [description ?? schema?.description];
  if (schema && 'default' in schema) parts.push(`Default \`${JSON.stringify(schema.default)}\`.`);
  return cell(parts.filter(Boolean).join(' '));
}

function fieldTable(schema: Schema): string[] {
  return ['| field | type | required | notes |', '|---|---|---|---|', ...fieldRows(schema, '')];
}

/** Inline objects are listed field by field (`progress.pages_crawled`). */
function fieldRows(schema: Schema, prefix: string): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => [
    `| \`${prefix}${name}\` | ${cell(typeOf(field))} | ${required.has(name) ? 'yes' : 'no'} | ${notes(field)} |`,
    ...(field.properties ? fieldRows(field, `${prefix}${name}.`) : []),
  ]);
}

function renderSchema(name: string, schema: Schema): string[] {
  const lines = [`### ${name}`, ''];
  if (schema.description) lines.push(schema.description, '');
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) {
    for (const variant of variants) {
      const mode = (variant.properties?.mode as Schema | undefined)?.const;
      lines.push(`**${variant.title ?? 'Variant'}**${mode ? ` (\`mode: "${String(mode)}"\`)` : ''}${variant.description ? `: ${variant.description}` : ''}`, '', ...fieldTable(variant), '');
    }
  } else if (schema.properties) {
    lines.push(...fieldTable(schema), '');
  } else {
    lines.push(`${typeOf(schema)}`, '');
  }
  const example = (schema.examples as unknown[] | undefined)?.[0];
  if (example !== undefined) lines.push('Example:', '', '```json', JSON.stringify(example, null, 2), '```', '');
  return lines;
}

function renderOperation(method: string, route: string, operation: Operation): string[] {
  const lines = [`### ${method.toUpperCase()} ${route}`, ''];
  if (operation.summary) lines.push(`${operation.summary}.${operation.security?.length === 0 ? ' No authentication.' : ''}`, '');
  if (operation.description) lines.push(operation.description, '');
  if (operation.parameters?.length) {
    lines.push('| parameter | in | type | required | notes |', '|---|---|---|---|---|');
    for (const parameter of operation.parameters) {
      lines.push(`| \`${parameter.name}\` | ${parameter.in} | ${cell(typeOf(parameter.schema))} | ${parameter.required ? 'yes' : 'no'} | ${notes(parameter.schema, parameter.description)} |`);
    }
    lines.push('');
  }
  for (const [mediaType, body] of Object.entries(operation.requestBody?.content ?? {})) lines.push(`Request body (\`${mediaType}\`): ${typeOf(body.schema)}`, '');
  lines.push('| status | body | headers | meaning |', '|---|---|---|---|');
  for (const [status, response] of Object.entries(operation.responses)) {
    const bodies = Object.entries(response.content ?? {}).map(([mediaType, body]) => (mediaType === 'application/json' ? typeOf(body.schema) : `\`${mediaType}\``));
    const headers = Object.keys(response.headers ?? {}).map((name) => `\`${name}\``);
    lines.push(`| ${status} | ${cell(bodies.join(', '))} | ${headers.join(', ')} | ${cell(response.description)} |`);
  }
  lines.push('');
  return lines;
}

export function renderApiReference(document: Document): string {
  const operations = Object.entries(document.paths).flatMap(([route, methods]) => Object.entries(methods).map(([method, operation]) => ({ route, method, operation })));
  return [
    `# ${document.info.title}: reference`,
    '',
    '<!-- Generated from docs/openapi.json by `npm run docs:api`; edit the zod schemas and lambdas/api/openapi.ts, not this file. -->',
    '',
    document.info.description ?? '',
    '',
    'The machine-readable document is [openapi.json](openapi.json), also served at `GET /v1/openapi.json`.',
    '',
    '## Routes',
    '',
    '| route | what |',
    '|---|---|',
    ...operations.map(({ route, method, operation }) => `| [\`${method.toUpperCase()} ${route}\`](#${anchor(`${method} ${route}`.replace(/[^a-z0-9 -]/gi, '').replace(/ /g, '-'))}) | ${cell(operation.summary)} |`),
    '',
    ...operations.flatMap(({ route, method, operation }) => renderOperation(method, route, operation)),
    '## Schemas',
    '',
    ...Object.entries(document.components.schemas).flatMap(([name, schema]) => renderSchema(name, schema)),
  ].join('\n').replace(/\n{3,}/g, '\n\n');
}

export function apiReference(): string {
  return renderApiReference(JSON.parse(openApiJson()) as Document);
}

/** `paths` and `components` of the document as TypeScript types; fields with defaults stay optional in requests. */
export async function clientTypes(): Promise<string> {
  const ast = await openapiTS(JSON.parse(openApiJson()) as Parameters<typeof openapiTS>[0], { defaultNonNullable: false });
  return `// Generated from docs/openapi.json by \`npm run docs:api\`; do not edit.\n\n${astToString(ast)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(PROJECT_ROOT, 'scripts/api-docs.ts')) {
  await writeFile(OPENAPI_FILE, openApiJson());
  await writeFile(REFERENCE_FILE, apiReference());
  await writeFile(CLIENT_TYPES_FILE, await clientTypes());
  console.log(`wrote ${[OPENAPI_FILE, REFERENCE_FILE, CLIENT_TYPES_FILE].map((file) => path.relative(process.cwd(), file)).join(', ')}`);
}
