import { startClosingListener, startFixtureSite, startSilentListener, unusedPort } from './fixture-server.js';
import { createCa } from './tls.js';

/**
 * Hosts that give no answer, each pinned to a loopback endpoint that fails in its own way, with the
 * reason a client should be told. `overrides` is joined to the CRAWL_HOST_OVERRIDES value. The
 * `timeout` host takes the fetcher's connect timeout (10 s) to fail, so tests try them concurrently.
 */
export async function startUnreachableHosts() {
  const untrusted = await startFixtureSite(['untrusted.test'], (_request, response) => response.end('never read'), createCa());
  const closing = await startClosingListener();
  const silent = await startSilentListener();
  const hosts = [
    { host: 'refused.test', port: await unusedPort(), reason: 'connect_failed' },
    { host: 'closing.test', port: closing.port, reason: 'connection_reset' },
    { host: 'untrusted.test', port: untrusted.port, reason: 'tls_failure' },
    { host: 'silent.test', port: silent.port, reason: 'timeout' },
  ];
  return {
    overrides: hosts.map(({ host, port }) => `${host}=127.0.0.1:${port}`).join(','),
    hosts: hosts.map(({ host, reason }) => ({ host, reason })),
    async close() {
      await Promise.all([untrusted.close(), closing.close(), silent.close()]);
    },
  };
}
