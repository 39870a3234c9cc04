import { App, CfnElement, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { expect } from 'vitest';
import { CrawlServiceStack } from '../../lib/crawl-service-stack.js';
import { HANDLER_METADATA_KEY } from '../../lib/handler-metadata.js';

export const STACK_ID = 'WebCrawlService';

/**
 * The deployable stack, synthesized without Lambda bundling (CrawlFunction then uses a fixed asset
 * hash: no esbuild run, no hashing of node_modules). The CloudFormation schema validation that
 * `App.synth()` runs by default costs about ten seconds; only the test that mirrors bin/app.ts
 * keeps it.
 */
export function buildApp(options: { cloudFormationValidation?: boolean; context?: Record<string, string> } = {}): { app: App; stack: CrawlServiceStack } {
  const app = new App({
    builtinCloudFormationValidation: options.cloudFormationValidation ?? false,
    context: { 'aws:cdk:bundling-stacks': [], ...options.context },
  });
  return { app, stack: new CrawlServiceStack(app, STACK_ID) };
}

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
}

export function resources(template: Template): Record<string, CfnResource> {
  return (template.toJSON() as { Resources: Record<string, CfnResource> }).Resources;
}

/** `Match.objectLike(pattern)` against one resource's properties, picked by its logical id. */
export function expectResourceLike(template: Template, logicalId: string, type: string, pattern: Record<string, unknown>): void {
  const resource = resources(template)[logicalId];
  expect(resource?.Type, `${logicalId} is a ${type}`).toBe(type);
  const result = Match.objectLike(pattern).test(resource?.Properties);
  expect(result.hasFailed(), `${logicalId}:\n${result.renderMismatch()}`).toBe(false);
}

export function logicalIdOf(construct: IConstruct): string {
  const child = construct.node.defaultChild;
  if (!(child instanceof CfnElement)) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return Stack.of(child).resolve(child.logicalId) as string;
}

/** Lambda functions of the service by their `crawl:handler` metadata (the module under lambdas/handlers/). */
export function functionsByHandler(template: Template): Map<string, { logicalId: string; roleId: string; properties: Record<string, unknown> }> {
  const result = new Map<string, { logicalId: string; roleId: string; properties: Record<string, unknown> }>();
  for (const [logicalId, resource] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
    const handler = (resource as CfnResource).Metadata?.[HANDLER_METADATA_KEY];
    if (typeof handler !== 'string') continue;
    const properties = (resource as CfnResource).Properties ?? {};
    const role = properties.Role as { 'Fn::GetAtt'?: [string, string] } | undefined;
    const roleId = role?.['Fn::GetAtt']?.[0];
    if (!roleId) throw new Error(`${logicalId} has no role of its own`);
    result.set(handler, { logicalId, roleId, properties });
  }
  return result;
}

export interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource?: unknown;
}

/** Every statement a role carries: its inline policies and the AWS::IAM::Policy resources attached to it. */
export function statementsOfRole(template: Template, roleId: string): Statement[] {
  const all = resources(template);
  const documents: Array<{ Statement: Statement[] }> = [];
  const inline = (all[roleId]?.Properties?.Policies ?? []) as Array<{ PolicyDocument: { Statement: Statement[] } }>;
  documents.push(...inline.map((policy) => policy.PolicyDocument));
  for (const resource of Object.values(all)) {
    if (resource.Type !== 'AWS::IAM::Policy') continue;
    const roles = (resource.Properties?.Roles ?? []) as unknown[];
    if (roles.some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId }))) {
      documents.push(resource.Properties?.PolicyDocument as { Statement: Statement[] });
    }
  }
  return documents.flatMap((document) => document.Statement);
}

export function actionsOf(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** Whether an IAM action pattern (`dynamodb:*`, `s3:Put*`, `*`) covers an action; IAM compares case-insensitively. */
export function actionCovers(pattern: string, action: string): boolean {
  const regex = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');
  return regex.test(action);
}

/** Logical ids a policy resource element points at (`Fn::GetAtt`, `Ref`), however deeply joined. */
export function referencedIds(value: unknown): Set<string> {
  const ids = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      const getAtt = record['Fn::GetAtt'];
      if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') ids.add(getAtt[0]);
      if (typeof record.Ref === 'string' && !record.Ref.startsWith('AWS::')) ids.add(record.Ref);
      Object.values(record).forEach(visit);
    }
  };
  visit(value);
  return ids;
}

/** Logical ids of the resources on which a role is allowed any of `actions`. */
export function resourcesAllowed(template: Template, roleId: string, actions: string[]): Set<string> {
  const ids = new Set<string>();
  for (const statement of statementsOfRole(template, roleId)) {
    if (statement.Effect !== 'Allow') continue;
    if (!actionsOf(statement).some((pattern) => actions.some((action) => actionCovers(pattern, action)))) continue;
    const targets = referencedIds(statement.Resource);
    if (targets.size === 0) ids.add('*');
    targets.forEach((id) => ids.add(id));
  }
  return ids;
}

/**
 * A `Fn::Join` of strings and tokens as one string, each token written as `${GetAtt:Id.Attr}` or
 * `${Ref:Id}`, so a state machine definition can be parsed as JSON.
 */
export function joinSkeleton(value: unknown): string {
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) {
    if (typeof value === 'string') return value;
    throw new Error(`not a Fn::Join: ${JSON.stringify(value)}`);
  }
  const [delimiter, parts] = join;
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const token = part as { 'Fn::GetAtt'?: [string, string]; Ref?: string };
      if (token['Fn::GetAtt']) return `\${GetAtt:${token['Fn::GetAtt'][0]}.${token['Fn::GetAtt'][1]}}`;
      if (token.Ref) return `\${Ref:${token.Ref}}`;
      throw new Error(`unexpected token in join: ${JSON.stringify(part)}`);
    })
    .join(delimiter);
}
