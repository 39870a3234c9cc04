import { loadAwsServiceSpecSync } from '@aws-cdk/aws-service-spec';
import type { Property, PropertyType, ResourceProperties, SpecDatabase, TypeDefinition } from '@aws-cdk/service-spec-types';

/**
 * A template checked against the CloudFormation resource specification as CDK's own code generator
 * reads it (@aws-cdk/aws-service-spec): every resource type exists, every property is known, every
 * required one is there, and every value has the property's type (primitive, list, map, nested
 * type) and one of its allowed values where the specification lists them. What CloudFormation only
 * knows at deploy time (an intrinsic function's value) is taken as valid.
 */
let database: SpecDatabase | undefined;
const spec = () => (database ??= loadAwsServiceSpecSync());

/** Resource attributes any resource may have besides `Properties`. */
const RESOURCE_ATTRIBUTES = new Set(['Type', 'Properties', 'Metadata', 'DependsOn', 'DeletionPolicy', 'UpdateReplacePolicy', 'UpdatePolicy', 'CreationPolicy', 'Condition']);

/** A value CloudFormation computes at deploy time: `{ Ref }` or `{ "Fn::…" }`. */
function isIntrinsic(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || String(keys[0]).startsWith('Fn::'));
}

function typeName(type: PropertyType): string {
  if (type.type === 'array' || type.type === 'map') return `${type.type} of ${typeName(type.element)}`;
  if (type.type === 'union') return type.types.map(typeName).join(' | ');
  if (type.type === 'ref') return spec().get('typeDefinition', type.reference.$ref).name;
  return type.type;
}

/** Why `value` is not of `type` at `where`; none when it is. */
function typeProblems(value: unknown, type: PropertyType, where: string): string[] {
  if (isIntrinsic(value)) return [];
  const wrong = [`${where}: ${JSON.stringify(value)?.slice(0, 80)} is not ${typeName(type)}`];
  switch (type.type) {
    case 'string':
    case 'date-time':
      if (typeof value !== 'string') return wrong;
      return type.type === 'string' && type.allowedValues && !type.allowedValues.includes(value) ? [`${where}: "${value}" is none of ${type.allowedValues.join(', ')}`] : [];
    case 'number':
    case 'integer':
      return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) ? [] : wrong;
    case 'boolean':
      return typeof value === 'boolean' || value === 'true' || value === 'false' ? [] : wrong;
    case 'json':
      return value !== null && (typeof value === 'object' || typeof value === 'string') ? [] : wrong;
    case 'null':
      return value === null ? [] : wrong;
    case 'tag':
      return propertiesProblems(value, { Key: { type: { type: 'string' }, required: true }, Value: { type: { type: 'string' }, required: true } }, where);
    case 'array':
      return Array.isArray(value) ? value.flatMap((element, index) => typeProblems(element, type.element, `${where}[${index}]`)) : wrong;
    case 'map':
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value).flatMap(([key, element]) => typeProblems(element, type.element, `${where}.${key}`)) : wrong;
    case 'union':
      return type.types.some((member) => typeProblems(value, member, where).length === 0) ? [] : wrong;
    case 'ref':
      return propertiesProblems(value, (spec().get('typeDefinition', type.reference.$ref) as TypeDefinition).properties, where);
  }
}

/** The property's current type, or any type it had before (the specification keeps them for old templates). */
function propertyProblems(value: unknown, property: Property, where: string): string[] {
  const problems = [property.type, ...(property.previousTypes ?? [])].map((type) => typeProblems(value, type, where));
  return problems.find((list) => list.length === 0) ?? problems[0] ?? [];
}

function propertiesProblems(value: unknown, properties: ResourceProperties, where: string): string[] {
  if (isIntrinsic(value)) return [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [`${where}: ${JSON.stringify(value)?.slice(0, 80)} is not an object`];
  const given = value as Record<string, unknown>;
  const unknown = Object.keys(given)
    .filter((name) => !(name in properties))
    .map((name) => `${where}.${name}: no such property (known: ${Object.keys(properties).sort().join(', ')})`);
  const missing = Object.entries(properties)
    .filter(([name, property]) => property.required && !(name in given))
    .map(([name]) => `${where}.${name}: required, missing`);
  const wrong = Object.entries(given).flatMap(([name, element]) => (properties[name] ? propertyProblems(element, properties[name], `${where}.${name}`) : []));
  return [...unknown, ...missing, ...wrong];
}

/** Every problem of the template's resources against the specification; an empty list when it is valid. */
export function specificationProblems(template: { Resources: Record<string, { Type: string; Properties?: unknown }> }): string[] {
  return Object.entries(template.Resources).flatMap(([id, resource]) => {
    const attributes = Object.keys(resource).filter((key) => !RESOURCE_ATTRIBUTES.has(key)).map((key) => `${id}: ${key} is not a resource attribute`);
    if (resource.Type.startsWith('Custom::') || resource.Type === 'AWS::CloudFormation::CustomResource') return attributes;
    const definition = spec().lookup('resource', 'cloudFormationType', 'equals', resource.Type);
    if (definition.length !== 1) return [...attributes, `${id}: ${resource.Type} is no CloudFormation resource type`];
    return [...attributes, ...propertiesProblems(resource.Properties ?? {}, definition.only().properties, `${id} (${resource.Type})`)];
  });
}
