import { App, Aspects, Stack } from 'aws-cdk-lib';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyNagSuppressions } from '../../lib/nag-suppressions.js';
import { buildApp } from './synth.js';

interface Suppression {
  id: string;
  reason: string;
}

/** cdk-nag's stored form of a suppression: the reason is base64 when it has characters beyond Latin-1. */
function decode(stored: { id: string; reason: string; is_reason_encoded?: boolean }): Suppression {
  return { id: stored.id, reason: stored.is_reason_encoded ? Buffer.from(stored.reason, 'base64').toString() : stored.reason };
}

function messages(found: SynthesisMessage[]): string[] {
  return found.map((annotation) => `${annotation.id}: ${String(annotation.entry.data)}`);
}

/** The checks bin/app.ts runs: AwsSolutionsChecks on the app and the stack's suppressions. */
describe('cdk-nag AwsSolutions', () => {
  let stack: Stack;
  let annotations: Annotations;

  beforeAll(() => {
    const built = buildApp();
    stack = built.stack;
    applyNagSuppressions(stack);
    // logIgnores records each suppressed finding as an info annotation, so stale suppressions show.
    Aspects.of(built.app).add(new AwsSolutionsChecks({ verbose: true, logIgnores: true }));
    annotations = Annotations.fromStack(stack);
  });

  it('reports no unsuppressed errors (warnings are listed, not failed)', () => {
    const warnings = messages(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')));
    if (warnings.length > 0) console.warn(`cdk-nag warnings (${warnings.length}):\n${warnings.join('\n')}`);
    expect(messages(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')))).toEqual([]);
  });

  it('could evaluate every rule (no CdkNagValidationFailure)', () => {
    const failures = [
      ...annotations.findError('*', Match.stringLikeRegexp('CdkNagValidationFailure')),
      ...annotations.findWarning('*', Match.stringLikeRegexp('CdkNagValidationFailure')),
    ];
    expect(messages(failures)).toEqual([]);
  });

  it('accepts a method without authorization (APIG4) only for the console page and its files, the OpenAPI document and the Firecrawl routes', () => {
    const suppressed = annotations.findInfo('*', Match.stringLikeRegexp('AwsSolutions-APIG4 was triggered but suppressed')).map((annotation) => annotation.id);
    const firecrawl = suppressed.filter((id) => id.startsWith('/WebCrawlService/Api/RestApi/Default/firecrawl/v2/'));
    expect(suppressed.filter((id) => !firecrawl.includes(id)).sort()).toEqual([
      '/WebCrawlService/Api/RestApi/Default/GET/Resource',
      '/WebCrawlService/Api/RestApi/Default/console/{asset}/GET/Resource',
      '/WebCrawlService/Api/RestApi/Default/v1.1/openapi.json/GET/Resource',
      '/WebCrawlService/Api/RestApi/Default/v1/openapi.json/GET/Resource',
    ]);
    // every Firecrawl route (they check the key in their handler)
    expect(firecrawl).toHaveLength(19);
  });

  it('every suppression is used by at least one finding', () => {
    const suppressed = messages(annotations.findInfo('*', Match.stringLikeRegexp('was triggered but suppressed'))).join('\n');
    const stored = (stack.templateOptions.metadata?.cdk_nag as { rules_to_suppress: Array<{ id: string; reason: string }> } | undefined)?.rules_to_suppress ?? [];
    expect(stored.length).toBeGreaterThan(0);
    for (const { id } of stored) {
      expect(suppressed, `${id} is suppressed but never triggered`).toContain(`${id} was triggered but suppressed`);
    }
  });
});

describe('nag suppressions', () => {
  it('each give a reason of at least 20 characters', () => {
    // A bare stack is enough: the suppressions are stack metadata, independent of the resources.
    const stack = new Stack(new App(), 'Suppressions');
    applyNagSuppressions(stack);
    const stored = (stack.templateOptions.metadata?.cdk_nag as { rules_to_suppress: Array<{ id: string; reason: string; is_reason_encoded?: boolean }> } | undefined)?.rules_to_suppress ?? [];
    const suppressions = stored.map(decode);
    expect(suppressions.length).toBeGreaterThan(0);
    for (const { id, reason } of suppressions) {
      expect(id).toMatch(/^AwsSolutions-[A-Z]+\d+$/);
      expect(reason.trim().length, `${id}: "${reason}"`).toBeGreaterThanOrEqual(20);
    }
    expect(new Set(suppressions.map((s) => s.id)).size, 'one suppression per rule').toBe(suppressions.length);
  });
});
