/** The product token robots.txt groups are matched against (RFC 9309 section 2.2.1). */
export const ROBOTS_PRODUCT_TOKEN = 'WebCrawlService';

/** Where a site owner learns who crawls them, unless the operator names their own page. */
export const DEFAULT_CONTACT_URL = 'https://github.com/web-crawl-service/web-crawl-service#crawler';

/**
 * Names the service and a contact page (CONTRACT 5, politeness). The stack sets CRAWL_CONTACT_URL
 * from its `contactUrl` context so each deployment points at its operator.
 */
export function userAgent(contactUrl = process.env.CRAWL_CONTACT_URL || DEFAULT_CONTACT_URL): string {
  return `${ROBOTS_PRODUCT_TOKEN}/1.0 (+${contactUrl})`;
}
