import { describe, expect, it } from 'vitest';
import { coveringHosts } from '../../../lambdas/domain/blocked-sites.js';

describe('site blocks', () => {
  it('cover a host through its own entry or a parent domain, never a bare top-level domain', () => {
    expect(coveringHosts('docs.Example.COM.')).toEqual(['docs.example.com', 'example.com']);
    expect(coveringHosts('example.co.uk')).toEqual(['example.co.uk', 'co.uk']);
    expect(coveringHosts('localhost')).toEqual(['localhost']);
  });
});
