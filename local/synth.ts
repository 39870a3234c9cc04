import { App } from 'aws-cdk-lib';
import { CrawlServiceStack } from '../lib/crawl-service-stack.js';
import { STACK_NAME, type CfnTemplate } from './template.js';

/**
 * Synthesis of the deployable stack with bundling skipped: the same resources, no Lambda bundles.
 * CDK's built-in CloudFormation validation is left to `cdk synth` (CI runs it); here it would
 * take most of the start-up time.
 */
export async function synthesizeWithoutBundling(outdir: string): Promise<CfnTemplate> {
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
  new CrawlServiceStack(app, STACK_NAME);
  return app.synth().getStackByName(STACK_NAME).template as CfnTemplate;
}
