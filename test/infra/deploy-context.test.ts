import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildApp, resources } from './synth.js';

/** Functions whose environment carries `variable`, by their `crawl:handler`. */
function handlersWith(variable: string, context: Record<string, string>): Record<string, string> {
  const template = Template.fromStack(buildApp({ context }).stack);
  const found: Record<string, string> = {};
  for (const resource of Object.values(resources(template))) {
    const variables = (resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
    const value = variables[variable];
    if (typeof value === 'string') found[String(resource.Metadata?.['crawl:handler'])] = value;
  }
  return found;
}

const handlersWithContactUrl = (context: Record<string, string>) => handlersWith('CRAWL_CONTACT_URL', context);

describe('contactUrl context', () => {
  it('reaches every function that fetches pages or posts webhooks, and only those', () => {
    expect(handlersWithContactUrl({ contactUrl: 'https://crawler.example.org/about' })).toEqual({
      'crawl-preflight': 'https://crawler.example.org/about',
      'firecrawl-map': 'https://crawler.example.org/about',
      'page-worker': 'https://crawler.example.org/about',
      'render-worker': 'https://crawler.example.org/about',
      'sitemap-preview': 'https://crawler.example.org/about',
      'webhook-delivery': 'https://crawler.example.org/about',
    });
  });

  it('is left to the default when not given', () => {
    expect(handlersWithContactUrl({})).toEqual({});
  });
});

describe('hostMaxInFlight context', () => {
  it('reaches every function that takes site slots: the page and render workers, and PlanLevel, which takes them for the lanes it releases', () => {
    expect(handlersWith('CRAWL_HOST_MAX_IN_FLIGHT', { hostMaxInFlight: '8' })).toEqual({ 'crawl-plan-level': '8', 'page-worker': '8', 'render-worker': '8' });
  });
});

describe('pagePollers context', () => {
  /** Each queue's event source mapping that has a provisioned poller config, by the queue's logical id. */
  const provisionedQueues = (context: Record<string, string>) =>
    Object.values(resources(Template.fromStack(buildApp({ context }).stack)))
      .filter((resource) => resource.Type === 'AWS::Lambda::EventSourceMapping' && resource.Properties?.ProvisionedPollerConfig !== undefined)
      .map((resource) => [(resource.Properties?.EventSourceArn as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0], resource.Properties?.ProvisionedPollerConfig]);

  it('keeps that many pollers ready for the page queue (provisioned mode), and for no other queue', () => {
    expect(provisionedQueues({ pagePollers: '3' })).toEqual([[expect.stringMatching(/^PageQueue/), { MinimumPollers: 3 }]]);
  });

  it('leaves every queue to standard scaling when not given', () => {
    expect(provisionedQueues({})).toEqual([]);
  });

  it('refuses a value provisioned mode does not take', () => {
    for (const pagePollers of ['1', '201', '2.5', 'many']) expect(() => buildApp({ context: { pagePollers } })).toThrow(/pagePollers must be a whole number from 2 to 200/);
  });
});
