import { describe, expect, it } from 'vitest';
import { CONSOLE_ASSETS } from '../../../lambdas/console/assets.generated.js';
import { serveConsole } from '../../../lambdas/console/serve.js';

const S3 = 'https://artifacts.s3.eu-west-1.amazonaws.com';
const serve = (request: Partial<Parameters<typeof serveConsole>[0]>) => serveConsole({ asset: 'index.html', requestId: 'r-1', ...request }, S3);

describe('serveConsole', () => {
  it('serves the page with a policy that admits scripts and styles only from the service, and fetches only from it and the download host', () => {
    const page = serve({ browserPath: '/prod/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(CONSOLE_ASSETS['index.html']?.body);
    const directives = Object.fromEntries(
      String(page.headers?.['Content-Security-Policy'])
        .split('; ')
        .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).join(' ')]),
    );
    expect(directives).toMatchObject({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self'",
      'connect-src': `'self' ${S3}`,
      'frame-ancestors': "'none'",
      'require-trusted-types-for': "'script'",
      'trusted-types': 'dompurify',
    });
    expect(page.headers).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY', 'Content-Type': 'text/html; charset=utf-8' });
  });

  it('sends a stage URL without its trailing slash to the URL with it, where the relative links resolve', () => {
    expect(serve({ browserPath: '/prod' })).toMatchObject({ statusCode: 301, headers: { Location: '/prod/' } });
  });

  it('answers 304 to a matching If-None-Match', () => {
    const script = serve({ asset: 'console.js' });
    expect(script.headers?.['Content-Type']).toBe('text/javascript; charset=utf-8');
    expect(serve({ asset: 'console.js', ifNoneMatch: String(script.headers?.ETag) })).toMatchObject({ statusCode: 304, body: '' });
  });

  it('answers an unknown file, or an inherited property name, with the not_found envelope', () => {
    for (const asset of ['secrets.txt', 'constructor', '__proto__']) {
      const missing = serve({ asset });
      expect(missing.statusCode, asset).toBe(404);
      expect(JSON.parse(missing.body)).toMatchObject({ error: { code: 'not_found', request_id: 'r-1' } });
      expect(missing.headers?.['X-Content-Type-Options']).toBe('nosniff');
    }
  });
});
