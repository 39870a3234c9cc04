import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTACT_URL, userAgent } from '../../../lambdas/net/user-agent.js';

afterEach(() => vi.unstubAllEnvs());

describe('user agent', () => {
  it('names the service and the default contact page', () => {
    vi.stubEnv('CRAWL_CONTACT_URL', '');
    expect(userAgent()).toBe(`WebCrawlService/1.0 (+${DEFAULT_CONTACT_URL})`);
  });

  it("names the operator's page when the deployment sets one", () => {
    vi.stubEnv('CRAWL_CONTACT_URL', 'https://crawler.example.org/about');
    expect(userAgent()).toBe('WebCrawlService/1.0 (+https://crawler.example.org/about)');
  });
});
