import path from 'node:path';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
/** Where `npm start` keeps its data unless CRAWL_DATA_DIR says otherwise. */
export const DEFAULT_DATA_DIR = path.join(PROJECT_ROOT, '.crawl-local');
export const STACK_NAME = 'WebCrawlService';

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
}
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
}

export const LOCAL_REGION = 'us-east-1';
export const LOCAL_ACCOUNT = '000000000000';

/** What each resource is called locally: the values `Ref` and `Fn::GetAtt` resolve to. */
export interface LocalNames {
  ref(logicalId: string): string;
  getAtt(logicalId: string, attribute: string): string;
}

const PSEUDO_PARAMETERS: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': LOCAL_REGION,
  'AWS::AccountId': LOCAL_ACCOUNT,
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': STACK_NAME,
};

/** Resolves the intrinsic functions CDK emits in the parts of the template the runtime reads. */
export function resolveIntrinsics(value: unknown, names: LocalNames): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveIntrinsics(item, names));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length === 1) {
    const [key] = keys as [string];
    const argument = object[key];
    if (key === 'Ref') {
      const id = String(argument);
      return PSEUDO_PARAMETERS[id] ?? names.ref(id);
    }
    if (key === 'Fn::GetAtt') {
      const [id, attribute] = argument as [string, string];
      return names.getAtt(id, attribute);
    }
    if (key === 'Fn::Join') {
      const [separator, parts] = argument as [string, unknown[]];
      return parts.map((part) => String(resolveIntrinsics(part, names))).join(separator);
    }
    if (key === 'Fn::Split') {
      const [separator, source] = argument as [string, unknown];
      return String(resolveIntrinsics(source, names)).split(separator);
    }
    if (key === 'Fn::Select') {
      const [index, list] = argument as [number | string, unknown];
      return (resolveIntrinsics(list, names) as unknown[])[Number(index)];
    }
    if (key.startsWith('Fn::')) throw new Error(`The local runtime cannot resolve ${key} in the template`);
  }
  return Object.fromEntries(keys.map((key) => [key, resolveIntrinsics(object[key], names)]));
}

export function resourcesOfType(template: CfnTemplate, type: string): Array<[string, CfnResource]> {
  return Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);
}
