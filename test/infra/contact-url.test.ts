import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildApp, resources } from './synth.js';

/** Functions whose environment carries CRAWL_CONTACT_URL, by their `crawl:handler`. */
function handlersWithContactUrl(context: Record<string, string>): Record<string, string> {
  const template = Template.fromStack(buildApp({ context }).stack);
  const found: Record<string, string> = {};
  for (const resource of Object.values(resources(template))) {
    const variables = (resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
    if (typeof variables.CRAWL_CONTACT_URL === 'string') found[String(resource.Metadata?.['crawl:handler'])] = variables.CRAWL_CONTACT_URL;
  }
  return found;
}

describe('contactUrl context', () => {
  it('reaches every function that fetches pages or posts webhooks, and only those', () => {
    expect(handlersWithContactUrl({ contactUrl: 'https://crawler.example.org/about' })).toEqual({
      'crawl-preflight': 'https://crawler.example.org/about',
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
