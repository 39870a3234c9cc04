/**
 * A stand-in for `node:dns/promises` that answers every name with NXDOMAIN and never sends a
 * query: `vi.mock('node:dns/promises', () => import('../helpers/offline-dns.js'))`. Fixture hosts
 * are overridden and never looked up, so only the names a test means to be unknown get here.
 */
export async function lookup(hostname: string): Promise<never> {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
}
