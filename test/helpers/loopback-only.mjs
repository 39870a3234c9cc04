/*
 * Preloaded (`node --import`) into third-party clients the tests start as processes (Firecrawl's
 * CLI and MCP server): every connection and name lookup to anything but loopback fails at once,
 * so an update check or telemetry call of theirs can never leave the machine.
 */
import dns from 'node:dns';
import net from 'node:net';
import process from 'node:process';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);
const isLoopback = (host) => LOOPBACK_NAMES.has(String(host)) || /^127\./.test(String(host)) || String(host) === '::ffff:127.0.0.1';
const refused = (host) => Object.assign(new Error(`loopback-only: a connection to ${host} was refused by the test`), { code: 'ECONNREFUSED' });

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const options = typeof args[0] === 'object' && args[0] !== null ? args[0] : { port: args[0], host: typeof args[1] === 'string' ? args[1] : 'localhost' };
  if (!options.path && !isLoopback(options.host ?? 'localhost')) {
    process.nextTick(() => this.destroy(refused(options.host)));
    return this;
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, options, callback) {
  const done = typeof options === 'function' ? options : callback;
  if (!isLoopback(hostname)) return process.nextTick(() => done(refused(hostname)));
  return lookup.call(this, hostname, options, callback);
};
const promisesLookup = dns.promises.lookup;
dns.promises.lookup = (hostname, options) => (isLoopback(hostname) ? promisesLookup(hostname, options) : Promise.reject(refused(hostname)));
