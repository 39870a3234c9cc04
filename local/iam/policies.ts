import { LOCAL_ACCOUNT, resolveIntrinsics, resourcesOfType, type CfnResource, type CfnTemplate, type LocalNames } from '../template.js';

/** An IAM policy document as the template states it, its intrinsics resolved to this machine's ARNs. */
export interface PolicyDocument {
  Version?: string;
  Statement: unknown[];
}

/** A role a function or state machine runs as, and the identity policies attached to it. */
export interface RoleIdentity {
  roleArn: string;
  /** The ARN AWS names the caller by in a denial: the role's session for the function or machine. */
  sessionArn: string;
  policies: Array<{ name: string; policy: PolicyDocument }>;
}

/**
 * AWS managed policies the stack attaches, with what they allow. Only logs: none reaches a service
 * the local cloud hosts. A managed policy not listed stops the start, since it may.
 * https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSLambdaBasicExecutionRole.html
 */
const AWS_MANAGED_POLICIES: Record<string, PolicyDocument> = {
  'service-role/AWSLambdaBasicExecutionRole': {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'], Resource: '*' }],
  },
};

/** The logical id a `Ref` or `Fn::GetAtt … Arn` names, or undefined. */
function referencedId(value: unknown): string | undefined {
  const object = value as { Ref?: unknown; 'Fn::GetAtt'?: unknown[] } | undefined;
  if (typeof object?.Ref === 'string') return object.Ref;
  const [id] = object?.['Fn::GetAtt'] ?? [];
  return typeof id === 'string' ? id : undefined;
}

function managedPolicy(template: CfnTemplate, names: LocalNames, arn: unknown): { name: string; policy: PolicyDocument } {
  const id = referencedId(arn);
  const own = id === undefined ? undefined : template.Resources[id];
  if (own?.Type === 'AWS::IAM::ManagedPolicy') return { name: id as string, policy: resolveIntrinsics(own.Properties?.PolicyDocument, names) as PolicyDocument };
  const name = /:iam::aws:policy\/(.+)$/.exec(String(resolveIntrinsics(arn, names)))?.[1] ?? '';
  const policy = AWS_MANAGED_POLICIES[name];
  if (!policy) throw new Error(`The local runtime does not know what the managed policy ${JSON.stringify(arn)} allows; add it to local/iam/policies.ts`);
  return { name, policy };
}

/** Every policy the template attaches to the role `roleId`: its inline policies, managed policies, and AWS::IAM::Policy resources. */
function policiesOfRole(template: CfnTemplate, names: LocalNames, roleId: string, role: CfnResource): RoleIdentity['policies'] {
  const inline = ((role.Properties?.Policies ?? []) as Array<{ PolicyName: string; PolicyDocument: unknown }>).map((entry) => ({
    name: entry.PolicyName,
    policy: resolveIntrinsics(entry.PolicyDocument, names) as PolicyDocument,
  }));
  const managed = ((role.Properties?.ManagedPolicyArns ?? []) as unknown[]).map((arn) => managedPolicy(template, names, arn));
  const attachedToRole = (resource: CfnResource) => ((resource.Properties?.Roles ?? []) as unknown[]).some((entry) => referencedId(entry) === roleId);
  const attached = [...resourcesOfType(template, 'AWS::IAM::Policy'), ...resourcesOfType(template, 'AWS::IAM::ManagedPolicy')]
    .filter(([, resource]) => attachedToRole(resource))
    .map(([id, resource]) => ({ name: id, policy: resolveIntrinsics(resource.Properties?.PolicyDocument, names) as PolicyDocument }));
  return [...inline, ...managed, ...attached];
}

/**
 * The role of each function and state machine of the template, by the logical id of the function
 * or machine, with its policies as synthesized. Roles are named by their logical ids here.
 */
export function templateIdentities(template: CfnTemplate, names: LocalNames): Map<string, RoleIdentity> {
  const identities = new Map<string, RoleIdentity>();
  const runners: Array<[string, unknown]> = [
    ...resourcesOfType(template, 'AWS::Lambda::Function').map(([id, fn]): [string, unknown] => [id, fn.Properties?.Role]),
    ...resourcesOfType(template, 'AWS::StepFunctions::StateMachine').map(([id, machine]): [string, unknown] => [id, machine.Properties?.RoleArn]),
  ];
  for (const [id, roleReference] of runners) {
    const roleId = referencedId(roleReference);
    const role = roleId === undefined ? undefined : template.Resources[roleId];
    if (!roleId || role?.Type !== 'AWS::IAM::Role') throw new Error(`The local runtime cannot find the role of ${id} in the template`);
    identities.set(id, {
      roleArn: `arn:aws:iam::${LOCAL_ACCOUNT}:role/${roleId}`,
      sessionArn: `arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${roleId}/${id}`,
      policies: policiesOfRole(template, names, roleId, role),
    });
  }
  return identities;
}
