import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Template } from 'aws-cdk-lib/assertions';
import validateStateMachine from 'asl-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNT, LOCAL_REGION, resolveIntrinsics, type CfnTemplate } from '../../local/template.js';
import { specificationProblems } from './cfn-spec.js';
import { buildApp, functionsByHandler } from './synth.js';

/**
 * The template against AWS's own rules, which CDK's types do not cover once an escape hatch or an
 * override is used: each resource against the CloudFormation resource specification, and the
 * state machine against the Amazon States Language (which the local engine runs without checking).
 */
let template: CfnTemplate;

beforeAll(() => {
  template = Template.fromStack(buildApp().stack).toJSON() as CfnTemplate;
});

/** A stack whose page worker is changed through the escape hatch to its CloudFormation resource. */
function withEscapeHatch(change: (pageWorker: CfnFunction) => void): CfnTemplate {
  const { stack } = buildApp();
  const pageWorker = stack.node.findAll().find((construct) => construct.node.id === 'PageWorkerFunction');
  change(pageWorker?.node.defaultChild as CfnFunction);
  return Template.fromStack(stack).toJSON() as CfnTemplate;
}

const withOverride = (path: string, value: unknown) => withEscapeHatch((fn) => fn.addPropertyOverride(path, value));

describe('the template against the CloudFormation resource specification', () => {
  it('has only resource types, properties and values the specification knows', () => {
    expect(specificationProblems(template)).toEqual([]);
  });

  it('fails on a misspelled property in an escape hatch', () => {
    expect(specificationProblems(withOverride('MemorySzie', 1024))).toEqual([expect.stringMatching(/^PageWorkerFunction\w+ \(AWS::Lambda::Function\)\.MemorySzie: no such property/)]);
    expect(specificationProblems(withOverride('TracingConfig.Mod', 'Active'))).toEqual([expect.stringMatching(/\.TracingConfig\.Mod: no such property/)]);
  });

  it('fails on a value of the wrong type or outside the allowed ones', () => {
    expect(specificationProblems(withOverride('Timeout', 'thirty seconds'))).toEqual([expect.stringMatching(/\.Timeout: "thirty seconds" is not integer/)]);
    expect(specificationProblems(withOverride('Architectures', 'arm64'))).toEqual([expect.stringMatching(/\.Architectures: "arm64" is not array of string/)]);
    expect(specificationProblems(withOverride('TracingConfig.Mode', 'Always'))).toEqual([expect.stringMatching(/\.TracingConfig\.Mode: "Always" is none of Active, PassThrough/)]);
  });

  it('fails on a missing required property', () => {
    expect(specificationProblems(withEscapeHatch((fn) => fn.addPropertyDeletionOverride('Role')))).toEqual([expect.stringMatching(/\.Role: required, missing$/)]);
  });
});

describe('the state machine against the Amazon States Language', () => {
  /** The definition with every resource named by an ARN of its kind, as CloudFormation resolves it. */
  const definitionOf = (cfn: CfnTemplate) => {
    const [machine] = Object.values(cfn.Resources).filter((resource) => resource.Type === 'AWS::StepFunctions::StateMachine');
    const arn = (id: string) => {
      const type = cfn.Resources[id]?.Type;
      if (type === 'AWS::Lambda::Function') return `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${id}`;
      if (type === 'AWS::DynamoDB::Table') return `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${id}`;
      return `arn:aws:states:${LOCAL_REGION}:${LOCAL_ACCOUNT}:resource:${id}`;
    };
    const resolved = resolveIntrinsics(machine?.Properties?.DefinitionString, { ref: (id) => id, getAtt: (id) => arn(id) });
    return JSON.parse(String(resolved)) as { StartAt: string; States: Record<string, Record<string, unknown>> };
  };

  it('is a valid definition', () => {
    const result = validateStateMachine(definitionOf(template));
    expect(result.errorsText('\n')).toBe('');
    expect(result.isValid).toBe(true);
  });

  it('fails on a transition to a state that does not exist', () => {
    const definition = definitionOf(template);
    const [name, state] = Object.entries(definition.States).find(([, candidate]) => typeof candidate.Next === 'string') ?? [];
    expect(name).toBeDefined();
    if (state) state.Next = 'NoSuchState';
    expect(validateStateMachine(definition).isValid).toBe(false);
  });

  it('names only functions of the stack in its tasks', () => {
    const functions = new Set([...functionsByHandler(Template.fromJSON(template)).values()].map((fn) => fn.logicalId));
    const tasks = Object.values(definitionOf(template).States).filter((state) => state.Type === 'Task');
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      const target = String((task.Parameters as { FunctionName?: string } | undefined)?.FunctionName ?? task.Resource);
      expect([...functions].some((id) => target.endsWith(`:function:${id}`)), target).toBe(true);
    }
  });
});
