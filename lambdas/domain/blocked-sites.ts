import { z } from 'zod';

/** A site whose owner asked not to be crawled, blocked by an operator (docs/operations.md). */
export const SiteBlockSchema = z.object({ host: z.string(), reason: z.string(), blocked_at: z.string() });
export type SiteBlock = z.infer<typeof SiteBlockSchema>;

/** A host name as blocks are stored: lower case, no trailing dot. */
export function blockKey(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

/**
 * The block entries that would cover a host: the host itself and each parent domain of two labels
 * or more, so blocking `example.com` also blocks `www.example.com` (and never a whole `com`).
 */
export function coveringHosts(host: string): string[] {
  const labels = blockKey(host).split('.');
  const hosts: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) hosts.push(labels.slice(i).join('.'));
  return hosts.length > 0 ? hosts : [blockKey(host)];
}
