/**
 * Firecrawl routes this service does not do, with why: they are declared, so a client calling one
 * hears a 400 that says so in Firecrawl's shape rather than a bare 404 (docs/firecrawl.md).
 */
export const UNSUPPORTED_ROUTES: Record<string, string> = {
  'POST /firecrawl/v2/search': 'there is no web search here (map a site with /v2/map)',
  'POST /firecrawl/v2/extract': 'there is no LLM extraction here',
  'GET /firecrawl/v2/extract/{id}': 'there is no LLM extraction here',
  'POST /firecrawl/v2/agent': 'there is no agent here',
  'GET /firecrawl/v2/agent/{id}': 'there is no agent here',
  'POST /firecrawl/v2/crawl/params-preview': 'there is no LLM here to turn a prompt into crawl options',
  'GET /firecrawl/v2/team/token-usage': 'there are no LLM tokens here (GET /v2/team/credit-usage tells the pages)',
};
