import { describe, expect, it } from 'vitest';
import { checkPublicHttpsUrl, dedupeUrls, isAssetUrl, isSameSite, normalizeUrl, siteKey } from '../../../lambdas/core/urls.js';

const problemOf = (raw: string) => {
  const check = checkPublicHttpsUrl(raw);
  return check.ok ? 'ok' : check.problem;
};

describe('checkPublicHttpsUrl', () => {
  it('accepts public https URLs and returns the parsed URL', () => {
    const check = checkPublicHttpsUrl('https://Example.COM/a?b=1#c');
    expect(check.ok && check.url.hostname).toBe('example.com');
    expect(problemOf('https://8.8.8.8:8443/')).toBe('ok');
    expect(problemOf('https://[2606:4700:4700::1111]/')).toBe('ok');
    expect(problemOf('https://site.test/')).toBe('ok');
  });

  it('refuses other schemes, relative URLs and user-info', () => {
    expect(problemOf('http://example.com/')).toBe('not_https');
    expect(problemOf('ftp://example.com/')).toBe('not_https');
    expect(problemOf('file:///etc/passwd')).toBe('not_https');
    expect(problemOf('/relative/path')).toBe('not_absolute');
    expect(problemOf('https://user:pass@example.com/')).toBe('user_info');
    expect(problemOf('https://user@example.com/')).toBe('user_info');
  });

  it('refuses URLs longer than 2048 characters', () => {
    const base = 'https://example.com/';
    expect(problemOf(base + 'a'.repeat(2048 - base.length))).toBe('ok');
    expect(problemOf(base + 'a'.repeat(2049 - base.length))).toBe('too_long');
  });

  it.each([
    'https://localhost/',
    'https://LOCALHOST./',
    'https://app.localhost/',
    'https://printer.local/',
    'https://metadata.google.internal/',
    'https://router.home.arpa/',
    'https://intranet/',
    'https://metadata/computeMetadata/v1/',
  ])('refuses the non-public name in %s', (raw) => {
    expect(problemOf(raw)).toBe('not_public_host');
  });

  it.each([
    ['https://127.0.0.1/', 'loopback'],
    ['https://2130706433/', 'decimal 127.0.0.1'],
    ['https://0x7f000001/', 'hex 127.0.0.1'],
    ['https://0177.0.0.1/', 'octal 127.0.0.1'],
    ['https://127.1/', 'short form'],
    ['https://0/', '0.0.0.0'],
    ['https://0xa9.0xfe.0xa9.0xfe/', 'hex dotted metadata address'],
    ['https://10.0.0.1/', 'RFC 1918'],
    ['https://[::1]/', 'IPv6 loopback'],
    ['https://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['https://[64:ff9b::a9fe:a9fe]/', 'NAT64 metadata'],
    ['https://[2002:a00:1::]/', '6to4 of 10.0.0.1'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://１２７.０.０.１/', 'fullwidth digits'],
  ])('refuses the literal in %s (%s), which WHATWG canonicalises first', (raw) => {
    expect(problemOf(raw)).toBe('not_public_host');
  });

  it('refuses what does not parse at all', () => {
    expect(problemOf('https://7147006462/')).toBe('not_absolute');
    expect(problemOf('https://[fe80::1%25eth0]/')).toBe('not_absolute');
  });
});

describe('same-site rule', () => {
  it('ignores case, a trailing dot and a leading www.', () => {
    expect(siteKey('WWW.Example.com.')).toBe('example.com');
    expect(isSameSite('https://www.example.com/a', 'https://EXAMPLE.com./b')).toBe(true);
    expect(isSameSite('https://blog.example.com/', 'https://example.com/')).toBe(false);
  });

  it('compares internationalised names in punycode', () => {
    expect(isSameSite('https://bücher.example/', 'https://xn--bcher-kva.example/')).toBe(true);
  });
});

describe('normalizeUrl and dedupeUrls', () => {
  it('drops the fragment and default port, lower-cases scheme and host, keeps query and trailing slash', () => {
    expect(normalizeUrl('HTTPS://Example.com:443#top')).toBe('https://example.com/');
    expect(normalizeUrl('https://example.com/a/?q=1#x')).toBe('https://example.com/a/?q=1');
    expect(normalizeUrl('https://example.com/a')).not.toBe(normalizeUrl('https://example.com/a/'));
  });

  it('keeps the first occurrence, in order', () => {
    expect(dedupeUrls(['https://a.com/2', 'https://A.com/1', 'https://a.com/2#x', 'https://a.com/1'])).toEqual([
      'https://a.com/2',
      'https://a.com/1',
    ]);
  });
});

describe('isAssetUrl', () => {
  it('looks at the path only, so cache busters do not hide assets', () => {
    expect(isAssetUrl('https://example.com/logo.PNG?v=123')).toBe(true);
    expect(isAssetUrl('https://example.com/report.pdf')).toBe(true);
    expect(isAssetUrl('https://example.com/feed/')).toBe(true);
    expect(isAssetUrl('https://example.com/page?file=x.pdf')).toBe(false);
    expect(isAssetUrl('https://example.com/blog/post')).toBe(false);
    expect(isAssetUrl('https://example.com/v1.2/docs')).toBe(false);
  });
});
