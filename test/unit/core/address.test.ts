import { describe, expect, it } from 'vitest';
import { isIpLiteral, isPublicAddress, stripBrackets } from '../../../lambdas/core/address.js';

describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'RFC 1918'],
    ['172.16.0.1', 'RFC 1918'],
    ['172.31.255.255', 'RFC 1918'],
    ['192.168.0.1', 'RFC 1918'],
    ['100.64.0.1', 'CGNAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local, cloud metadata'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['198.51.100.1', 'TEST-NET-2'],
    ['203.0.113.1', 'TEST-NET-3'],
    ['192.88.99.1', '6to4 relay'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('refuses IPv4 %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fec0::1', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['5f00::1', 'segment routing'],
    ['64:ff9b:1::808:808', 'local-use NAT64, whatever it embeds'],
    ['99::1', 'unallocated, outside 2000::/3'],
  ])('refuses IPv6 %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a00:1', 'IPv4-mapped 10.0.0.1 in hex'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated metadata address'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254'],
    ['64:ff9b::192.168.0.1', 'NAT64 of a private address'],
    ['2002:7f00:1::', '6to4 of 127.0.0.1'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
  ])('judges %s by the IPv4 address it embeds (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['8.8.8.8'],
    ['93.184.216.34'],
    ['1.1.1.1'],
    ['192.175.48.1'], // AS112, globally reachable per IANA
    ['2606:4700:4700::1111'],
    ['2001:4860:4860::8888'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
    ['2002:808:808::1'],
    ['2620:4f:8000::1'], // AS112-v6, globally reachable per IANA
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an address at all', () => {
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
    expect(isPublicAddress('[::1]')).toBe(false);
  });
});

describe('IP literal helpers', () => {
  it('recognises literals with or without brackets', () => {
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('127.0.0.1')).toBe(true);
    expect(isIpLiteral('example.com')).toBe(false);
    expect(stripBrackets('[2001:db8::1]')).toBe('2001:db8::1');
    expect(stripBrackets('example.com')).toBe('example.com');
  });
});
