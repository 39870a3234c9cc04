import { BatchGetCommand, DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { blockKey, coveringHosts, SiteBlockSchema, type SiteBlock } from '../domain/blocked-sites.js';
import { dynamo } from './clients.js';
import { requireEnv } from './env.js';

const table = () => requireEnv('blockedSitesTable');

/** The block covering the URL's host (its own or a parent domain's), if any. */
export async function findSiteBlock(url: string): Promise<SiteBlock | undefined> {
  const hosts = coveringHosts(new URL(url).hostname);
  const { Responses } = await dynamo().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: hosts.map((host) => ({ host })), ConsistentRead: true } } }));
  const found = (Responses?.[table()] ?? []).map((item) => SiteBlockSchema.parse(item));
  // The most specific entry names the block.
  return hosts.map((host) => found.find((block) => block.host === host)).find((block) => block !== undefined);
}

export async function blockSite(block: SiteBlock): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: { ...block, host: blockKey(block.host) } }));
}

/** Returns false when the host was not blocked. */
export async function unblockSite(host: string): Promise<boolean> {
  const { Attributes } = await dynamo().send(new DeleteCommand({ TableName: table(), Key: { host: blockKey(host) }, ReturnValues: 'ALL_OLD' }));
  return Attributes !== undefined;
}

export async function listSiteBlocks(): Promise<SiteBlock[]> {
  const blocks: SiteBlock[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: table(), ExclusiveStartKey: startKey }));
    blocks.push(...(page.Items ?? []).map((item) => SiteBlockSchema.parse(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return blocks.sort((a, b) => a.host.localeCompare(b.host));
}
