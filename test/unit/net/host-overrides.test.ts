import { describe, expect, it } from 'vitest';
import { hostOverrideFor, parseHostOverrides } from '../../../lambdas/net/host-overrides.js';

describe('parseHostOverrides', () => {
  it('reads the CONTRACT 8 form', () => {
    const overrides = parseHostOverrides('site.test=127.0.0.1:9443,other.test=127.0.0.1:9443');
    expect([...overrides]).toEqual([
      ['site.test', { address: '127.0.0.1', port: 9443 }],
      ['other.test', { address: '127.0.0.1', port: 9443 }],
    ]);
  });

  it('accepts a missing port, bracketed IPv6, spaces and empty entries', () => {
    const overrides = parseHostOverrides(' a.test=127.0.0.1 , ,b.test=[::1]:8443,');
    expect(overrides.get('a.test')).toEqual({ address: '127.0.0.1' });
    expect(overrides.get('b.test')).toEqual({ address: '::1', port: 8443 });
  });

  it('is empty when the variable is unset or blank', () => {
    expect(parseHostOverrides(undefined).size).toBe(0);
    expect(parseHostOverrides('').size).toBe(0);
  });

  it('keys hosts the way URLs spell them', () => {
    const overrides = parseHostOverrides('Site.TEST.=127.0.0.1:9443,bücher.test=127.0.0.1');
    expect(hostOverrideFor(overrides, new URL('https://site.test/').hostname)).toEqual({ address: '127.0.0.1', port: 9443 });
    expect(hostOverrideFor(overrides, new URL('https://site.test./').hostname)).toBeDefined();
    expect(hostOverrideFor(overrides, new URL('https://bücher.test/').hostname)).toEqual({ address: '127.0.0.1' });
    expect(hostOverrideFor(overrides, 'www.site.test')).toBeUndefined();
  });

  it.each(['site.test', 'site.test=', 'site.test=localhost:9443', 'site.test=127.0.0.1:70000', '=127.0.0.1', 'a/b=127.0.0.1', 'a=b=127.0.0.1'])(
    'fails loudly on the malformed entry %j',
    (value) => {
      expect(() => parseHostOverrides(value)).toThrow(/CRAWL_HOST_OVERRIDES/);
    },
  );
});
