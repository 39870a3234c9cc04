import { App } from 'aws-cdk-lib';
import { CrawlServiceStack } from '../lib/crawl-service-stack.js';
import { STACK_NAME, type CfnTemplate } from './template.js';

/**
 * Synthesis of the deployable stack in this process. Without bundling: the same resources, no
 * Lambda bundles (the source mode's template). With bundling: what `cdk deploy` uploads, each
 * function's asset folder named in its `aws:asset:path` metadata. CDK's built-in CloudFormation
 * validation is left to `cdk synth` (CI runs it); here it would take most of the time.
 */
export async function synthesizeStack(outdir: string, options: { bundled: boolean }): Promise<CfnTemplate> {
  const context = options.bundled ? { 'aws:cdk:enable-asset-metadata': true } : { 'aws:cdk:bundling-stacks': [] };
  const app = new App({ outdir, context, builtinCloudFormationValidation: false });
  new CrawlServiceStack(app, STACK_NAME);
  return app.synth().getStackByName(STACK_NAME).template as CfnTemplate;
}
