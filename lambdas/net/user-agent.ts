/** The product token robots.txt groups are matched against (RFC 9309 section 2.2.1). */
export const ROBOTS_PRODUCT_TOKEN = 'WebCrawlService';

/** Names the service and where a site owner learns about it (CONTRACT 5, politeness). */
export const USER_AGENT = `${ROBOTS_PRODUCT_TOKEN}/1.0 (+https://github.com/web-crawl-service/web-crawl-service#crawler)`;
