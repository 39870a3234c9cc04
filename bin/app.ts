import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CrawlServiceStack } from '../lib/crawl-service-stack.js';
import { applyNagSuppressions } from '../lib/nag-suppressions.js';

const app = new App();
const stack = new CrawlServiceStack(app, 'WebCrawlService', {
  description: 'Web crawl service: crawl pages for API users and return one markdown or text document',
});
applyNagSuppressions(stack);
Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
app.synth();
