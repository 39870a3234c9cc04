/**
 * `npm run -s mcp`: the MCP server on stdio, for desktop agents. Same variables as the CLI:
 * CRAWL_API_URL (default the local runtime) and CRAWL_API_KEY (default the local development key).
 * stdout carries the protocol, so anything for people goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { apiConnection } from '../client/connection.js';
import { CrawlClient } from '../client/index.js';
import { createMcpServer } from './server.js';

let connection;
try {
  connection = apiConnection(process.env);
} catch (error) {
  process.stderr.write(`web-crawl-service MCP server: ${(error as Error).message}\n`);
  process.exit(4);
}
await createMcpServer(new CrawlClient(connection)).connect(new StdioServerTransport());
